/// A key for an engine's registrations in the fuzzer: any object will do, and a `Sendable` one
/// is what an engine's users hand it.
final class CountdownLabelBox: Sendable {}
