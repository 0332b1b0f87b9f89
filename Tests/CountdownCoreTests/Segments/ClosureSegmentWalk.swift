@_spi(Walks) import CountdownCore

/// A walk that tells its calls to a closure: the engine's tests' and simulation's walks, which no
/// subclass of their own keeps anything beside.
final class ClosureSegmentWalk: SegmentWalk, @unchecked Sendable {
  // @unchecked Sendable: as its superclass; `onSegment` is constant.
  private let onSegment: SegmentHandler

  init(layout: SegmentLayout, ordinal: Int, deliveries: CountdownDeliveries, onSegment: @escaping SegmentHandler) {
    self.onSegment = onSegment
    super.init(layout: layout, ordinal: ordinal, deliveries: deliveries)
  }

  override func segmentChanged(_ call: SegmentCall, stop: inout Bool) {
    onSegment(call, &stop)
  }
}

/// What a test's walk calls when its segment changes (or it is owed a call with its segment): the
/// call, and a stop flag that ends the registration after it.
typealias SegmentHandler = @Sendable (_ call: SegmentCall, _ stop: inout Bool) -> Void

extension CountdownEngine {
  /// `register(_:walk:left:whileSuspended:paused:readAt:callsFirst:onDeliveryQueue:handler:)` for a
  /// ``ClosureSegmentWalk`` of `layout` from segment `ordinal`, delivering `deliveries`, whose
  /// segment calls go to `onSegment`.
  func register(
    _ receiver: AnyObject, walking layout: SegmentLayout, from ordinal: Int = 0, left: Int64? = nil,
    whileSuspended policy: SuspensionPolicy = .keepsRunning, delivering deliveries: CountdownDeliveries = .everyChange,
    paused: Bool = false, readAt: CountdownInstant? = nil, callsFirst: Bool = true,
    handler: @escaping CountdownHandler, onSegment: @escaping SegmentHandler
  ) throws(CountdownError) {
    let walk = ClosureSegmentWalk(layout: layout, ordinal: ordinal, deliveries: deliveries, onSegment: onSegment)
    try register(
      receiver, walk: walk, left: left, whileSuspended: policy, paused: paused, readAt: readAt, callsFirst: callsFirst,
      handler: handler)
  }
}
