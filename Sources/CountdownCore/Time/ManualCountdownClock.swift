public import Dispatch

/// A clock that moves only when you call ``advance(by:)``: for deterministic tests of countdown
/// code, yours and ours, with no sleeping.
///
/// Advancing fires, in order, every wakeup that the engines on this clock would have had in that
/// time, each at its own instant, on the calling thread. An engine whose delivery queue is the
/// calling queue (the main queue, when a test runs on the main thread) delivers each wakeup's
/// callbacks before `advance` moves on, so when `advance` returns every callback has run. A timer
/// armed for an instant already past while no advance runs (an engine on another queue ending a
/// pass after another thread advanced) fires at once on its queue, as a dispatch timer would.
///
/// Give it a ``ManualClockJitter`` to make it behave like a real clock (late and early wakeups,
/// time that moves while the engine works), seeded so a failing run replays exactly.
///
/// ```swift
/// let clock = ManualCountdownClock()
/// let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
/// // On the main thread (the delivery queue): prints 3, the first value, inside the call.
/// try engine.register(token, .duration(.seconds(3))) { remaining, _ in print(remaining) }
/// try clock.advance(by: .seconds(3)) // prints 2, 1, 0
/// ```
public final class ManualCountdownClock: CountdownClock, Sendable {
  let state: LockedState<State>

  struct State {
    var now: Int64
    var nextTimerID = 0
    var nextSequence: UInt64 = 0
    var timers: [Int: TimerRecord] = [:]
    var jitter: Jitter
    /// How many calls of `advance` or `jump` are running (they nest when a callback advances). While
    /// one runs, its loop fires what comes due; otherwise a timer armed for the past fires at once.
    var advancing = 0
    /// How many wakeups in a row fired without time moving.
    var firingsAtOneInstant = 0
    /// Tasks sleeping on this clock as a Swift `Clock`, by a rising number: each with its deadline.
    var sleepers: [Int: Sleeper] = [:]
    var nextSleeperID = 0
    /// Sleepers whose task was cancelled before they went to sleep.
    var cancelledSleepers: Set<Int> = []
    /// Every arming of a timer since ``startRecordingArms()``; `nil` (nothing kept) before.
    var armings: [Arming]?
    /// Each timer fires at the end of the leeway it was armed with, the latest a real timer may.
    var firesAtTheEndOfTheLeeway = false
  }

  /// How many wakeups in a row may fire at one instant before the clock calls it a livelock: far
  /// more than any pass needs, and reached in a fraction of a second by code that re-arms for the
  /// instant it is handling.
  fileprivate static let livelockFirings = 100_000

  /// The jitter in nanoseconds, with its generator.
  struct Jitter {
    var late: Int64
    var early: Int64
    var drift: Int64
    var generator: SplitMix64
    /// The deadline of the last wakeup that fired early.
    var lastEarlyDeadline: Int64?

    /// The instant a wakeup due at `deadline` fires.
    ///
    /// A wakeup fires early for a deadline once: re-armed for the same deadline, it fires on time,
    /// or `advance` would hardly ever return instead of the engine's tests failing.
    mutating func firingInstant(for deadline: Int64) -> Int64 {
      if early > 0, deadline != lastEarlyDeadline, late == 0 || generator.next() & 1 == 0 {
        lastEarlyDeadline = deadline
        return deadline.subtractingSaturated(generator.upTo(early))
      }
      return deadline.addingSaturated(generator.upTo(late))
    }
  }

  /// Creates a clock that reads `now` until it is advanced.
  ///
  /// - Parameters:
  ///   - now: The instant the clock starts at.
  ///   - jitter: How far from perfect its timing is.
  /// - Throws: ``CountdownError/negativeDuration`` for a negative jitter, or
  ///   ``CountdownError/outOfRange`` for one beyond 292 years.
  public init(now: CountdownInstant = .zero, jitter: ManualClockJitter) throws(CountdownError) {
    let late = try jitter.late.countdownNanoseconds()
    let early = try jitter.early.countdownNanoseconds()
    let drift = try jitter.drift.countdownNanoseconds()
    guard late >= 0, early >= 0, drift >= 0 else { throw .negativeDuration }
    state = LockedState(
      State(
        now: now.nanosecondsSinceOrigin,
        jitter: Jitter(late: late, early: early, drift: drift, generator: SplitMix64(seed: jitter.seed))))
  }

  /// Creates a clock with perfect timing that reads `now` until it is advanced.
  public convenience init(now: CountdownInstant = .zero) {
    // No jitter: nothing to validate, so this cannot throw.
    try! self.init(now: now, jitter: .none)
  }

  /// The current instant: where the last advance left it (moved on by up to the jitter's drift
  /// first, when it has one).
  public var now: CountdownInstant {
    CountdownInstant(
      nanosecondsSinceOrigin: state.withLock { state in
        if state.jitter.drift > 0 {
          state.now = state.now.addingSaturated(state.jitter.generator.upTo(state.jitter.drift))
        }
        return state.now
      })
  }

  /// Moves time forward by `duration`, firing every timer that comes due on the way, in order.
  ///
  /// `advance(by: .zero)` fires nothing but still lets engines make pending prompt deliveries.
  /// - Throws: ``CountdownError/negativeDuration`` or ``CountdownError/outOfRange``; time does not
  ///   move then.
  public func advance(by duration: Duration) throws(CountdownError) {
    guard duration >= .zero else { throw .negativeDuration }
    let target = try now.exactlyAdvanced(by: duration)
    try advance(to: target)
  }

  /// Moves time forward to `instant`, firing every timer that comes due on the way, in order.
  ///
  /// - Throws: ``CountdownError/negativeDuration`` when `instant` is earlier than ``now``.
  public func advance(to instant: CountdownInstant) throws(CountdownError) {
    let target = instant.nanosecondsSinceOrigin
    guard target >= state.withLock({ $0.now }) else { throw .negativeDuration }
    beginAdvancing()
    defer { endAdvancing() }
    // What was pending before time moved is delivered at the instant it was due, as a real delivery
    // queue would have done while time passed.
    settle()
    while let due = state.withLock({ $0.takeFirstDue(until: target) }) {
      wakeSleepers()
      due.handler(.fired)  // outside the lock: the handler runs engine code
      // What that wakeup's callbacks started (a registration's first delivery) happens at the same
      // instant, as it would on a real delivery queue, before time moves on.
      settle()
    }
    // Never backwards: a callback may have advanced the clock further, from inside this call.
    state.withLock { $0.now = max($0.now, target) }
    wakeSleepers()
    settle()
  }

  private func beginAdvancing() {
    state.withLock { $0.advancing += 1 }
  }

  /// Ends an advance. A timer another thread armed meanwhile for an instant already passed fires
  /// at once, on its queue, as a dispatch timer would.
  private func endAdvancing() {
    let overdue = state.withLock { state -> [(ManualTimer, UInt64)] in
      state.advancing -= 1
      return state.advancing == 0 ? state.overdue() : []
    }
    for (timer, sequence) in overdue {
      timer.fireOnQueue(ifStillArmedAs: sequence)
    }
  }

  /// Lets every engine on this clock deliver what is pending.
  private func settle() {
    let live = state.withLock { $0.timers.values.compactMap(\.timer) }
    for timer in live {
      timer.handler(.settle)
    }
  }

  /// Moves time forward at once, as a device waking from sleep: every timer due on the way fires
  /// once, late, at the new instant — not once per tick it missed. Use it for long jumps (a day, a
  /// billion intervals) that ``advance(by:)`` would replay tick by tick.
  ///
  /// - Throws: ``CountdownError/negativeDuration`` or ``CountdownError/outOfRange``.
  public func jump(by duration: Duration) throws(CountdownError) {
    guard duration >= .zero else { throw .negativeDuration }
    let target = try now.exactlyAdvanced(by: duration).nanosecondsSinceOrigin
    beginAdvancing()
    defer { endAdvancing() }
    settle()
    state.withLock { $0.now = max($0.now, target) }
    wakeSleepers()
    // Each timer fires at most once here: whatever it is re-armed for lies after the new instant.
    while let due = state.withLock({ $0.takeFirstDue(until: target) }) {
      due.handler(.fired)
      settle()
    }
  }

  /// Makes a timer that fires when ``advance(by:)`` or ``jump(by:)`` reach its deadline, on the
  /// thread that advances time. Armed while no advance runs for an instant already past (another
  /// thread advanced the clock meanwhile), it fires at once on `queue`, as a dispatch timer would.
  public func makeTimer(
    on queue: DispatchQueue,
    handler: @escaping @Sendable (CountdownTimerEvent) -> Void
  ) -> any CountdownTimer {
    state.withLock { state in
      state.timers = state.timers.filter { $0.value.timer != nil }
      let timer = ManualTimer(id: state.nextTimerID, clock: self, queue: queue, handler: handler)
      state.timers[state.nextTimerID] = TimerRecord(timer: timer)
      state.nextTimerID += 1
      return timer
    }
  }

  /// How many timers made by this clock are alive and not cancelled.
  public var liveTimerCount: Int {
    state.withLock { $0.timers.values.count { $0.timer != nil } }
  }

  /// How many of those are armed.
  public var armedTimerCount: Int {
    state.withLock { $0.timers.values.count { $0.timer != nil && $0.armed != nil } }
  }
}

extension ManualCountdownClock.State {
  /// Every live timer armed for `now` or earlier, with its arming's sequence number, in arming order.
  fileprivate func overdue() -> [(ManualTimer, UInt64)] {
    timers.values
      .compactMap { record in
        guard let timer = record.timer, let armed = record.armed, armed.deadline <= now else { return nil }
        return (timer, armed.sequence)
      }
      .sorted { $0.1 < $1.1 }
  }

  /// Disarms and returns the earliest armed timer due at or before `target`, moving `now` to its
  /// deadline (never backwards).
  fileprivate mutating func takeFirstDue(until target: Int64) -> ManualTimer? {
    // A callback may have moved the clock past `target` from inside `advance`: what is due by then
    // fires too.
    let limit = max(target, now)
    var best: (id: Int, deadline: Int64, sequence: UInt64)?
    for (id, record) in timers {
      guard let armed = record.armed, armed.deadline <= limit, record.timer != nil else { continue }
      if let current = best, (current.deadline, current.sequence) <= (armed.deadline, armed.sequence) {
        continue
      }
      best = (id, armed.deadline, armed.sequence)
    }
    guard let best, let timer = timers[best.id]?.timer else { return nil }
    let firing = max(now, jitter.firingInstant(for: best.deadline))
    timers[best.id]?.advanceAfterFire(at: firing)
    firingsAtOneInstant = firing == now ? firingsAtOneInstant + 1 : 0
    // A real timer would spin here at full speed for good; a test should fail, and say why.
    precondition(
      firingsAtOneInstant < ManualCountdownClock.livelockFirings,
      "a timer was re-armed for the instant it had just fired at \(ManualCountdownClock.livelockFirings) times in a row: the code under test makes no progress"
    )
    now = firing
    return timer
  }
}
