// What the transitions of `EngineState` hand back, one small type each: what the caller does once
// the lock is released (``EngineActions``), what it learns, and the handlers it releases there
// (releasing a closure can run a deinit, which is user code). A handler freed while a pass runs is
// kept until the pass ends (rule 6).

/// What a registration (``EngineState/register(_:_:_:reading:deliveringHereWith:)``, or one counting up) leaves to do
/// after the lock.
struct Registration {
  var actions: EngineActions
  let replaced: CountdownHandler?
  /// It owes a prompt delivery (its first value): on the delivery queue, the caller makes it
  /// before returning (``CountdownEngine/deliverHere(_:owesPromptDelivery:reading:)``).
  var owesPromptDelivery = false
  /// Where its node was left in the table's pool, for the prompt delivery made in the same lock
  /// (``EngineState/beginPromptDeliveryHere(_:at:near:)``).
  var position = Int.max
  /// Its first value, prepared in the registration's lock as a pass of that one callback, for the
  /// caller on the delivery queue to make before returning
  /// (``EngineState/register(_:_:_:reading:deliveringHereWith:)``).
  var delivery: PromptDeliveryHere?
}

/// What a cancel (``EngineState/cancel(_:)``) found and freed.
struct Cancellation {
  /// Whether the receiver had a running or paused registration.
  let found: Bool
  let released: CountdownHandler?
  /// The timer disarmed, if this took the last registration.
  let timer: TimerAction
}

/// What ending every registration (``EngineState/cancelAll()``) freed.
struct CancellationOfAll {
  let released: [CountdownHandler]
  /// The timer disarmed, if it was armed.
  let timer: TimerAction
}

/// What a pause (``EngineState/pause(_:now:)``) found and leaves to do.
struct Pausing {
  let found: Bool
  /// A wakeup for the paused registration's probe, if none comes sooner.
  let timer: TimerAction
}

/// What a resume (``EngineState/resume(_:now:)``) found and leaves to do.
struct Resumption {
  let found: Bool
  var actions: EngineActions
  /// It owes a prompt delivery (its current value), as ``Registration/owesPromptDelivery``.
  var owesPromptDelivery = false
}

/// What time added (``EngineState/addTime(_:to:now:)``) changed and leaves to do.
struct AddedTime {
  /// The change made to the end, in nanoseconds: less than asked for where it was clamped, zero
  /// for no change.
  let applied: Int64
  var actions: EngineActions
  /// It owes a prompt delivery (the new value), as ``Registration/owesPromptDelivery``.
  var owesPromptDelivery = false
}

/// A delivery pass begun under the lock, its first chunk prepared, for the caller to run. The
/// caller runs it in place (``CountdownEngine/runPass(_:_:context:reading:)``): a copy would retain
/// every array of its kind and progress, and leave those arrays shared, so that the first append
/// to one copies its buffer.
struct BegunPass {
  let kind: PassKind
  var progress: PassProgress
}

/// What a wakeup (``EngineState/timerFired(at:generation:onDeliveryQueue:context:into:)``) leaves to do.
struct Wakeup {
  /// A `var`, as `pass` is, so that the caller moves it out (``EngineActions/take()``) rather than
  /// copying it.
  var actions: EngineActions
  /// The pass begun in the same lock, on the delivery queue, if any.
  var pass: BegunPass?
  let released: [CountdownHandler]
}

/// What a manual clock's settling (``EngineState/timerSettled(onDeliveryQueue:)``) leaves to do.
struct Settling {
  /// Queue a pass for what is pending.
  let queuePass: Bool
  /// The caller, on the delivery queue, delivers what is pending there itself.
  let deliverHere: Bool
}

/// What a pass's start (``EngineState/passBegan(_:at:into:)``) leaves to do.
struct PassStart {
  /// The pass begun, if any: a `var`, so that the caller moves it out rather than copying it.
  var pass: BegunPass?
  let released: [CountdownHandler]
}

/// The handlers freed by the preparation of a chunk (``EngineState/prepareChunk(_:_:into:context:preparedAt:)``):
/// the chunk itself is the ``DeliveryChunk`` it filled.
struct ChunkReleases {
  let released: [CountdownHandler]
}

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
