/// A `Sendable` receiver, as server or background code has them: safe to hand to any thread.
final class SessionToken: Sendable {}
