/// A move of a walk to another segment, made under the engine's lock: the segment it lands on
/// starts at its full length (less `offset`), running or paused as the walk was, and no end is
/// reported for the segment left.
package enum SegmentMove: Hashable, Sendable {
  /// To the next segment; past the last one, the plan ends.
  case skip
  /// The current segment, again.
  case restart
  /// The segment before the current one; at the first, the first again.
  case back
  /// To the segment `ordinal`, `offset` nanoseconds into it (0 or more, below its length); an
  /// ordinal at or past the plan's segment count ends the plan.
  case seek(ordinal: Int, offset: Int64)
}
