/// Where one segment sits in its plan's run: its ordinal, its part, its index in its cycle, the
/// cycle, and whether it is a long break.
package struct SegmentStep: Hashable, Sendable {
  /// The segment's number, counted from 0 across the plan and every cycle.
  package let ordinal: Int
  /// The index of its part (its block) in the plan.
  package let part: Int
  /// Its index in its cycle's segments (a long break: the last index, the segment it replaces).
  package let indexInCycle: Int
  /// Its cycle in its part, from 0.
  package let cycle: Int
  package let isLongBreak: Bool
}
