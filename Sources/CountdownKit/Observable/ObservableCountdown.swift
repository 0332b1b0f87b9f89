public import Foundation
public import Observation

/// One countdown as an observable model: a SwiftUI view (or any `withObservationTracking` code)
/// that reads ``remaining``, ``hasEnded`` or ``remainingTime`` is updated when, and only when, the
/// value it read changes.
///
/// ```swift
/// let countdown = try CountdownManager.shared.countdown(for: .seconds(30))
/// countdown.remaining       // 30, then 29, ... 0, on the main actor
/// countdown.hasEnded        // false until the 0
/// try countdown.restart(for: .seconds(30))  // the same model counts again
/// ```
///
/// Driven by its manager's one timer like every other countdown of it. The model owns its
/// countdown: releasing it ends the countdown, restarting it replaces it, and
/// ``CountdownManager/cancelAll()`` ends it leaving the last value shown. In SwiftUI, keep it in
/// `@State`, made once in an action or `.task` (a `@State` initial value is evaluated again
/// whenever the view is re-created), or in your own observable model.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
@Observable
public final class ObservableCountdown {
  /// The remaining whole intervals of the manager (seconds, for a 1-second manager), rounded up:
  /// never less than what is left. Changes once per step, to `0` last; on below `0` (`-1`, `-2`, …)
  /// for a countdown counting overtime (see ``isOvertime``).
  public private(set) var remaining: Int

  /// Whether the countdown reached `0` (never, for one counting overtime): a view reading only
  /// this is not updated on every step. A paused countdown shortened to `0` by ``addTime(_:)``
  /// shows `0` but ends only when ``resume()`` continues it.
  public private(set) var hasEnded: Bool

  /// Whether ``pause()`` froze the countdown (until ``resume()`` or a restart). Never `true` once
  /// it ended.
  public private(set) var isPaused = false

  /// Whether the countdown counts overtime (``CountdownCore/CountdownEnding/countsOvertime``) and
  /// ``remaining`` is below `0` ("2 min late"). Such a countdown never ends by itself: its `0` is a
  /// value like the others, and ``endDate`` stays its deadline.
  public private(set) var isOvertime = false

  /// When the countdown ends, on this device's clock: the date to give the system, the moment
  /// ``remaining`` reaches `0`, as ``CountdownManager/timerDates(id:)`` says of a countdown by id.
  ///
  /// `nil` before the first start, while frozen (see ``pauseTime``) and after ``cancel()``; once
  /// ended, the date it ended. Set only when the countdown starts, pauses, resumes, gets time,
  /// ends, or freezes and runs again with the manager's suspensions, so a view that reads it is
  /// not updated on every step. After a change of the device's clock, ``refreshDates()`` works it
  /// out again.
  public internal(set) var endDate: Date?

  /// The countdown as a range of dates on this device's clock, from its start to ``endDate``: for
  /// `Text(timerInterval:countsDown:)` and `ProgressView(timerInterval:)`.
  ///
  /// It spans the countdown's whole length, across pauses, suspensions and relaunches; an ended,
  /// cancelled or unstarted countdown is `end...end`. While frozen it is laid out from
  /// ``pauseTime``: give the system both.
  public internal(set) var timerInterval: ClosedRange<Date>

  /// While the countdown is frozen (paused, or ``CountdownCore/SuspensionPolicy/pauses`` while
  /// the manager is suspended), the moment ``timerInterval`` is laid out from: the system's
  /// `pauseTime:`. `nil` while it runs.
  public internal(set) var pauseTime: Date?

  /// ``remaining`` as a time to format (``remaining`` intervals of the manager):
  /// `Text(countdown.remainingTime, format: .countdown)`.
  public var remainingTime: RemainingTime {
    RemainingTime(interval * remaining)
  }

  /// The manager that drives it; its interval is the step of ``remaining``.
  @ObservationIgnored public let manager: CountdownManager
  /// The key of this model's registration with the manager: a handle, so that `deinit`, which is
  /// not on the main actor, can end the countdown through it.
  @ObservationIgnored let handle: CountdownHandle
  @ObservationIgnored private let interval: Duration
  @ObservationIgnored var length: Duration?
  /// Whether the current countdown stands still while the manager is suspended: its dates then
  /// freeze at each suspension and run again at each resume (see ``followSuspension()``).
  @ObservationIgnored var policy = SuspensionPolicy.keepsRunning
  @ObservationIgnored var ending = CountdownEnding.stops
  /// Set while this model's own call into the manager runs: the manager delivers the value the call
  /// owes inside it, before the model wrote what the call changed; the model shows it itself after,
  /// so its observers see each change once, in order.
  @ObservationIgnored private var isCallingTheManager = false

  init(manager: CountdownManager) {
    self.manager = manager
    handle = CountdownHandle(engine: manager.engine)
    interval = manager.engine.interval
    remaining = 0
    hasEnded = false
    let now = manager.wallClock()
    timerInterval = now...now
  }

  /// Counts down again, for `duration` from now, replacing the current countdown (running or
  /// ended); ``remaining`` and ``hasEnded`` take the new countdown's values at once.
  ///
  /// The options, and what this throws, are those of
  /// ``CountdownManager/start(_:for:whileSuspended:delivering:pastTheEnd:_:)``; thrown, the current
  /// countdown and the values are left as they were. Delivering only the end or milestones,
  /// ``remaining`` holds the value at the start and after this model's own calls, then each value
  /// delivered. Counting overtime, ``remaining`` goes on below `0`:
  ///
  /// ```swift
  /// try talk.restart(for: .seconds(25 * 60), pastTheEnd: .countsOvertime)
  /// // talk.remaining: 1500, …, 0, then -1, -2, …; talk.isOvertime once it is below 0
  /// ```
  public func restart(
    for duration: Duration, whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange, pastTheEnd ending: CountdownEnding = .stops
  ) throws(CountdownError) {
    try manager.checkMilestones(deliveries, within: duration)
    try restart(.duration(duration), length: duration, policy, deliveries, ending: ending)
  }

  /// Counts down again, to `date`, replacing the current countdown (running or ended). A date
  /// already passed ends it at once; counting overtime, it starts in overtime instead.
  ///
  /// - Throws: What ``CountdownManager/start(_:until:whileSuspended:delivering:pastTheEnd:_:)``
  ///   throws; the current countdown and the values are then left as they were.
  public func restart(
    until date: Date, whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange, pastTheEnd ending: CountdownEnding = .stops
  ) throws(CountdownError) {
    let (target, length) = try manager.target(for: date, keepingThePast: ending == .countsOvertime)
    try restart(target, length: length, policy, deliveries, ending: ending)
  }

  /// Counts `target`, whose length (start to end) is `length`, replacing the current countdown.
  func restart(
    _ target: CountdownTarget, length: Duration?, _ policy: SuspensionPolicy,
    _ deliveries: CountdownDeliveries = .everyChange, ending: CountdownEnding = .stops
  ) throws(CountdownError) {
    try calling { () throws(CountdownError) in
      try manager.startWeakReceiver(handle, target, policy, delivering: deliveries, pastTheEnd: ending) {
        [weak self] _, value, _ in
        self?.delivered(value)
      }
    }
    self.length = length
    setPolicy(policy)
    self.ending = ending
    showCurrentValue(replacing: true)
    refreshDates()
  }

  /// Freezes the countdown where it is (a quiz's hint screen); ``resume()`` continues it from the
  /// same value.
  ///
  /// - Returns: Whether it was running (or already paused); `false` once it ended.
  @discardableResult
  public func pause() -> Bool {
    guard !hasEnded else { return false }
    let found = manager.pause(handle)
    if found && !isPaused { isPaused = true }
    refreshDates()
    return found
  }

  /// Continues a countdown frozen by ``pause()``; one shortened to `0` while paused ends here,
  /// with its `0` (``hasEnded`` is `true` when this returns).
  ///
  /// - Returns: Whether it was running or paused; `false` once it ended.
  @discardableResult
  public func resume() -> Bool {
    guard !hasEnded else { return false }
    let found = calling { manager.resume(handle) }
    if isPaused { isPaused = false }
    refreshDates()
    // Gone already: its `0` (time taken while paused) ended it inside the call.
    if found { show(manager.engine.value(for: handle) ?? 0) }
    return found
  }

  /// Gives the countdown more time, or, with a negative `time`, less, without replacing it:
  /// ``remaining``, ``endDate`` and ``timerInterval`` take the new values inside this call, once,
  /// the range keeping its start.
  ///
  /// ```swift
  /// try quiz.addTime(.seconds(10))   // a bonus: 5 becomes 15
  /// try quiz.addTime(.seconds(-10))  // a penalty; past the end, it ends now
  /// ```
  ///
  /// Otherwise as ``CountdownManager/addTime(_:to:)``: shortened past its end, a running countdown
  /// ends inside this call (``endDate`` is now), a paused one stays paused at `0` until
  /// ``resume()``, and one counting overtime moves further past its deadline.
  /// - Parameter time: The time to add; negative to take time away.
  /// - Returns: Whether it was running or paused (an ended or cancelled countdown gets no time).
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` for an end beyond 292 years from now or
  ///   a countdown of more than 2⁵⁵ − 1 intervals (as ``CountdownManager/addTime(_:to:)``);
  ///   the countdown and the values are then left as they were.
  @discardableResult
  public func addTime(_ time: Duration) throws(CountdownError) -> Bool {
    #if COUNTDOWN_CHECK_INVARIANTS
      if time < .zero, PlantedFault.current == .undocumentedError { throw .invalidCombination }
    #endif
    let added = try calling { () throws(CountdownError) in
      hasEnded ? nil : try manager.engine.timeAdded(time, to: handle)
    }
    guard let added else { return false }
    if let length { self.length = max(.zero, length + added) }
    // Dates first: shortened past its end, it ended now, the date its `0` shows.
    refreshDates()
    show(manager.engine.value(for: handle) ?? 0)
    return true
  }

  /// Ends the countdown where it is, without changing the values.
  ///
  /// - Returns: Whether it was still running.
  @discardableResult
  public func cancel() -> Bool {
    let found = manager.cancel(handle)
    let now = manager.wallClock()
    setDates(CountdownTimerDates(timerInterval: now...now, pauseTime: nil), end: nil)
    return found
  }

  /// Whether the countdown is running (or paused), not ended or cancelled: `false` as soon as
  /// ``hasEnded`` is `true`, even before the manager delivered its `0`. Asked of the manager on
  /// each read, so not observed: observe ``hasEnded``.
  public var isActive: Bool {
    !hasEnded && handle.isActive
  }

  /// The values right after a (re)start (paused only if `paused`): a view never shows the previous
  /// countdown's value until the first callback.
  /// Shows the manager's value now; `replacing`: of a countdown just started in place of the one
  /// shown, which, ended inside its start (a date already passed), ended then, not at the end the
  /// countdown it replaced showed.
  func showCurrentValue(paused: Bool = false, replacing: Bool = false) {
    if isPaused != paused { isPaused = paused }
    let value = manager.engine.value(for: handle) ?? 0
    if replacing, value == 0, ending == .stops, !paused {
      let now = manager.wallClock()
      setDates(CountdownTimerDates(timerInterval: now...now), end: now)
    }
    show(value)
  }

  /// A value the manager delivered: shown, unless this model's own call owes it (see
  /// ``isCallingTheManager``), which shows it once the model is up to date.
  func delivered(_ value: Int) {
    if !isCallingTheManager { show(value) }
  }

  func calling<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    isCallingTheManager = true
    defer { isCallingTheManager = false }
    return try body()
  }

  /// Writes only what changed, so an observer is told once per change. A paused `0` was read, not
  /// delivered (time taken while paused): it ends the countdown only when it resumes.
  private func show(_ value: Int) {
    if remaining != value { remaining = value }
    if isOvertime != (value < 0) { isOvertime = value < 0 }
    let ended = value == 0 && ending == .stops && !isPaused
    if hasEnded != ended {
      hasEnded = ended
      if hasEnded {
        let end = endDate ?? manager.wallClock()
        setDates(CountdownTimerDates(timerInterval: end...end), end: end)
      }
    }
  }

  deinit {
    // Not on the main actor: the handle and the manager are Sendable, and cancelling is safe from
    // any thread.
    handle.cancel()
    manager.stopFollowingSuspensions(handle)
  }
}
