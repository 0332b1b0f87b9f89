import CountdownCore
import Dispatch

/// Turns a `@MainActor` callback into an engine handler, for the manager's engine.
///
/// The manager's engine delivers on the main queue, the main actor's executor, and only there (the
/// engine runs a pass on its delivery queue alone; `EngineGuaranteeTests` and the Kit tests check
/// it). So a callback can be called as if nonisolated: this is the cast `MainActor.assumeIsolated`
/// makes, without its executor lookup, which would otherwise run once per callback of every tick.
/// Debug builds still check, on every call, that it runs on the main queue. Every main-actor call
/// the manager makes goes through here: countdowns, listeners, ids and one-shot actions.
enum MainQueueHandler {
  // The cast goes through structs that hold the closure: `unsafeBitCast` of the closure itself
  // would wrap it in two reabstraction thunks (two allocations per registration and two more
  // calls per callback), since that function is generic over what it casts.
  private struct Isolated {
    let call: @MainActor (_ value: Int, _ stop: inout Bool) -> Void
  }

  private struct Nonisolated {
    let call: CountdownHandler
  }

  static func make(_ body: @escaping @MainActor (_ value: Int, _ stop: inout Bool) -> Void) -> CountdownHandler {
    #if DEBUG
      let body: @MainActor (Int, inout Bool) -> Void = { value, stop in
        dispatchPrecondition(condition: .onQueue(.main))
        body(value, &stop)
      }
    #endif
    return unsafeBitCast(Isolated(call: body), to: Nonisolated.self).call
  }
}
