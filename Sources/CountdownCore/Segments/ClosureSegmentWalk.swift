/// A walk that tells its calls to a closure: the engine's own registrations of a walk without a
/// subclass (``CountdownEngine/register(_:walking:from:left:whileSuspended:delivering:paused:readAt:callsFirst:handler:onSegment:)``).
package final class ClosureSegmentWalk: SegmentWalk, @unchecked Sendable {
  // @unchecked Sendable: as its superclass; `onSegment` is constant.
  private let onSegment: SegmentHandler

  package init(
    layout: SegmentLayout, ordinal: Int, deliveries: CountdownDeliveries, onSegment: @escaping SegmentHandler
  ) {
    self.onSegment = onSegment
    super.init(layout: layout, ordinal: ordinal, deliveries: deliveries)
  }

  override package func segmentChanged(_ call: SegmentCall, stop: inout Bool) {
    onSegment(call, &stop)
  }
}

/// What the engine calls for a registration walking segments when its segment changes (or it is
/// owed a call with its segment): the call, and a stop flag that ends the registration after it.
/// Values within a segment go to the registration's ``CountdownHandler``.
package typealias SegmentHandler = @Sendable (_ call: SegmentCall, _ stop: inout Bool) -> Void
