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
