public import CountdownCore
public import Foundation
public import Observation

/// A countdown in phases as an observable model: a SwiftUI view (or any `withObservationTracking`
/// code) is updated when, and only when, what it read changes: ``phase`` at the phase's ends,
/// ``remaining`` at each step, the dates when the phase moves.
///
/// ```swift
/// let workout = try CountdownManager.shared.countdown(plan: tabata)
/// workout.phase?.name   // "Warm-up", then "Work", "Rest", … on the main actor
/// workout.remaining     // 300, 299, … in the phase
/// workout.skipPhase()   // the runner skips the warm-up
/// ```
///
/// Driven by its manager's one timer like every other countdown of it, as one registration for
/// the whole plan (what ``CountdownManager/start(id:plan:whileSuspended:delivering:_:)`` runs).
/// The model owns its sequence: releasing it ends the sequence, ``restart(plan:whileSuspended:delivering:)``
/// replaces it, and ``CountdownManager/cancelAll()`` ends it leaving the last values shown. In
/// SwiftUI, keep it in `@State`, made once in an action or `.task`, as an ``ObservableCountdown``.
/// For the system's own timer of the current phase, ``timerInterval`` and ``pauseTime``:
///
/// ```swift
/// Text(timerInterval: workout.timerInterval, pauseTime: workout.pauseTime, countsDown: true)
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
@Observable
public final class ObservablePhaseCountdown {
  /// The current phase's time left in whole intervals of the manager, rounded up, as a handler's
  /// ``CountdownPhaseUpdate/remaining``; `0` once the plan ended.
  public private(set) var remaining = 0
  /// The current phase; `nil` once the plan ended (and before a start).
  public private(set) var phase: CountdownPhase?
  /// The phase after it; `nil` at the plan's last phase.
  public private(set) var nextPhase: CountdownPhase?
  /// The current phase's index among the phases written beside it
  /// (``CountdownPhasePosition/phaseIndex``).
  public private(set) var phaseIndex = 0
  /// The block's cycle of the current phase, from 0 (``CountdownPhasePosition/cycle``).
  public private(set) var cycle = 0
  /// How many cycles the current phase's block runs; `nil` forever
  /// (``CountdownPhasePosition/cycleCount``).
  public private(set) var cycleCount: Int? = 1
  /// The current phase's number across the whole plan (``CountdownPhasePosition/ordinal``).
  public private(set) var ordinal = 0
  /// Whether the current phase is the plan's long break.
  public private(set) var isLongBreak = false
  /// The phase ends the last of its sequence's calls with ends came with
  /// (``CountdownPhaseUpdate/phaseEnds``), oldest first, each with its
  /// ``CountdownPhaseEnd/lateness``: one at a phase's end on time, several after an absence
  /// (older ones in ``earlierPhaseEnds``). Empty until the first end; a skip, a restart of the
  /// phase or going back delivers none. They are grouped as this model's own calls were: another
  /// handler of the same plan, started in the same instant, may be given an end that falls due
  /// during a pass in its next call instead.
  public private(set) var lastPhaseEnds: [CountdownPhaseEnd] = []
  /// The ends older than ``lastPhaseEnds`` that came with them after a long absence, in one
  /// summary; `nil` otherwise.
  public private(set) var earlierPhaseEnds: CountdownPhaseEndSummary?
  /// Whether the plan ended (never, for a plan that runs forever).
  public private(set) var hasEnded = false
  /// Whether the current phase is paused: by ``pause()``, or because the phase before it pauses
  /// the plan after it (``CountdownPhase/pausesAfter``), until ``resume()``.
  public private(set) var isPaused = false
  /// When the current phase ends, on this device's clock; `nil` while paused or frozen (a plan
  /// started `whileSuspended: .pauses`, while the manager is suspended), before the first start
  /// and after ``cancel()``; once the plan ended, the date it ended. Set when the phase moves (its
  /// end, a skip, a restart, going back, a pause, a resume, time added), and when such a plan
  /// freezes and runs again with the manager's suspensions, not on every step.
  public private(set) var endDate: Date?
  /// When the whole plan ends, on this device's clock; `nil` while paused or frozen, for a plan
  /// that runs forever, and once it ended. Set when ``endDate`` is.
  public private(set) var planEndDate: Date?
  /// The current phase as a range of dates on this device's clock, from its start to
  /// ``endDate``: for `Text(timerInterval:countsDown:)` and `ProgressView(timerInterval:)`. While
  /// paused or frozen it is laid out from ``pauseTime``: give the system both. `end...end` once
  /// ended.
  public private(set) var timerInterval: ClosedRange<Date>
  /// While the phase is paused or frozen, the moment ``timerInterval`` is laid out from: the
  /// system's `pauseTime:`. `nil` while it runs.
  public private(set) var pauseTime: Date?

  /// ``remaining`` as a time to format: `Text(workout.remainingTime, format: .countdown)`.
  public var remainingTime: RemainingTime {
    RemainingTime(interval * remaining)
  }

  /// ``timerInterval`` and ``pauseTime`` in one value, as the system takes them.
  public var timerDates: CountdownTimerDates {
    CountdownTimerDates(timerInterval: timerInterval, pauseTime: pauseTime)
  }

  /// Where the sequence is now, with the exact time left in the phase and in the plan: asked of
  /// the manager on each read, so not observed (observe ``remaining`` or ``phase``). `nil` once
  /// the plan ended or the sequence was cancelled.
  public var position: CountdownPhasePosition? {
    manager.phasePosition(for: handle)
  }

  /// Whether the sequence is running, paused or waiting after a phase that pauses the plan
  /// (``CountdownPhase/pausesAfter``), not ended or cancelled: `false` as soon as ``hasEnded`` is
  /// `true`, and after ``cancel()``, ``CountdownManager/cancelAll()`` or a cancel of the sequence
  /// through the manager. Asked of the manager on each read, so not observed: observe ``hasEnded``
  /// or ``phase``.
  public var isActive: Bool {
    !hasEnded && position != nil
  }

  /// The manager that drives it; its interval is the step of ``remaining``.
  @ObservationIgnored public let manager: CountdownManager
  /// The key of this model's sequence with the manager: a handle, so that `deinit`, which is not
  /// on the main actor, can end it.
  @ObservationIgnored let handle: CountdownHandle
  @ObservationIgnored private let interval: Duration
  /// The plan, policy and deliveries of the sequence last started or restored: a snapshot taken
  /// after the plan ended, when the manager no longer holds its sequence, writes them.
  @ObservationIgnored var lastStart: (plan: CountdownPlan, policy: SuspensionPolicy, deliveries: CountdownDeliveries)?
  /// The plan, the phase (its ordinal) and the pause that the values beside ``remaining`` show,
  /// as the last update shown in full said them; `nil` after anything else set them. Those values
  /// are the phase's own: a value's update of the same phase changes ``remaining`` alone, and is
  /// shown without its position worked out and compared field by field (five sixths of a value's
  /// instructions). The plan is held, not named by its address, which a later plan could take.
  @ObservationIgnored private var shownPhase: (plan: PlanLayout, ordinal: Int, isPaused: Bool)?
  /// The position the last update shown in full had: a start's first update, shown inside the
  /// start, leaves only the dates to set (``restart(plan:whileSuspended:delivering:)``). Kept apart from
  /// ``shownPhase``, which every value reads: a position, phases and names in it, is copied with a
  /// retain of each (kept together, a model's value cost 3 722 instructions, not 1 404).
  @ObservationIgnored private var positionShown: CountdownPhasePosition?

  init(manager: CountdownManager) {
    self.manager = manager
    handle = CountdownHandle(engine: manager.engine)
    interval = manager.engine.interval
    let now = manager.wallClock()
    timerInterval = now...now
  }

  /// Walks `plan` again from its first phase, replacing the current sequence (running, ended or
  /// cancelled); the values take the new sequence's at once.
  ///
  /// - Parameters:
  ///   - plan: The phases to walk.
  ///   - policy: Whether the plan walks on while the app is suspended, as for
  ///     ``CountdownManager/start(id:plan:whileSuspended:delivering:_:)``.
  ///   - deliveries: Which values of each phase reach ``remaining``; a phase's end always does.
  /// - Throws: What ``CountdownManager/start(id:plan:whileSuspended:delivering:_:)`` throws; the
  ///   current sequence and the values are then left as they were.
  public func restart(
    plan: CountdownPlan, whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange
  ) throws(CountdownError) {
    positionShown = nil
    try manager.start(handle, plan: plan, whileSuspended: policy, delivering: deliveries) { [weak self] _, update, _ in
      self?.show(update)
    }
    followSuspensions(policy)
    lastStart = (plan, policy, deliveries)
    if hasEnded { hasEnded = false }
    if !lastPhaseEnds.isEmpty { lastPhaseEnds = [] }
    if earlierPhaseEnds != nil { earlierPhaseEnds = nil }
    // Its first update, shown inside the start, showed its first phase: only the dates are left
    // (the position worked out again and compared field by field was a third of a start).
    if let positionShown, shownPhase != nil {
      setDates(positionShown)
    } else {
      showPosition()
    }
  }

  /// Skips the current phase: no end comes for it, and the next phase starts now at its full
  /// length (``CountdownManager/skipPhase(id:)``); skipping the last phase ends the plan as
  /// ``cancel()`` does.
  /// - Returns: Whether the sequence was running or paused.
  @discardableResult
  public func skipPhase() -> Bool {
    moving { manager.skipPhase(handle) }
  }

  /// Starts the current phase again at its full length (``CountdownManager/restartPhase(id:)``).
  /// - Returns: Whether the sequence was running or paused.
  @discardableResult
  public func restartPhase() -> Bool {
    moving { manager.restartPhase(handle) }
  }

  /// Goes back to the phase before the current one (``CountdownManager/goToPreviousPhase(id:)``).
  /// - Returns: Whether the sequence was running or paused.
  @discardableResult
  public func goToPreviousPhase() -> Bool {
    moving { manager.goToPreviousPhase(handle) }
  }

  /// Freezes the current phase; ``resume()`` continues it.
  /// - Returns: Whether the sequence was running.
  @discardableResult
  public func pause() -> Bool {
    moving { manager.pause(handle) }
  }

  /// Continues the phase frozen by ``pause()``, or the one waiting after a phase that pauses the
  /// plan (``CountdownPhase/pausesAfter``).
  /// - Returns: Whether the sequence was paused.
  @discardableResult
  public func resume() -> Bool {
    moving { manager.resume(handle) }
  }

  /// Gives the current phase more time, or, with a negative `time`, less; every later end moves
  /// with it (``CountdownManager/addTime(_:id:)``). Time taken past its end ends the phase now.
  ///
  /// ```swift
  /// try workout.addTime(.seconds(30))  // "+30 s" on the rest
  /// ```
  /// - Parameter time: The time to add; negative to take time away.
  /// - Returns: Whether the sequence was running or paused.
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` for a time beyond 292 years; nothing
  ///   changes then.
  @discardableResult
  public func addTime(_ time: Duration) throws(CountdownError) -> Bool {
    let added = try manager.addTime(time, to: handle)
    if added { showPosition() }
    return added
  }

  /// Ends the sequence where it is, without changing the values, but the dates: no end is coming.
  /// - Returns: Whether it was running or paused.
  @discardableResult
  public func cancel() -> Bool {
    let found = manager.cancel(handle)
    let now = manager.wallClock()
    setDates(CountdownTimerDates(timerInterval: now...now), end: nil, planEnd: nil)
    return found
  }

  /// Works ``endDate``, ``planEndDate``, ``timerInterval`` and ``pauseTime`` out again from the
  /// current phase's deadline and the device's clock: after the user changed the clock
  /// (`NSSystemClockDidChange`), before handing the dates to the system again. The phase and the
  /// plan end when they did; only their dates on the new clock change (and an observer is told
  /// only of those that did).
  ///
  /// ```swift
  /// workout.refreshDates()  // the clock was set: the same phase end, at its date on the new clock
  /// ```
  ///
  /// Once the plan ended, its end date stays; after ``cancel()``, the range is `now...now` with no
  /// end, as ``cancel()`` leaves it.
  public func refreshDates() {
    if let position {
      setDates(position)
    } else if !hasEnded {
      let now = manager.wallClock()
      setDates(CountdownTimerDates(timerInterval: now...now), end: nil, planEnd: nil)
    }
  }

  /// An operation that moves the phase: the values and dates follow it.
  private func moving(_ operation: () -> Bool) -> Bool {
    guard operation() else { return false }
    if position == nil {
      // A skip of the last phase ended the plan as `cancel()` does: no end is coming.
      let now = manager.wallClock()
      setDates(CountdownTimerDates(timerInterval: now...now), end: nil, planEnd: nil)
      return true
    }
    showPosition()
    return true
  }

  /// Shows what the manager says of the sequence now: after a start or an operation, whose value
  /// the handler may have shown already, inside the call.
  func showPosition() {
    shownPhase = nil
    guard let position else { return }
    show(position, remaining: remaining(of: position.timeLeftInPhase))
    setDates(position)
    if let plan = lastStart?.plan.layout { shownPhase = (plan, position.ordinal, position.isPaused) }
  }

  /// What the sequence's handler was given.
  func show(_ update: CountdownPhaseUpdate) {
    let moved = !update.phaseEnds.isEmpty || update.earlierPhaseEnds != nil
    #if COUNTDOWN_CHECK_INVARIANTS
      // The simulation's self-test: the first ends kept.
      let keepsFirst = PlantedFault.current == .observableKeepsFirstEnds && !lastPhaseEnds.isEmpty
    #else
      let keepsFirst = false
    #endif
    if moved, !keepsFirst {
      if lastPhaseEnds != update.phaseEnds { lastPhaseEnds = update.phaseEnds }
      if earlierPhaseEnds != update.earlierPhaseEnds { earlierPhaseEnds = update.earlierPhaseEnds }
    }
    let phaseTold = update.phaseTold
    if !moved, let shown = shownPhase, let phaseTold, shown.plan === phaseTold.plan,
      shown.ordinal == phaseTold.ordinal, shown.isPaused == phaseTold.isPaused
    {
      if remaining != update.remaining { remaining = update.remaining }
      return
    }
    guard let position = update.position else {
      ended(at: update.phaseEnds.last?.date ?? manager.wallClock())
      return
    }
    show(position, remaining: update.remaining)
    if moved { setDates(position) }
    shownPhase = phaseTold
    positionShown = position
  }

  private func show(_ position: CountdownPhasePosition, remaining: Int) {
    if self.remaining != remaining { self.remaining = remaining }
    if phase != position.phase { phase = position.phase }
    if nextPhase != position.nextPhase { nextPhase = position.nextPhase }
    if phaseIndex != position.phaseIndex { phaseIndex = position.phaseIndex }
    if cycle != position.cycle { cycle = position.cycle }
    if cycleCount != position.cycleCount { cycleCount = position.cycleCount }
    if ordinal != position.ordinal { ordinal = position.ordinal }
    if isLongBreak != position.isLongBreak { isLongBreak = position.isLongBreak }
    if isPaused != position.isPaused { isPaused = position.isPaused }
  }

  /// The plan ended at `date`.
  private func ended(at date: Date) {
    shownPhase = nil
    if remaining != 0 { remaining = 0 }
    if phase != nil { phase = nil }
    if nextPhase != nil { nextPhase = nil }
    if isPaused { isPaused = false }
    if !hasEnded { hasEnded = true }
    setDates(CountdownTimerDates(timerInterval: date...date), end: date, planEnd: nil)
  }

  /// Follows the manager's suspensions for a plan that freezes while it is suspended (its dates
  /// freeze and run again with it), or stops following them for one that walks on.
  func followSuspensions(_ policy: SuspensionPolicy) {
    var refresh: (@MainActor @Sendable () -> Void)?
    if policy == .pauses { refresh = { [weak self] in self?.followSuspension() } }
    manager.followSuspensions(of: handle, refresh)
  }

  /// The manager suspended or resumed its ticking: a plan that freezes meanwhile froze or runs
  /// again, and its dates say so, as ``CountdownManager/timerDates(for:)`` does. One paused or
  /// ended is left as it was.
  func followSuspension() {
    guard !isPaused, !hasEnded, let position else { return }
    setDates(position)
  }

  /// The dates of the current phase, from the manager: frozen, the plan has no end date either.
  private func setDates(_ position: CountdownPhasePosition) {
    let now = manager.wallClock()
    let dates = manager.timerDates(for: handle) ?? CountdownTimerDates(timerInterval: now...now)
    setDates(dates, end: dates.endDate, planEnd: dates.isFrozen ? nil : position.planEndDate)
  }

  private func setDates(_ dates: CountdownTimerDates, end: Date?, planEnd: Date?) {
    if endDate != end { endDate = end }
    if planEndDate != planEnd { planEndDate = planEnd }
    if timerInterval != dates.timerInterval { timerInterval = dates.timerInterval }
    if pauseTime != dates.pauseTime { pauseTime = dates.pauseTime }
  }

  /// `nanoseconds` in whole intervals, rounded up, as the handler counts them.
  private func remaining(of time: Duration) -> Int {
    let step = max(1, (try? interval.countdownNanoseconds()) ?? 1)
    let left = max(0, (try? time.countdownNanoseconds()) ?? 0)
    return Int((left + step - 1) / step)
  }

  deinit {
    // Not on the main actor: the handle and the manager are Sendable, and cancelling is safe from
    // any thread.
    manager.cancel(handle)
    manager.stopFollowingSuspensions(handle)
  }
}
