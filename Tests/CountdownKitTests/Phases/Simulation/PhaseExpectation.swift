@testable import CountdownKit

/// What the simulation's reference model expects of one countdown in phases: its plan written out
/// phase by phase (``PlanReferenceModel``, written further as the walk needs it), and where the walk
/// is (a ``NaiveCursor``), moved by the operations at their instants and by the ends the handler
/// reports, one phase at a time.
final class PhaseExpectation {
  /// The start it belongs to: a call for any other start of its slot is a call after a cancel.
  let generation: Int
  let plan: CountdownPlan
  private(set) var reference: PlanReferenceModel
  private var horizon: Int64 = 30_000_000_000
  var cursor: NaiveCursor
  /// Delivers only each phase's end (``CountdownDeliveries/onlyTheEnd``).
  let onlyTheEnds: Bool
  /// The handler sets its stop flag at this call (counted from 1); `nil`: never.
  let stopsAtCall: Int?
  /// What the plan does while the manager is suspended: walks on, or freezes.
  let policy: SuspensionPolicy
  /// Started by a receiver (``PhaseSimulationRun/SlotReceiver``) rather than by the slot's id.
  let byReceiver: Bool
  /// For a plan that freezes while the manager is suspended, while it is: the instant its running
  /// phase's deadline was last brought up to (``follow(at:)``); the deadline moves on with time.
  var frozenSince: Int64?
  var calls = 0
  /// Time added to the current phase (taken, below 0) since it began: its dates span its length
  /// and this, from where it began.
  var added: Int64 = 0
  /// Ends the walk passed without a call telling them yet (a move passes the ends due before it):
  /// the next call reports them first.
  var unreported: [(ordinal: Int, instant: Int64?, phase: PlanReferenceModel.Phase)] = []
  /// What its handler does from inside a call, by the call's count (from 1), each once.
  var actionsAtCalls: [Int: PhaseSimulationRun.CallAction] = [:]

  init(
    generation: Int, plan: CountdownPlan, startingAt now: Int64, onlyTheEnds: Bool, stopsAtCall: Int?,
    policy: SuspensionPolicy = .keepsRunning, byReceiver: Bool = false, suspended: Bool = false
  ) {
    self.generation = generation
    self.plan = plan
    self.onlyTheEnds = onlyTheEnds
    self.stopsAtCall = stopsAtCall
    self.policy = policy
    self.byReceiver = byReceiver
    reference = PlanReferenceModel(plan, horizon: horizon)
    cursor = NaiveCursor(ordinal: 0, timing: .running(deadline: now + reference.phases[0].length))
    if suspended { suspend(at: now) }
  }

  /// The manager was suspended at `now`: a plan that freezes meanwhile starts following the time.
  func suspend(at now: Int64) {
    if policy == .pauses { frozenSince = now }
  }

  /// Brings a frozen plan's running phase up to `now`: its deadline moved by the time since it
  /// was last brought up, so its time left is what it was when the manager was suspended (or the
  /// phase began, if later).
  func follow(at now: Int64) {
    guard let since = frozenSince else { return }
    if case .running(let deadline) = cursor.timing { cursor.timing = .running(deadline: deadline + now - since) }
    frozenSince = now
  }

  /// Passes every end due by `now`, as a move does before it moves: kept to be reported by the
  /// next call.
  func bringUp(to now: Int64) {
    while case .running(let deadline) = cursor.timing, deadline <= now, !isEnded {
      guard let phase = phase(cursor.ordinal) else { break }
      unreported.append((cursor.ordinal, deadline, phase))
      passEnd(at: deadline)
    }
  }

  /// Where the walk is at `now`, every end passed by then passed (delivered or not): what a
  /// position read then says.
  func cursor(at now: Int64) -> NaiveCursor {
    var walked = cursor
    while case .running(let deadline) = walked.timing, deadline <= now, !walked.isEnded(reference) {
      writeOut(through: walked.ordinal + 1)
      let pauses = reference.phases[walked.ordinal].phase.pausesAfter
      walked.ordinal += 1
      guard !walked.isEnded(reference) else { break }
      let length = reference.phases[walked.ordinal].length
      walked.timing = pauses ? .paused(left: length) : .running(deadline: deadline + length)
    }
    writeOut(through: walked.ordinal + 1)
    return walked
  }

  /// The manager resumed at `now` (or the app, relaunched, restored it then): the plan walks again.
  func resume(at now: Int64) {
    follow(at: now)
    frozenSince = nil
  }

  /// Whether the plan's last phase ended.
  var isEnded: Bool {
    writeOut(through: cursor.ordinal)
    return cursor.isEnded(reference)
  }

  /// The phase of `ordinal`, written out; `nil` past the plan's end.
  func phase(_ ordinal: Int) -> PlanReferenceModel.Phase? {
    writeOut(through: ordinal)
    return ordinal < reference.phases.count ? reference.phases[ordinal] : nil
  }

  /// The plan's length after the phase of `ordinal`; `nil` for a plan that runs forever.
  func lengthAfter(_ ordinal: Int) -> Int64? {
    guard reference.isComplete else { return nil }
    return reference.phases[(ordinal + 1)...].reduce(0) { $0 + $1.length }
  }

  /// Writes the plan out past `ordinal` and the phase after it, for a plan that runs forever.
  func writeOut(through ordinal: Int) {
    while !reference.isComplete, reference.phases.count <= ordinal + 2 {
      horizon *= 2
      reference = PlanReferenceModel(plan, horizon: horizon)
    }
  }

  /// Where the running phase began, as far as its end tells: its deadline less its length and the
  /// time added to it; `nil` while paused or once the plan has ended.
  var phaseStart: Int64? {
    guard case .running(let deadline) = cursor.timing, let phase = phase(cursor.ordinal) else { return nil }
    return deadline - phase.length - added
  }

  /// The current phase ends at `instant`: the walk moves to the next phase, paused if the phase
  /// that ended pauses the plan after it (or `pausedNext`), else running from `instant`.
  func passEnd(at instant: Int64, pausedNext: Bool = false) {
    writeOut(through: cursor.ordinal + 1)
    let pauses = reference.phases[cursor.ordinal].phase.pausesAfter || pausedNext
    cursor.ordinal += 1
    added = 0
    guard !cursor.isEnded(reference) else { return }
    let length = reference.phases[cursor.ordinal].length
    cursor.timing = pauses ? .paused(left: length) : .running(deadline: instant + length)
  }

  /// Applies a change of the walk (skip, restart, go back, time added, pause, resume) with the
  /// plan written out far enough for it.
  func change(_ body: (inout NaiveCursor, PlanReferenceModel) -> Void) {
    writeOut(through: cursor.ordinal + 1)
    let before = cursor
    body(&cursor, reference)
    switch (before.timing, cursor.timing) {
    case _ where before.ordinal != cursor.ordinal: added = 0
    case (.running(let old), .running(let new)) where old != new: added += new - old
    case (.paused(let old), .paused(let new)) where old != new: added += new - old
    default: break
    }
  }

  /// The phase began again (a restart): nothing added to it since.
  func phaseBegan() {
    added = 0
  }
}
