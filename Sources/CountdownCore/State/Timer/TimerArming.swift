/// The engine's timer and how it is armed, changed only through these methods. What to arm for is
/// the state's (``EngineState/rearm(now:)``).
package struct TimerArming {
  /// The step a repeating timer fires at (``WakeupGrid/window``).
  let period: Int64
  /// The engine's one timer, behind the reference an arming's action carries; `nil` until the
  /// first registration has made it, then kept (disarmed while the table is empty, so that the next
  /// registration needs no new one) until the engine goes.
  private var handle: TimerHandle?
  /// The engine's one timer, for the engine's `deinit` to cancel.
  var timer: (any CountdownTimer)? { handle?.timer }
  /// Whether `timer` is set. Asked on every registration and re-arm: testing the existential
  /// itself copies it, a retain and a release of the timer each time.
  private(set) var hasTimer = false
  /// A caller was told to make the timer (``TimerAction/make``) and has not installed it yet.
  private(set) var isMakingTimer = false
  /// Counts every change of what the timer should do (arm, disarm, replace): a caller that armed
  /// the timer outside the lock checks it afterwards, so that a stale arm never wins.
  private(set) var timerGeneration: UInt64 = 0
  /// Where the timer is armed (its next fire, when it repeats); `nil` while disarmed.
  private(set) var armedAt: Int64?
  /// Whether the timer can repeat (``CountdownTimer/supportsRepeating``), asked when it was made.
  private(set) var timerRepeats = false
  /// The timer repeats every ``period`` from `armedAt` on; nothing calls it while the wakeups stay
  /// on that grid.
  private(set) var armedRepeating = false
  /// How late the timer may fire, in nanoseconds, as armed.
  private(set) var armedLeeway: Int64 = 0
  /// The timer still repeats on a schedule that `armedAt` no longer follows: a repeating fire came
  /// far later than due (``advanceAfterFire(at:)``), and `armedAt` was forgotten so that the next
  /// re-arm starts the grid afresh, but nothing told the timer. Until the next arming, a disarm
  /// must still reach it, or it fires every period at an empty table.
  private(set) var stillRepeats = false
  /// Whether the timer may fire without being armed again: armed, or still repeating
  /// (``stillRepeats``). A disarm is owed while it may.
  var mayFire: Bool { armedAt != nil || stillRepeats }
  /// The inputs of the last arming check that found the timer armed as it should be
  /// (``isSettled(for:)``). Every re-arm (a new generation) and every repeating fire (a new
  /// `armedAt`) makes it stale.
  private var settledInputs = ArmingInputs(earliestChange: nil, soonestEnd: nil, wakeupInstant: .min)
  /// The generation, `armedAt` and `armedRepeating` the last settled check found; `armedAt` `nil`:
  /// none was noted.
  private var settledGeneration: UInt64 = 0
  private var settledArmedAt: Int64?
  private var settledRepeating = false

  /// No timer yet; one made later repeats, if it can, every `period`.
  init(period: Int64) {
    self.period = period
  }

  /// Notes that a check with `inputs` found the timer armed as it should be; the caller checked that
  /// its answer did not depend on the clock's reading (``ArmingInputs/holdRegardlessOfTime(at:)``).
  mutating func noteSettled(for inputs: ArmingInputs) {
    guard armedAt != nil else { return }
    settledInputs = inputs
    settledGeneration = timerGeneration
    settledArmedAt = armedAt
    settledRepeating = armedRepeating
  }

  /// Whether a check with `inputs`, whose answer does not depend on the clock's reading, would
  /// find the timer armed as it should be: the last check that did had the same inputs, and the
  /// timer is armed as it was then.
  @inline(__always)
  func isSettled(for inputs: ArmingInputs) -> Bool {
    // `armedAt` is not `nil` where this is asked, so equal ones mean a check was noted.
    settledGeneration == timerGeneration && settledArmedAt == armedAt && settledRepeating == armedRepeating
      && settledInputs == inputs
  }

  /// A caller is told to make the timer; nothing is armed until it is installed.
  mutating func beginMaking() {
    isMakingTimer = true
    armedAt = nil
    stillRepeats = false
    timerGeneration &+= 1
  }

  /// Installs the timer made after ``beginMaking()``, which can repeat if `repeats`.
  mutating func install(_ newTimer: any CountdownTimer, repeats: Bool) {
    isMakingTimer = false
    handle = TimerHandle(newTimer)
    hasTimer = true
    timerRepeats = repeats
    timerGeneration &+= 1
  }

  /// Notes that the timer fired at clock instant `now`: a one-shot is disarmed until re-armed; a
  /// repeating one is due again a period on. Returns where it was armed.
  mutating func advanceAfterFire(at now: Int64) -> Int64? {
    let armed = armedAt
    guard armedRepeating, let armed else {
      armedAt = nil
      return armed
    }
    guard now.subtractingSaturated(armed) <= Self.repeatingDriftLimit(window: period, leeway: armedLeeway) else {
      // Far later than due: the timer's clock drifted from this one (Dispatch's stops while the
      // device sleeps) or the queue was held up. Disarmed as far as the state knows, so the next
      // re-arm starts the grid afresh; a fire meanwhile is a wakeup like any other. The timer
      // itself still repeats until then: an empty table must still disarm it.
      armedAt = nil
      armedRepeating = false
      stillRepeats = true
      return armed
    }
    // Its next fire: the first grid step after now (the fires it missed are skipped). One past
    // the clock's last instant never comes: disarmed as far as the state knows, so the next re-arm
    // wakes at that instant (the grid's instant after its last one: `WakeupGrid`) as a one-shot.
    let steps = now < armed ? 1 : (now - armed) / period + 1
    let (offset, overflow) = steps.multipliedReportingOverflow(by: period)
    let (next, late) = armed.addingReportingOverflow(offset)
    if overflow || late {
      armedAt = nil
      armedRepeating = false
    } else {
      armedAt = next
    }
    return armed
  }

  /// How much later than due a repeating timer armed with `leeway` may fire and still be on plan:
  /// that leeway and a millisecond of scheduling delay, at most half a window (a
  /// leeway is at most a tenth of it: ``WakeupGrid/leeway(forWakeupAt:earliestChange:soonestEnd:)``).
  package static func repeatingDriftLimit(window: Int64, leeway: Int64) -> Int64 {
    min(leeway.addingSaturated(1_000_000), window / 2)
  }

  /// Arms the timer for `next` (disarms it for `nil`), as a new generation.
  mutating func arm(at next: Int64?, repeating: Bool, leeway: Int64) -> TimerAction {
    guard let handle else { return .none }
    armedAt = next
    armedRepeating = next != nil && repeating
    armedLeeway = next == nil ? 0 : leeway
    // Every arming replaces the timer's schedule, a repeating one left behind included.
    stillRepeats = false
    timerGeneration &+= 1
    return .arm(
      handle, at: next, repeating: armedRepeating ? period : nil, leeway: armedLeeway, generation: timerGeneration)
  }

  /// The arming the timer should have now, if the arming for `generation` is stale: for a caller
  /// that just armed the timer outside the lock (see ``TimerAction/arm(_:at:repeating:leeway:generation:)``).
  func currentArming(ifNewerThan generation: UInt64) -> TimerAction {
    guard generation != timerGeneration, let handle else { return .none }
    return .arm(
      handle, at: armedAt, repeating: armedRepeating ? period : nil, leeway: armedLeeway, generation: timerGeneration)
  }
}
