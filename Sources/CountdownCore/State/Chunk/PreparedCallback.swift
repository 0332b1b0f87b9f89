/// One callback, prepared under the lock and made after it is released. 32 bytes on 64-bit
/// platforms, so that a chunk of 1 024 fits in a first-level data cache of 32 KB: the slot, the
/// handler's two words, and one word holding the value (its upper 62 bits, signed) and two flags.
struct PreparedCallback {
  /// The registration: compared with what was withdrawn while the pass runs (rule 6).
  let slot: SlotReference
  /// Its handler, copied from its node (which may move before the call), not retained (rule 6).
  let handler: UnownedHandler
  /// The value (upper 62 bits) and the flags (``endsFlag``, ``milestoneFlag``). A timing's
  /// values lie within ±(2⁵⁵ − 1) (``CountdownTiming/maximumValue``), well inside 62 bits.
  private let word: Int64

  private static let flagBits: Int64 = 2
  private static let endsFlag: Int64 = 1 << 0
  private static let milestoneFlag: Int64 = 1 << 1

  @inline(__always)
  init(slot: SlotReference, handler: UnownedHandler, value: Int, ends: Bool, milestone: Bool) {
    self.slot = slot
    self.handler = handler
    word = Int64(value) << Self.flagBits | (ends ? Self.endsFlag : 0) | (milestone ? Self.milestoneFlag : 0)
  }

  @inline(__always)
  var value: Int { Int(truncatingIfNeeded: word >> Self.flagBits) }

  /// This is the final 0: the registration ends after the call.
  @inline(__always)
  var ends: Bool { word & Self.endsFlag != 0 }

  /// This is a milestone (``CountdownDeliveries/milestones(_:)``) above 0: one a pause skips is
  /// planned again for the resume (``EngineState/restoreSkippedMilestones(_:now:)``).
  @inline(__always)
  var milestone: Bool { word & Self.milestoneFlag != 0 }
}
