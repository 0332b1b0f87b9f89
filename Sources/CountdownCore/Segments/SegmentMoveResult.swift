/// What a move of a walk (``SegmentMove``) did.
package enum SegmentMoveResult: Hashable, Sendable {
  /// It moved: its call tells the segment it landed on.
  case moved
  /// It moved past the plan's last segment: the registration ended there, without a call, as a
  /// cancel ends it.
  case endedPlan
  /// No registration walking segments was found (or its plan had ended already).
  case notFound
}
