// What the transitions of `EngineState` hand back is a small type beside each transition: what the
// caller does once the lock is released (these actions), what it learns, and the handlers it
// releases there (releasing a closure can run a deinit, which is user code). A handler freed while
// a pass runs is kept until the pass ends (rule 6).

/// What an engine call must do with the timer and the delivery queue once its lock is released.
struct EngineActions {
  var timer: TimerAction = .none
  /// Queue a delivery pass on the delivery queue: the state marked one queued
  /// (``PendingWork/passQueued``). A caller already on that queue may run the pass itself instead
  /// (``CountdownEngine/deliverHere(_:owesPromptDelivery:reading:)``); any pass clears the mark.
  var queuePass = false

  static let none = EngineActions()

  /// Moves the actions out of a transition's result, as `Optional.take()` does: a copy would
  /// retain the timer an arming holds.
  mutating func take() -> EngineActions {
    let taken = consume self
    self = EngineActions()
    return taken
  }
}
