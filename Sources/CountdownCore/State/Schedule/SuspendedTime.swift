/// The engine's suspensions: whether it is suspended now, since when, and the time it spent
/// suspended before, which running time leaves out (``runningTime(at:)``). Changed only by these
/// methods.
struct SuspendedTime {
  /// Set while the engine is suspended: the instant it was suspended.
  private(set) var since: Int64?
  /// The time the engine spent suspended before ``since``, in total.
  private(set) var total: Int64 = 0
  /// The instant the latest suspension ended: a reading before it (a walk's operation, at its
  /// caller's reading, overtaken by the suspension's end before its lock) is running time no
  /// earlier than there, where running time stood still (see ``runningTime(at:)``).
  private var lastEnd: Int64 = .min

  /// Whether the engine is suspended now.
  var isSuspended: Bool { since != nil }

  /// Begins a suspension at `now`; `false` if one had begun already.
  mutating func begin(at now: Int64) -> Bool {
    guard since == nil else { return false }
    since = now
    return true
  }

  /// Ends the suspension at `now`, adding its length (never negative) to ``total``; `false` if it
  /// was not suspended.
  mutating func end(at now: Int64) -> Bool {
    guard let start = since else { return false }
    since = nil
    total = total.addingSaturated(max(0, now.subtractingSaturated(start)))
    lastEnd = max(lastEnd, now)
    return true
  }

  /// The engine's running time at clock instant `now`: the clock less the time spent suspended.
  /// Registrations that pause while the engine is suspended (``SuspensionPolicy/pauses``) count
  /// on it, so suspending and resuming never moves their deadlines, and one registered while
  /// suspended is never credited with suspension it did not spend.
  ///
  /// A reading from before the latest suspension's end stands for that end: less the whole
  /// suspension, it would be a running time before the one the suspension stood still at, and a
  /// walk frozen meanwhile would get back (or lose) the time between the reading and that end.
  @inline(__always)
  func runningTime(at now: Int64) -> Int64 {
    let clockTime = since.map { min(now, $0) } ?? max(now, lastEnd)
    return clockTime.subtractingSaturated(total)
  }

  /// The instant `timing` counts on at clock instant `now`: the clock's own, or running time.
  @inline(__always)
  func instant(for timing: CountdownTiming, at now: Int64) -> Int64 {
    timing.policy == .pauses ? runningTime(at: now) : now
  }

  /// The clock's last instant, `Int64.max`, on the time `timing` counts on: for one on running
  /// time, where running time stands then if the engine is suspended no more than it has been.
  func lastInstant(for timing: CountdownTiming) -> Int64 {
    timing.policy == .pauses ? Int64.max.subtractingSaturated(total) : .max
  }
}
