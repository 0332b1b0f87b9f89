/// One callback, prepared under the lock and made after it is released. 32 bytes on 64-bit
/// platforms, so that a chunk of 1 024 fits in a first-level data cache of 32 KB: the slot, the
/// handler's two words, and one word holding the value (its upper 61 bits, signed) and three flags.
struct PreparedCallback {
  /// The registration: compared with what was withdrawn while the pass runs (rule 6).
  let slot: SlotReference
  /// Its handler, copied from its node (which may move before the call), not retained (rule 6).
  let handler: UnownedHandler
  /// The value (upper 61 bits) and the flags (``endsFlag``, ``milestoneFlag``,
  /// ``segmentCallFlag``). A timing's values lie within ±(2⁵⁵ − 1)
  /// (``CountdownTiming/maximumValue``), well inside 61 bits.
  private let word: Int64

  private static let flagBits: Int64 = 3
  private static let endsFlag: Int64 = 1 << 0
  private static let milestoneFlag: Int64 = 1 << 1
  private static let segmentCallFlag: Int64 = 1 << 2

  @inline(__always)
  init(slot: SlotReference, handler: UnownedHandler, value: Int, ends: Bool, milestone: Bool) {
    self.slot = slot
    self.handler = handler
    word = Int64(value) << Self.flagBits | (ends ? Self.endsFlag : 0) | (milestone ? Self.milestoneFlag : 0)
  }

  /// A segment change's call (``SegmentCall``), in place of the value's: its value is the call's
  /// place among those its pass prepared (``PassFindings/segmentCalls``).
  @inline(__always)
  init(slot: SlotReference, handler: UnownedHandler, segmentCall position: Int, ends: Bool) {
    self.slot = slot
    self.handler = handler
    word = Int64(position) << Self.flagBits | (ends ? Self.endsFlag : 0) | Self.segmentCallFlag
  }

  @inline(__always)
  var value: Int { Int(truncatingIfNeeded: word >> Self.flagBits) }

  /// Whether this is a segment change's call, whose ``value`` is its place among the pass's.
  @inline(__always)
  var isSegmentCall: Bool { word & Self.segmentCallFlag != 0 }

  /// Whether this is a final 0 or a segment change's call: either takes the call's rare path.
  @inline(__always)
  var endsOrCallsSegment: Bool { word & (Self.endsFlag | Self.segmentCallFlag) != 0 }

  /// This is the final 0: the registration ends after the call.
  @inline(__always)
  var ends: Bool { word & Self.endsFlag != 0 }

  /// This is a milestone (``CountdownDeliveries/milestones(_:)``) above 0: one a pause skips is
  /// planned again for the resume (``EngineState/restoreSkippedMilestones(_:now:)``).
  @inline(__always)
  var milestone: Bool { word & Self.milestoneFlag != 0 }
}
