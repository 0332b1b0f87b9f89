import CountdownCore

extension PlanLayout {
  /// One part of a plan: its warm-up, a block, or its cool-down (the warm-up and the cool-down are
  /// blocks run once, without a long break), with the arithmetic of its cycles. Times are
  /// nanoseconds from the part's start; a part's phases are counted from 0, every cycle counted.
  ///
  /// A cycle of `m` phases lasts ``cycle``; with a long break every `k` cycles, the `k`-th lasts
  /// ``longCycle`` and `k` cycles make a round of ``round``. Without one, `k` is 1 and a round is
  /// a cycle. So a phase's start, and the phase at an offset, are a division and a binary search
  /// over one cycle's starts, whatever the number of cycles before it.
  package struct Part: Hashable, Sendable {
    /// Where the part sits in the plan.
    package let place: PlanPlace
    /// One cycle's phases, in order.
    package let phases: [CountdownPhase]
    /// The phase in place of the last one of every `every`-th cycle; `nil`: none.
    package let longBreak: CountdownPhase?
    /// Every how many cycles the long break comes; 1 without one.
    package let every: Int
    /// Each phase's start in a cycle, and the cycle's length last: `phases.count + 1` values.
    package let starts: [Int64]
    /// A cycle without the long break.
    package let cycle: Int64
    /// The cycle that ends with the long break (``cycle`` without one).
    package let longCycle: Int64
    /// `every` cycles, the last one long.
    package let round: Int64
    /// The number of phases the part runs; `nil`: forever.
    package let phaseCount: Int?
    /// How long the part lasts; `nil`: forever.
    package let length: Int64?
    /// Whether the part ends at a total time, cutting its last phase short.
    package let isCut: Bool
    /// The ordinal of the part's first phase in the plan.
    package let firstOrdinal: Int
    /// The part's start, from the plan's start.
    package let startOffset: Int64
    /// The indices in a cycle of the phases after which the plan pauses, in order (the last
    /// index for the cycle's last phase, not for the long break in its place).
    package let pausing: [Int]
    /// Whether the plan pauses after the long break.
    package let longBreakPauses: Bool

    /// The phase at the part's `index`-th phase (every cycle counted), where it sits in its cycle,
    /// and whether it is the long break.
    package func phase(at index: Int) -> (phase: CountdownPhase, indexInCycle: Int, cycle: Int, isLongBreak: Bool) {
      let (cycleNumber, indexInCycle) = index.quotientAndRemainder(dividingBy: phases.count)
      if let longBreak, indexInCycle == phases.count - 1, cycleNumber % every == every - 1 {
        return (longBreak, indexInCycle, cycleNumber, true)
      }
      return (phases[indexInCycle], indexInCycle, cycleNumber, false)
    }

    /// Where the part's `index`-th phase starts, from the part's start (for `index` equal to the
    /// number of phases of a part that ends, its length). Saturates at `Int64.max`, beyond any
    /// clock.
    package func start(of index: Int) -> Int64 {
      let (cycleNumber, indexInCycle) = index.quotientAndRemainder(dividingBy: phases.count)
      let (rounds, cycleInRound) = cycleNumber.quotientAndRemainder(dividingBy: every)
      let (roundsTime, overflow) = Int64(rounds).multipliedReportingOverflow(by: round)
      guard !overflow else { return .max }
      // The cycles of the round before this one are short: every long one ends a round.
      let offset = roundsTime.addingSaturated(Int64(cycleInRound) &* cycle).addingSaturated(starts[indexInCycle])
      return length.map { min(offset, $0) } ?? offset
    }

    /// Where the part's `index`-th phase ends: the next one's start, or the part's end.
    package func end(of index: Int) -> Int64 {
      start(of: index + 1)
    }

    /// The index of the phase running `offset` after the part's start, `0 <= offset` and below
    /// the part's length.
    package func index(at offset: Int64) -> Int {
      let (rounds, inRound) = offset.quotientAndRemainder(dividingBy: round)
      let shortCycles = Int64(every - 1) * cycle
      let cycleInRound: Int64
      let inCycle: Int64
      if inRound < shortCycles {
        (cycleInRound, inCycle) = inRound.quotientAndRemainder(dividingBy: cycle)
      } else {
        (cycleInRound, inCycle) = (Int64(every - 1), inRound - shortCycles)
      }
      // The last start at or before `inCycle`; the long break, longer than the phase it replaces,
      // holds the rest of a long cycle.
      var low = 0
      var high = phases.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= inCycle { low = middle } else { high = middle - 1 }
      }
      let cycleNumber = Int(clamping: rounds).multipliedSaturated(by: every).addingSaturated(Int(cycleInRound))
      return cycleNumber.multipliedSaturated(by: phases.count).addingSaturated(low)
    }

    /// The index of the first phase, at `index` or after it, after which the plan pauses; `nil`:
    /// none in this part. At most three cycles are looked at, and then one division: the
    /// phases that pause repeat with the cycle, and a long break every few cycles.
    package func firstPausing(from index: Int) -> Int? {
      let count = phases.count
      guard !pausing.isEmpty || longBreakPauses else { return nil }
      var (cycleNumber, indexInCycle) = index.quotientAndRemainder(dividingBy: count)
      for _ in 0..<3 {
        if let found = firstPausing(inCycle: cycleNumber, from: indexInCycle) {
          return within(cycleNumber.multipliedSaturated(by: count).addingSaturated(found))
        }
        cycleNumber = cycleNumber.addingSaturated(1)
        indexInCycle = 0
      }
      // Three cycles in a row found none: only a long break can pause (a phase of every cycle,
      // or the last phase of a short one, would have been among them).
      guard longBreak != nil, longBreakPauses else { return nil }
      let longBreakCycle = cycleNumber.addingSaturated(every - 1 - cycleNumber % every)
      return within(longBreakCycle.multipliedSaturated(by: count).addingSaturated(count - 1))
    }

    /// The first index in `cycle`, from `indexInCycle`, of a phase after which the plan pauses.
    private func firstPausing(inCycle cycle: Int, from indexInCycle: Int) -> Int? {
      let isLong = longBreak != nil && (cycle % every) == every - 1
      for candidate in pausing where candidate >= indexInCycle {
        if isLong && candidate == phases.count - 1 { break }
        return candidate
      }
      return isLong && longBreakPauses ? phases.count - 1 : nil
    }

    /// `index`, if the part runs that many phases.
    private func within(_ index: Int) -> Int? {
      if let phaseCount, index >= phaseCount { return nil }
      return index
    }
  }
}
