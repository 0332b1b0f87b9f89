/// What a registration walking segments is told when its segment changes, or when it is owed a
/// call with its segment (its first, after an operation, after a resume): the one call of that
/// change, made in place of the value's call, never beside it.
package struct SegmentCall: Sendable {
  /// The current segment's value at the call's instant: whole intervals left, rounded up (the
  /// frozen time's, while paused); 0 once the plan has ended.
  package let value: Int
  /// The current segment's ordinal; the plan's segment count once it has ended.
  package let ordinal: Int
  /// The ends passed since the last call that was made, oldest first, bounded.
  package let ends: PassedSegmentEnds
  /// Whether the walk is paused: after a segment that pauses, or by the engine's `pause`.
  package let isPaused: Bool
  /// The clock instant the call stands for.
  package let instant: Int64
  /// What to call.
  let handler: SegmentHandler

  init(
    value: Int, ordinal: Int, ends: PassedSegmentEnds, isPaused: Bool, instant: Int64, handler: @escaping SegmentHandler
  ) {
    self.value = value
    self.ordinal = ordinal
    self.ends = ends
    self.isPaused = isPaused
    self.instant = instant
    self.handler = handler
  }
}

/// What the engine calls for a registration walking segments when its segment changes (or it is
/// owed a call with its segment): the call, and a stop flag that ends the registration after it.
/// Values within a segment go to the registration's ``CountdownHandler``.
package typealias SegmentHandler = @Sendable (_ call: SegmentCall, _ stop: inout Bool) -> Void
