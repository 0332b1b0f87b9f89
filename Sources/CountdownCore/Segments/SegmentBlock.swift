/// One part of a plan as the engine walks it: a cycle of segments, each with its length and
/// whether the walk pauses after it, repeated a number of times, for a total time, or forever,
/// with an optional long break in place of the cycle's last segment every few cycles.
///
/// The engine knows nothing of what a segment means (a phase's name, its purpose): the Kit keeps
/// that beside the plan and finds it by the segment's place (``SegmentStep``).
package struct SegmentBlock: Hashable, Sendable {
  /// How often the cycle runs.
  package enum Repetition: Hashable, Sendable {
    /// This many cycles, at least 1.
    case times(Int)
    /// Cycles until this many nanoseconds have passed, the last segment cut short at that total.
    case lasting(Int64)
    /// Cycles until the registration is cancelled.
    case forever
  }

  /// One cycle's segments, in order: each one's length in nanoseconds.
  package var lengths: [Int64]
  /// For each of ``lengths``, whether the walk pauses after that segment.
  package var pausesAfter: [Bool]
  package var repetition: Repetition
  /// The long break's length, in place of the cycle's last segment every ``longBreakEvery``
  /// cycles; `nil`: none.
  package var longBreakLength: Int64?
  /// Whether the walk pauses after the long break.
  package var longBreakPausesAfter: Bool
  /// Every how many cycles the long break comes.
  package var longBreakEvery: Int

  package init(
    lengths: [Int64], pausesAfter: [Bool]? = nil, repetition: Repetition = .times(1), longBreakLength: Int64? = nil,
    longBreakPausesAfter: Bool = false, longBreakEvery: Int = 4
  ) {
    self.lengths = lengths
    self.pausesAfter = pausesAfter ?? Array(repeating: false, count: lengths.count)
    self.repetition = repetition
    self.longBreakLength = longBreakLength
    self.longBreakPausesAfter = longBreakPausesAfter
    self.longBreakEvery = longBreakEvery
  }
}
