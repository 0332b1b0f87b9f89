/// A prompt delivery prepared under the lock for the call that owes it to make itself, on the
/// delivery queue, without a pass's list and chunk
/// (``EngineState/beginPromptDeliveryHere(_:at:near:)``).
struct PromptDeliveryHere {
  let callback: PreparedCallback
  /// Its preparation put the registration's next change in an index (the ends to come, or the
  /// wheel): the pass's end checks the timer's arming again.
  let scheduled: Bool
}
