/// A phase of a plan at its place in the plan's run: its ordinal, the phase, its index in its
/// cycle, the cycle, and whether it is a long break.
package struct PlanStep: Hashable, Sendable {
  /// The phase's number, counted from 0 across the plan and every cycle.
  package let ordinal: Int
  package let phase: CountdownPhase
  /// Its index in its cycle's phases (a long break: the last index, the phase it replaces).
  package let indexInCycle: Int
  /// Its cycle in its part, from 0 (0 in the warm-up and the cool-down).
  package let cycle: Int
  /// The number of cycles its part runs; `nil`: forever.
  package let cycleCount: Int?
  package let isLongBreak: Bool
}
