/// The engine's suspensions: whether it is suspended now, since when, and the time it spent
/// suspended before, which running time leaves out (``EngineState/runningTime(at:)``). Changed only
/// by these methods.
struct SuspendedTime {
  /// Set while the engine is suspended: the instant it was suspended.
  private(set) var since: Int64?
  /// The time the engine spent suspended before ``since``, in total.
  private(set) var total: Int64 = 0

  /// Suspends at `now`; `false` if it was suspended already.
  mutating func suspend(at now: Int64) -> Bool {
    guard since == nil else { return false }
    since = now
    return true
  }

  /// Ends the suspension at `now`, adding its length (never negative) to ``total``; `false` if it
  /// was not suspended.
  mutating func resume(at now: Int64) -> Bool {
    guard let start = since else { return false }
    since = nil
    total = total.addingSaturated(max(0, now.subtractingSaturated(start)))
    return true
  }
}
