/// Where a registration walking segments stands at one instant, read under the engine's lock.
package struct SegmentStatus: Hashable, Sendable {
  /// The plan's arithmetic.
  package let layout: SegmentLayout
  /// The current segment's ordinal; the segment count once the plan has ended.
  package let ordinal: Int
  /// Whether the walk is paused (by a pause, or after a segment that pauses).
  package let isPaused: Bool
  /// The current segment's time left in nanoseconds (frozen, while paused); 0 once the plan has
  /// ended.
  package let timeLeft: Int64
  /// When the current segment ends on the engine's clock; `nil` while paused.
  package let end: Int64?
}
