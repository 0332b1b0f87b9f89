/// What a registration walking segments is told when its segment changes, or when it is owed a
/// call with its segment (its first, after a move, a resume, time added): the one call of that
/// change, made in place of the value's call, never beside it. A walk that skips changes (only
/// its segments' ends, or milestones) is told every delivery so.
///
/// A class, immutable: a prompt delivery carries it as one optional reference, so that a plain
/// registration's delivery, which carries none, copies nothing more (a struct made every plain
/// prompt delivery copy its whole layout).
@_spi(Walks) public final class SegmentCall: Sendable {
  /// The current segment's value at the call's instant: whole intervals left, rounded up (the
  /// frozen time's, while paused; at a milestone, that milestone); 0 once the plan has ended.
  package let value: Int
  /// The current segment's ordinal; the plan's segment count once it has ended.
  package let ordinal: Int
  /// The ends passed since the last call that was made, oldest first, bounded.
  package let ends: PassedSegmentEnds
  /// Whether the walk is paused: after a segment that pauses, or by the engine's `pause`.
  package let isPaused: Bool
  /// The current segment's time left at the call's instant, in nanoseconds (its frozen time,
  /// while paused); 0 once the plan has ended.
  package let timeLeft: Int64
  /// When the current segment ends, on the engine's clock; `nil` while paused or once the plan
  /// has ended.
  package let end: Int64?
  /// The clock instant the call stands for.
  package let instant: Int64
  /// The walk it tells (``SegmentWalk/segmentChanged(_:stop:)``).
  let walk: SegmentWalk

  init(
    value: Int, ordinal: Int, ends: PassedSegmentEnds, isPaused: Bool, timeLeft: Int64, end: Int64?, instant: Int64,
    walk: SegmentWalk
  ) {
    self.value = value
    self.ordinal = ordinal
    self.ends = ends
    self.isPaused = isPaused
    self.timeLeft = timeLeft
    self.end = end
    self.instant = instant
    self.walk = walk
  }
}
