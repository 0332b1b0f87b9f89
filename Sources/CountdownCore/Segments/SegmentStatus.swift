/// Where a registration walking segments stands at one instant, read under the engine's lock.
package struct SegmentStatus: Sendable {
  /// The walk, as registered (a subclass's object), with its plan's arithmetic (``SegmentWalk/layout``).
  package let walk: SegmentWalk
  /// The current segment's ordinal; the segment count once the plan has ended.
  package let ordinal: Int
  /// Whether the walk is paused (by a pause, or after a segment that pauses).
  package let isPaused: Bool
  /// The current segment's time left in nanoseconds (frozen, while paused); 0 once the plan has
  /// ended.
  package let timeLeft: Int64
  /// When the current segment ends on the engine's clock; `nil` while paused, or once the plan has
  /// ended.
  package let end: Int64?
  /// The current segment's span, start to end: its length, with the time added to it since it
  /// began (less, for time taken); 0 once the plan has ended.
  package let span: Int64
}
