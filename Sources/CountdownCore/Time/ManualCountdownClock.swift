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

  /// A task waiting in ``sleep(until:tolerance:)`` for an instant.
  struct Sleeper {
    var deadline: Int64
    var continuation: CheckedContinuation<Void, any Error>
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

  struct TimerRecord {
    weak var timer: ManualTimer?
    /// When armed: the deadline, and a rising sequence number that breaks ties in arming order.
    var armed: (deadline: Int64, sequence: UInt64)?
    /// When armed to repeat: the step between its deadlines.
    var period: Int64?

    /// Fired at `firing`: a one-shot is disarmed; a repeating one moves on to its first deadline
    /// after that instant, on its grid, skipping the fires it missed as `DispatchSourceTimer` does.
    mutating func advanceAfterFire(at firing: Int64) {
      guard let period, let armed else {
        armed = nil
        return
      }
      let steps = firing < armed.deadline ? 1 : (firing - armed.deadline) / period + 1
      let (offset, overflow) = steps.multipliedReportingOverflow(by: period)
      let (next, late) = armed.deadline.addingReportingOverflow(offset)
      self.armed = overflow || late ? nil : (next, armed.sequence)
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

// The manual clock as a Swift `Clock`: app code that sleeps on a clock it is given
// (`Task.sleep(for:clock:)`, an `AsyncTimerSequence`) moves with the countdowns in one test.

extension ManualCountdownClock: Clock {
  /// The smallest step the clock tells apart: a nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Suspends the calling task until ``advance(by:)`` or ``jump(by:)`` reaches `deadline` (at
  /// once if it has passed).
  ///
  /// ```swift
  /// let clock = ManualCountdownClock()
  /// let manager = try CountdownManager(clock: clock)
  /// let banner = Task { try await Task.sleep(for: .seconds(5), clock: clock); showBanner() }
  /// try clock.advance(by: .seconds(5))  // the countdowns' callbacks run, and the task wakes
  /// ```
  ///
  /// The task is resumed when time reaches its deadline; like any resumed task, it runs on its
  /// executor afterwards, not inside the call that advanced the clock.
  /// - Throws: `CancellationError` if the task is cancelled first.
  public func sleep(until deadline: CountdownInstant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      defer { state.nextSleeperID += 1 }
      return state.nextSleeperID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = state.withLock { state -> Result<Void, any Error>? in
          if state.cancelledSleepers.remove(id) != nil { return .failure(CancellationError()) }
          if deadline.nanosecondsSinceOrigin <= state.now { return .success(()) }
          state.sleepers[id] = Sleeper(deadline: deadline.nanosecondsSinceOrigin, continuation: continuation)
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelledSleepers.insert(id)
          return nil as Sleeper?
        }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Resumes every sleeper whose deadline time has reached, outside the lock.
  func wakeSleepers() {
    let due = state.withLock { state -> [Sleeper] in
      guard !state.sleepers.isEmpty else { return [] }
      let due = state.sleepers.filter { $0.value.deadline <= state.now }
      for id in due.keys { state.sleepers[id] = nil }
      return due.sorted { $0.key < $1.key }.map(\.value)
    }
    for sleeper in due {
      sleeper.continuation.resume()
    }
  }
}

// The clock's side of its timers: what a ``ManualTimer`` asks of the clock that made it (arm,
// disarm after a fire, forget), under the clock's lock.

extension ManualCountdownClock {
  /// Arms (or, with `nil`, disarms) the timer `id`, to repeat every `period` nanoseconds if given;
  /// for ``ManualTimer``. Armed for the past while no advance runs, it also fires on its queue at
  /// once; the next advance fires it instead if it comes first, never both.
  func schedule(_ id: Int, at deadline: CountdownInstant?, repeating period: Int64? = nil, leeway: Int64) {
    let overdue = state.withLock { state -> (ManualTimer, UInt64)? in
      state.timers[id]?.period = deadline == nil ? nil : period
      guard let timer = state.timers[id]?.timer else { return nil }
      state.armings?.append(
        Arming(
          timer: id, deadline: deadline, period: period.map(Duration.nanoseconds),
          leeway: .nanoseconds(max(0, leeway))))
      guard var deadline = deadline?.nanosecondsSinceOrigin else {
        state.timers[id]?.armed = nil
        return nil
      }
      if state.firesAtTheEndOfTheLeeway {
        // A repeating timer's later deadlines follow on its grid: each at the end of its leeway too.
        deadline = deadline.addingSaturated(max(0, leeway))
      }
      let sequence = state.nextSequence
      state.nextSequence += 1
      state.timers[id]?.armed = (deadline, sequence)
      return state.advancing == 0 && deadline <= state.now ? (timer, sequence) : nil
    }
    if let (timer, sequence) = overdue {
      timer.fireOnQueue(ifStillArmedAs: sequence)
    }
  }

  /// Disarms the timer `id` (or moves a repeating one on to its next deadline) if it is still armed
  /// as its `sequence`th arming; for ``ManualTimer``.
  func disarm(_ id: Int, ifArmedAs sequence: UInt64) -> Bool {
    state.withLock { state in
      guard state.timers[id]?.timer != nil, state.timers[id]?.armed?.sequence == sequence else { return false }
      state.timers[id]?.advanceAfterFire(at: state.now)
      return true
    }
  }

  /// Forgets the timer `id` for good; for ``ManualTimer``.
  func remove(_ id: Int) {
    _ = state.withLock { $0.timers.removeValue(forKey: id) }
  }
}

/// A timer of ``ManualCountdownClock``; its deadline lives in the clock's locked state.
final class ManualTimer: CountdownTimer, Sendable {
  let id: Int
  let clock: ManualCountdownClock
  /// Where it fires when armed for the past while no advance runs.
  let queue: DispatchQueue
  let handler: @Sendable (CountdownTimerEvent) -> Void

  init(
    id: Int, clock: ManualCountdownClock, queue: DispatchQueue,
    handler: @escaping @Sendable (CountdownTimerEvent) -> Void
  ) {
    self.id = id
    self.clock = clock
    self.queue = queue
    self.handler = handler
  }

  /// Fires on `queue`, unless by then it was cancelled, re-armed or fired by an advance.
  func fireOnQueue(ifStillArmedAs sequence: UInt64) {
    queue.async { [self] in
      if clock.disarm(id, ifArmedAs: sequence) { handler(.fired) }
    }
  }

  func schedule(at deadline: CountdownInstant?, leeway: Duration) {
    clock.schedule(id, at: deadline, leeway: leeway.nanosecondsSaturating)
  }
  var supportsRepeating: Bool { true }
  func schedule(at deadline: CountdownInstant, repeating interval: Duration, leeway: Duration) {
    clock.schedule(
      id, at: deadline, repeating: max(1, interval.nanosecondsSaturating), leeway: leeway.nanosecondsSaturating)
  }
  func cancel() { clock.remove(id) }
  // No deinit hook: the clock holds timers weakly and skips records whose timer is gone, and a
  // deinit that took the clock's lock could run while that lock is held.
}
