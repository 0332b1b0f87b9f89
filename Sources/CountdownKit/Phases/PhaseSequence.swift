import CountdownCore

/// A countdown in phases as a manager runs it under an id: its plan, where it is (its cursor) and
/// the handler of its one engine registration, behind one lock.
///
/// One registration walks the whole plan: it counts down to the current phase's end, and at that
/// end (its `0`) the handler moves the cursor on (``PhaseCursor/advanced(to:in:)``, which reports
/// every end passed, in order and bounded) and registers the same token again toward the next
/// phase's end, before it calls the app: a re-registration replaces the node in place, O(1).
/// Kept with the id (``IDRegistry/Record/attachment``), so it goes with the id's next start,
/// cancel or end; the handler holds it weakly, and it holds the handler, to register it again.
///
/// Prototype, package API: the cursor follows time that keeps running
/// (``CountdownCore/SuspensionPolicy/keepsRunning``); the manager's own `pause(id:)`,
/// `resume(id:)` and `addTime(_:id:)` do not reach it yet.
final class PhaseSequence: Sendable {
  struct State: Sendable {
    var cursor: PhaseCursor
    var token: IDRegistry.Token?
    var handler: CountdownHandler?
  }

  let plan: CountdownPlan
  let deliveries: CountdownDeliveries
  let state: LockedState<State>

  init(plan: CountdownPlan, deliveries: CountdownDeliveries, startingAt now: Int64) {
    self.plan = plan
    self.deliveries = deliveries
    state = LockedState(State(cursor: PhaseCursor(startingAt: now, in: plan.layout)))
  }

  /// What the engine should count toward: the current phase's deadline, or its frozen time.
  func target(of cursor: PhaseCursor) -> (target: CountdownTarget, paused: Bool) {
    switch cursor.timing {
    case .running(let deadline): (.deadline(CountdownInstant(nanosecondsSinceOrigin: deadline)), false)
    case .paused(let left): (.duration(.nanoseconds(left)), true)
    }
  }

  /// Hands the cursor's phase to the engine: the token registered again toward its end (paused,
  /// if it is), replacing the registration in place. Called with no lock held.
  func register(on engine: CountdownEngine, _ cursor: PhaseCursor) {
    guard let (token, handler) = state.withLock({ state in state.token.flatMap { t in state.handler.map { (t, $0) } } })
    else { return }
    let (target, paused) = target(of: cursor)
    // A deadline or frozen time the plan already checked: this cannot throw.
    try? engine.register(token, target, delivering: deliveries, handler: handler)
    if paused { engine.pause(token) }
  }
}
