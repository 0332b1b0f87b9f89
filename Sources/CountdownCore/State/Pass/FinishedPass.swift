/// What the end of a pass (``EngineState/passFinished(tickInstant:_:reading:)``) leaves to do.
struct FinishedPass {
  /// A `var`, so that the caller moves it out. Never a pass to queue: work left is `workLeft`.
  var actions: EngineActions
  /// A pass has work left (a prompt delivery owed by a call made from one of its callbacks, a
  /// wakeup that came while it ran): the caller runs the next pass at once, not at the queue's
  /// next turn.
  let workLeft: Bool
  let released: [CountdownHandler]
}
