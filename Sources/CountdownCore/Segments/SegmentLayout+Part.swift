extension SegmentLayout {
  /// One part of a plan (one ``SegmentBlock``), with the arithmetic of its cycles. Times are
  /// nanoseconds from the part's start; a part's segments are counted from 0, every cycle counted.
  ///
  /// A cycle of `m` segments lasts ``cycle``; with a long break every `k` cycles, the `k`-th lasts
  /// longer (or shorter) by the break's difference, and `k` cycles make a round of ``round``. Without one, `k` is 1 and a round is
  /// a cycle. So a segment's start, and the segment at an offset, are a division and a binary
  /// search over one cycle's starts, whatever the number of cycles before it.
  package struct Part: Hashable, Sendable {
    /// The number of segments in one cycle.
    package let segmentsPerCycle: Int
    /// Whether a long break takes the cycle's last segment's place every ``every`` cycles.
    package let hasLongBreak: Bool
    /// Every how many cycles the long break comes; 1 without one.
    package let every: Int
    /// Each segment's start in a cycle, and the cycle's length last: `segmentsPerCycle + 1` values.
    package let starts: [Int64]
    /// A cycle without the long break.
    package let cycle: Int64
    /// `every` cycles, the last one long.
    package let round: Int64
    /// The number of segments the part runs; `nil`: forever. (Worked out last for a part cut at a
    /// total time, from its own arithmetic.)
    package private(set) var segmentCount: Int?
    /// How long the part lasts; `nil`: forever.
    package let length: Int64?
    /// The number of cycles the part runs, a last one cut short at a total time counted; `nil`:
    /// forever.
    package var cycleCount: Int? {
      segmentCount.map { $0 / segmentsPerCycle + ($0 % segmentsPerCycle == 0 ? 0 : 1) }
    }
    /// The ordinal of the part's first segment in the plan.
    package let firstOrdinal: Int
    /// The part's start, from the plan's start.
    package let startOffset: Int64
    /// The indices in a cycle of the segments after which the walk pauses, in order (the last
    /// index for the cycle's last segment, not for the long break in its place).
    package let pausing: [Int]
    /// Whether the walk pauses after the long break.
    package let longBreakPauses: Bool

    /// Checks `block` and works out its arithmetic, for a part whose first segment has ordinal
    /// `firstOrdinal` and starts `startOffset` after the plan's start.
    init(_ block: SegmentBlock, firstOrdinal: Int, startOffset: Int64) throws(CountdownError) {
      guard !block.lengths.isEmpty else { throw .emptyPlan }
      guard block.pausesAfter.count == block.lengths.count else { throw .invalidCombination }
      var starts: [Int64] = [0]
      starts.reserveCapacity(block.lengths.count + 1)
      for length in block.lengths {
        try Self.check(length)
        let (next, overflow) = starts[starts.count - 1].addingReportingOverflow(length)
        guard !overflow else { throw .outOfRange }
        starts.append(next)
      }
      let cycle = starts[starts.count - 1]
      var every = 1
      var longCycle = cycle
      if let longBreak = block.longBreakLength {
        guard block.longBreakEvery >= 1 else { throw .invalidRepetition }
        try Self.check(longBreak)
        every = block.longBreakEvery
        let last = starts[starts.count - 1] - starts[starts.count - 2]
        let (long, overflow) = (cycle - last).addingReportingOverflow(longBreak)
        guard !overflow else { throw .outOfRange }
        longCycle = long
      }
      let (shortCycles, multiplyOverflow) = Int64(every - 1).multipliedReportingOverflow(by: cycle)
      let (round, addOverflow) = shortCycles.addingReportingOverflow(longCycle)
      guard !multiplyOverflow, !addOverflow else { throw .outOfRange }
      var segmentCount: Int?
      var length: Int64?
      var isCut = false
      switch block.repetition {
      case .times(let count):
        guard count >= 1 else { throw .invalidRepetition }
        let (rounds, rest) = count.quotientAndRemainder(dividingBy: every)
        let (roundsTime, roundsOverflow) = Int64(rounds).multipliedReportingOverflow(by: round)
        let (restTime, restOverflow) = Int64(rest).multipliedReportingOverflow(by: cycle)
        let (total, totalOverflow) = roundsTime.addingReportingOverflow(restTime)
        let (segments, segmentsOverflow) = count.multipliedReportingOverflow(by: block.lengths.count)
        guard !roundsOverflow, !restOverflow, !totalOverflow, !segmentsOverflow else { throw .outOfRange }
        (segmentCount, length) = (segments, total)
      case .lasting(let total):
        try Self.check(total)
        (length, isCut) = (total, true)
      case .forever:
        break
      }
      segmentsPerCycle = block.lengths.count
      hasLongBreak = block.longBreakLength != nil
      self.every = every
      self.starts = starts
      self.cycle = cycle
      self.round = round
      self.segmentCount = segmentCount
      self.length = length
      self.firstOrdinal = firstOrdinal
      self.startOffset = startOffset
      pausing = block.pausesAfter.indices.filter { block.pausesAfter[$0] }
      longBreakPauses = block.longBreakLength != nil && block.longBreakPausesAfter
      if isCut, let length {
        // The segments that start before the total: the one running at its last instant, and
        // those before it.
        self.segmentCount = index(at: length - 1).addingSaturated(1)
      }
    }

    /// A length or a total, above zero.
    private static func check(_ length: Int64) throws(CountdownError) {
      guard length > 0 else { throw length == 0 ? .zeroDuration : .negativeDuration }
    }

    /// Where the part's `index`-th segment (every cycle counted) sits in its cycle, and whether it
    /// is the long break.
    package func place(of index: Int) -> (indexInCycle: Int, cycle: Int, isLongBreak: Bool) {
      let (cycleNumber, indexInCycle) = index.quotientAndRemainder(dividingBy: segmentsPerCycle)
      let isLongBreak = hasLongBreak && indexInCycle == segmentsPerCycle - 1 && cycleNumber % every == every - 1
      return (indexInCycle, cycleNumber, isLongBreak)
    }

    /// Where the part's `index`-th segment starts, from the part's start (for `index` equal to the
    /// number of segments of a part that ends, its length). Saturates at `Int64.max`, beyond any
    /// clock.
    package func start(of index: Int) -> Int64 {
      let (cycleNumber, indexInCycle) = index.quotientAndRemainder(dividingBy: segmentsPerCycle)
      let (rounds, cycleInRound) = cycleNumber.quotientAndRemainder(dividingBy: every)
      let (roundsTime, overflow) = Int64(rounds).multipliedReportingOverflow(by: round)
      guard !overflow else { return .max }
      // The cycles of the round before this one are short: every long one ends a round.
      let offset = roundsTime.addingSaturated(Int64(cycleInRound) &* cycle).addingSaturated(starts[indexInCycle])
      return length.map { min(offset, $0) } ?? offset
    }

    /// Where the part's `index`-th segment ends: the next one's start, or the part's end.
    package func end(of index: Int) -> Int64 {
      start(of: index + 1)
    }

    /// The index of the segment running `offset` after the part's start, `0 <= offset` and below
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
      // The last start at or before `inCycle`; the long break, longer than the segment it
      // replaces, holds the rest of a long cycle.
      var low = 0
      var high = segmentsPerCycle - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= inCycle { low = middle } else { high = middle - 1 }
      }
      let cycleNumber = Int(clamping: rounds).multipliedSaturated(by: every).addingSaturated(Int(cycleInRound))
      return cycleNumber.multipliedSaturated(by: segmentsPerCycle).addingSaturated(low)
    }

    /// The index of the first segment, at `index` or after it, after which the walk pauses; `nil`:
    /// none in this part. At most three cycles are looked at, and then one division: the segments
    /// that pause repeat with the cycle, and a long break every few cycles.
    package func firstPausing(from index: Int) -> Int? {
      let count = segmentsPerCycle
      guard !pausing.isEmpty || longBreakPauses else { return nil }
      var (cycleNumber, indexInCycle) = index.quotientAndRemainder(dividingBy: count)
      for _ in 0..<3 {
        if let found = firstPausing(inCycle: cycleNumber, from: indexInCycle) {
          return within(cycleNumber.multipliedSaturated(by: count).addingSaturated(found))
        }
        cycleNumber = cycleNumber.addingSaturated(1)
        indexInCycle = 0
      }
      // Three cycles in a row found none: only a long break can pause (a segment of every cycle,
      // or the last segment of a short one, would have been among them).
      guard hasLongBreak, longBreakPauses else { return nil }
      let longBreakCycle = cycleNumber.addingSaturated(every - 1 - cycleNumber % every)
      return within(longBreakCycle.multipliedSaturated(by: count).addingSaturated(count - 1))
    }

    /// The first index in `cycle`, from `indexInCycle`, of a segment after which the walk pauses.
    private func firstPausing(inCycle cycle: Int, from indexInCycle: Int) -> Int? {
      let isLong = hasLongBreak && (cycle % every) == every - 1
      for candidate in pausing where candidate >= indexInCycle {
        if isLong && candidate == segmentsPerCycle - 1 { break }
        return candidate
      }
      return isLong && longBreakPauses ? segmentsPerCycle - 1 : nil
    }

    /// `index`, if the part runs that many segments.
    private func within(_ index: Int) -> Int? {
      if let segmentCount, index >= segmentCount { return nil }
      return index
    }
  }
}
