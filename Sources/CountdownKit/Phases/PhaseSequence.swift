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
/// The manager's own `pause(id:)`, `resume(id:)`, `addTime(_:id:)` and `cancel(id:)` reach it as
/// an ``IDAttachment``: each changes the cursor first, then hands the phase to the engine, so the
/// cursor and the registration never disagree on the phase's end. Its time keeps running while the
/// manager is suspended (``CountdownCore/SuspensionPolicy/keepsRunning``), or freezes as a single
/// countdown's does (``CountdownCore/SuspensionPolicy/pauses``): the engine then moves its
/// registration's deadline by each suspension, and the cursor takes the phase's deadline back from
/// the engine (``followEngine(_:)``) before it is read or changed, rather than keeping a clock of its
/// own.
final class PhaseSequence: IDAttachment {
  struct State: Sendable {
    var cursor: PhaseCursor
    var token: IDRegistry.Token?
    var handler: CountdownHandler?
    /// The id no longer has this sequence: nothing is registered or delivered for it any more.
    var detached = false
    /// Changes of the cursor not handed to the engine yet: while one is on its way, the engine's
    /// registration may count a phase the cursor has left, and is not read back.
    var changesOnTheirWay = 0
  }

  let plan: CountdownPlan
  /// Whether the plan walks on or freezes while the manager is suspended.
  let policy: SuspensionPolicy
  let deliveries: CountdownDeliveries
  let state: LockedState<State>

  init(plan: CountdownPlan, policy: SuspensionPolicy, deliveries: CountdownDeliveries, startingAt now: Int64) {
    self.plan = plan
    self.policy = policy
    self.deliveries = deliveries
    state = LockedState(State(cursor: PhaseCursor(startingAt: now, in: plan.layout)))
  }

  /// Whether the id still has this sequence.
  var isDetached: Bool {
    state.withLock { $0.detached }
  }

  /// What the engine should count toward: the current phase's deadline, or its frozen time.
  func target(of cursor: PhaseCursor) -> (target: CountdownTarget, paused: Bool) {
    switch cursor.timing {
    case .running(let deadline): (.deadline(CountdownInstant(nanosecondsSinceOrigin: deadline)), false)
    case .paused(let left): (.duration(.nanoseconds(left)), true)
    }
  }

  /// Hands the cursor's phase to the engine: the token registered again toward its end (paused,
  /// if it is), replacing the registration in place. Called with no lock held. A sequence the id
  /// no longer has registers nothing; one detached while it registered ends that registration.
  func register(on engine: CountdownEngine, _ cursor: PhaseCursor) {
    guard
      let (token, handler) = state.withLock({ state in
        state.detached ? nil : state.token.flatMap { t in state.handler.map { (t, $0) } }
      })
    else { return }
    let (target, paused) = target(of: cursor)
    if paused, case .paused(let left) = cursor.timing, left > 0 {
      // Registered and paused at one reading, so the engine freezes exactly the time the cursor
      // holds (a pause after the registration would take off the time between two readings).
      // Frozen time the plan already checked: this cannot throw.
      try? engine.submit(
        token, RegistrationRequest(target, whileSuspended: policy, delivering: deliveries),
        pausedAt: engine.clock.now, handler: handler)
    } else {
      // A deadline the plan already checked, or nothing left: this cannot throw. With nothing
      // left, the `0` comes before the pause takes effect, and ends the phase.
      try? engine.register(token, target, whileSuspended: policy, delivering: deliveries, handler: handler)
      if paused { engine.pause(token) }
    }
    // A cancel or a new start of the id came while this registered: the token is this sequence's
    // alone (a start never reuses it), so what this registered is ended here.
    if isDetached { engine.cancel(token) }
  }

  /// A change of the cursor, counted on its way when it was made, was handed to the engine (or
  /// ended the sequence).
  func changeHandedOver() {
    state.withLock { $0.changesOnTheirWay -= 1 }
  }

  /// For a plan that freezes while the manager is suspended, sets the running phase's deadline to
  /// the engine's: the engine moves its registration's deadline by each suspension (one in course
  /// as if it ended now), and the cursor follows it, so that after a suspension the phase has the
  /// time left it had before, and every later end moves with it. Called before the cursor is read
  /// or changed, with no lock held; nothing for a plan that keeps running, a paused phase, or while
  /// a change of the cursor is on its way to the engine (the registration may be of another phase).
  func followEngine(_ engine: CountdownEngine) {
    guard policy == .pauses,
      let (token, cursor) = state.withLock({ state in
        state.detached || state.changesOnTheirWay > 0 ? nil : state.token.map { ($0, state.cursor) }
      }),
      case .running = cursor.timing,
      let end = engine.endInstant(of: token)
    else { return }
    state.withLock { state in
      // Changed meanwhile: that change registered its own deadline, which the next read follows.
      guard state.cursor == cursor, state.changesOnTheirWay == 0 else { return }
      state.cursor.timing = .running(deadline: end)
    }
  }

  // MARK: The manager's operations on the id

  func pause(at now: Int64, on engine: CountdownEngine) -> Bool {
    change(on: engine) { cursor in
      guard case .running = cursor.timing else { return false }
      cursor.pause(at: now)
      return true
    }
  }

  func resume(at now: Int64, on engine: CountdownEngine) -> Bool {
    change(on: engine) { cursor in
      guard case .paused = cursor.timing else { return false }
      cursor.resume(at: now)
      return true
    }
  }

  func addTime(_ time: Int64, at now: Int64, on engine: CountdownEngine) -> Bool {
    change(on: engine) { cursor in
      cursor.addTime(time, at: now, in: plan.layout)
      return true
    }
  }

  func detach() {
    state.withLock { $0.detached = true }
  }

  /// Changes the cursor with `change` and, if it changed, hands the phase to the engine.
  private func change(on engine: CountdownEngine, _ change: (inout PhaseCursor) -> Bool) -> Bool {
    followEngine(engine)
    let cursor = state.withLock { state -> PhaseCursor? in
      guard !state.detached, !state.cursor.isEnded(in: plan.layout), change(&state.cursor) else { return nil }
      state.changesOnTheirWay += 1
      return state.cursor
    }
    guard let cursor else { return false }
    register(on: engine, cursor)
    changeHandedOver()
    return true
  }
}
