/// What a registration keeps in its slot beside a plain countdown's fields, if anything: its
/// milestones, or its walk of a plan's segments (which holds its milestones, if it has any). One optional
/// reference, 8 bytes: the two cases fit in a class pointer's spare bits, so a slot holds it
/// without a table of its own, and reaching it is a load, never a hash.
package enum SlotAttachment {
  /// The milestones of a registration delivered at them.
  case milestones(MilestoneList)
  /// The walk of a registration walking segments.
  case walk(SegmentWalk)
}
