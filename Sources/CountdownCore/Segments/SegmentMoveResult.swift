/// What a move of a walk (``SegmentMove``) did.
package enum SegmentMoveResult: Hashable, Sendable {
  /// It moved: its call tells the segment it landed on.
  case moved
  /// It moved past the plan's last segment: the registration ended there, without a call, as a
  /// cancel ends it.
  case endedPlan
  /// Its plan had ended already, its final 0 on its way: nothing moved (that call comes as it
  /// would have).
  case planHadEnded
  /// No registration walking segments was found.
  case notFound

  /// Whether it moved the walk (to a segment, or past the plan's last).
  package var moved: Bool { self == .moved || self == .endedPlan }
}
