// The engine's suspension: the timer stops, and a resume owes every registration its value.

extension EngineState {
  /// Stops the timer's wakeups from clock instant `now` on (a reading made before the lock,
  /// clamped here by ``monotone(_:)``). Returns what the timer must do after the lock.
  mutating func suspendTicking(at now: Int64) -> TimerAction {
    let now = monotone(now)
    guard suspension.suspend(at: now) else { return .none }
    defer { checkInvariantsIfEnabled() }
    guard arming.armedAt != nil else { return .none }
    return arm(at: nil)
  }

  /// Ends a suspension at clock instant `now` (clamped by ``monotone(_:)``): every running
  /// registration is owed a prompt delivery, so its current value is delivered even if it did not
  /// change. Returns what to do after the lock: queue the pass that delivers them, unless the
  /// engine was not suspended.
  mutating func resumeTicking(at now: Int64) -> EngineActions {
    let now = monotone(now)
    guard suspension.resume(at: now) else { return .none }
    noteRegistrationRead(now)
    table.withNodes { nodes, _ in
      for position in nodes.indices {
        nodes[position].timing.requestPromptDelivery()
      }
    }
    pendingWork.noteEveryValueOwed()
    wheelCursor.requireWalk()
    var actions = EngineActions()
    actions.queuePass = requestPass()
    checkInvariantsIfEnabled()
    return actions
  }
}
