/// What an engine call must do with the timer and the delivery queue once its lock is released.
/// A transition's result carries it beside what else the call needs (the handlers it freed, to
/// release after the lock: `TransitionResults.swift`).
struct EngineActions {
  var timer: TimerAction = .none
  /// Queue a delivery pass on the delivery queue.
  var queuePass = false

  static let none = EngineActions()

  /// Moves the actions out of a transition's result, leaving none there, as `Optional.take()`
  /// does: copying them out instead would retain the timer an arming holds, and the result's
  /// release would release it again.
  mutating func take() -> EngineActions {
    let taken = consume self
    self = EngineActions()
    return taken
  }
}
