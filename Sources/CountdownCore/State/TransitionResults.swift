// What the transitions of `EngineState` hand back, one small type each: what the caller does once
// the lock is released (``EngineActions``), what it learns (whether a registration was found), and
// what it releases. A handler taken out of the table is never released under the lock: its
// transition's result carries it out, and it is released where the caller lets the result go,
// after the lock (releasing a closure can run a deinit, which is user code).

/// What a registration (``EngineState/register(_:_:_:reading:)``, or one counting up) leaves to do
/// after the lock.
struct Registration {
  /// The timer's part and whether to queue the pass that makes its prompt delivery.
  var actions: EngineActions
  /// The handler of the registration it replaced, if any, released after the lock.
  let replaced: CountdownHandler?
  /// It owes a prompt delivery (its first value): on the delivery queue, the caller makes it
  /// before returning (``CountdownEngine/deliverHere(_:owesPromptDelivery:reading:)``).
  var owesPromptDelivery = false
}

/// What a cancel (``EngineState/cancel(_:)``) found and freed.
struct Cancellation {
  /// Whether the receiver had a running or paused registration.
  let found: Bool
  /// The handler freed now, if any (one removed while a pass runs is kept until the pass ends),
  /// released after the lock.
  let released: CountdownHandler?
}

/// What ending every registration (``EngineState/cancelAll()``) freed.
struct CancellationOfAll {
  /// The handlers freed now (none while a pass runs: it keeps them until it ends), released after
  /// the lock.
  let released: [CountdownHandler]
}

/// What a pause (``EngineState/pause(_:now:)``) found and leaves to do.
struct Pausing {
  /// Whether the receiver had a running or paused registration.
  let found: Bool
  /// The timer's part: with per-countdown alignment, a wakeup for the paused registration's probe.
  let timer: TimerAction
}

/// What a resume (``EngineState/resume(_:now:)``) found and leaves to do.
struct Resumption {
  /// Whether the receiver had a running or paused registration.
  let found: Bool
  /// The timer's part and whether to queue the pass that makes its prompt delivery.
  var actions: EngineActions
  /// It owes a prompt delivery (its current value): on the delivery queue, the caller makes it
  /// before returning (``CountdownEngine/deliverHere(_:owesPromptDelivery:reading:)``).
  var owesPromptDelivery = false
}

/// What time added (``EngineState/addTime(_:to:now:)``) changed and leaves to do.
struct AddedTime {
  /// The change made to the end, in nanoseconds: less than asked for where it was clamped, zero
  /// for no change.
  let applied: Int64
  /// The timer's part and whether to queue the pass that delivers the new value.
  var actions: EngineActions
  /// It owes a prompt delivery (the new value): on the delivery queue, the caller makes it before
  /// returning (``CountdownEngine/deliverHere(_:owesPromptDelivery:reading:)``).
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

/// What a wakeup (``EngineState/timerFired(at:onDeliveryQueue:context:into:)``) leaves to do.
struct Wakeup {
  /// The timer's part and whether to queue a pass: a `var`, so that the caller moves it out
  /// (``EngineActions/take()``).
  var actions: EngineActions
  /// The pass begun in the same lock, on the delivery queue, if any: a `var`, so that the caller
  /// moves it out (`take()`) rather than copying it.
  var pass: BegunPass?
  /// The handlers of registrations its first chunk's preparation removed, released after the lock.
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
  /// The pass begun, if any, for the caller to run: a `var`, so that the caller moves it out
  /// (`take()`) rather than copying it.
  var pass: BegunPass?
  /// The handlers of registrations its first chunk's preparation removed, released after the lock.
  let released: [CountdownHandler]
}

/// What the preparation of a further chunk (``EngineState/prepareChunk(_:_:into:context:preparedAt:)``)
/// freed.
struct PreparedChunk {
  /// The handlers of the registrations the last chunk ended, released after the lock.
  let released: [CountdownHandler]
}

/// What the end of a pass (``EngineState/passFinished(tickInstant:_:reading:)``) leaves to do.
struct FinishedPass {
  /// The timer's part (re-armed if the plan changed): a `var`, so that the caller moves it out
  /// (``EngineActions/take()``). Never a pass to queue: work left is `workLeft`.
  var actions: EngineActions
  /// A pass has work left (a prompt delivery owed by a call made from one of its callbacks, a
  /// wakeup that came while it ran): the caller, on the delivery queue, runs the next pass at once
  /// (``CountdownEngine/deliverPending(at:)``), rather than at the queue's next turn.
  let workLeft: Bool
  /// The handlers of the registrations its last chunk ended and of those it retired, released after
  /// the lock.
  let released: [CountdownHandler]
}
