import Dispatch

/// A user's `@MainActor` callback, made callable from the engine's delivery pass.
///
/// The manager's engine delivers on the main queue, the main actor's executor, and only there (the
/// engine runs a pass on its delivery queue alone; `EngineGuaranteeTests` and the Kit tests check
/// it). So a callback can be called as if nonisolated: this is the cast `MainActor.assumeIsolated`
/// makes, without its executor lookup, which would otherwise run once per callback of every tick.
/// Debug builds still check, on every call, that it runs on the main queue. Every main-actor call
/// the manager makes goes through here: countdowns, listeners, ids and one-shot actions.
struct MainQueueCall<Subject>: @unchecked Sendable {
  // @unchecked Sendable: `body` is only invoked on the main queue (see above), so the subject (a
  // receiver, or an id) and the main-actor state the callback touches never leave the main actor.
  // A receiver comes from the main actor in the first place: the methods that take one are
  // `@MainActor`; an id is `Sendable`.
  private typealias Nonisolated = (Subject, Int, inout Bool) -> Void
  private let body: Nonisolated

  init(_ update: @escaping @MainActor (Subject, Int, inout Bool) -> Void) {
    body = unsafeBitCast(update, to: Nonisolated.self)
  }

  @inline(__always)
  func callAsFunction(_ subject: Subject, _ value: Int, _ stop: inout Bool) {
    #if DEBUG
      dispatchPrecondition(condition: .onQueue(.main))
    #endif
    body(subject, value, &stop)
  }
}
