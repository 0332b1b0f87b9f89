import CountdownCore

/// A plan's arithmetic: its parts (warm-up, blocks, cool-down) laid end to end, each with its
/// first ordinal and its start, so that where a phase starts, and which phase runs at a time, are
/// found without walking the phases before it. Made once, by ``CountdownPlan``'s initializer,
/// which it checks for; every time is nanoseconds from the plan's start, with nothing paused,
/// skipped or added.
///
/// Its costs: O(log *q*) to find a part (*q* parts, a binary search) and O(log *m*) to find a
/// phase in a cycle of *m* phases, whatever the number of cycles run before it.
package struct PlanLayout: Hashable, Sendable {
  /// The parts that have phases, in order.
  package let parts: [Part]
  /// The number of phases the plan runs; `nil`: forever.
  package let phaseCount: Int?
  /// How long the plan lasts; `nil`: forever.
  package let length: Int64?
  /// The most phases of one part's cycle (its warm-up, one cycle of a block, its cool-down): how
  /// many of the latest ends passed during an absence are reported one by one
  /// (``PhaseCursor/advanced(to:in:)``).
  package let window: Int
  /// How long the first phase lasts: each start reads it (``duration(ofOrdinal:)`` works it out
  /// with four divisions, a fifth of what a start added to a single countdown's, callgrind).
  package let firstPhaseDuration: Int64

  package init(warmUp: [CountdownPhase], blocks: [CountdownPlan.Block], coolDown: [CountdownPhase])
    throws(CountdownError)
  {
    var parts: [Part] = []
    var ordinal = 0
    var offset: Int64 = 0
    var endless = false
    var items: [(PlanPlace, CountdownPlan.Block)] = []
    if !warmUp.isEmpty { items.append((.warmUp, CountdownPlan.Block(warmUp))) }
    for (index, block) in blocks.enumerated() {
      guard !block.phases.isEmpty else { throw .emptyPlan }
      items.append((.block(index), block))
    }
    if !coolDown.isEmpty { items.append((.coolDown, CountdownPlan.Block(coolDown))) }
    guard !items.isEmpty else { throw .emptyPlan }
    for (place, block) in items {
      guard !endless else { throw .unreachablePhases }
      let part = try Self.part(place, block, firstOrdinal: ordinal, startOffset: offset)
      parts.append(part)
      if let count = part.phaseCount, let length = part.length {
        let (nextOrdinal, ordinalOverflow) = ordinal.addingReportingOverflow(count)
        let (nextOffset, offsetOverflow) = offset.addingReportingOverflow(length)
        guard !ordinalOverflow, !offsetOverflow else { throw .outOfRange }
        (ordinal, offset) = (nextOrdinal, nextOffset)
      } else {
        endless = true
      }
    }
    self.parts = parts
    phaseCount = endless ? nil : ordinal
    length = endless ? nil : offset
    window = parts.map(\.phases.count).max() ?? 1
    firstPhaseDuration = parts[0].end(of: 0) - parts[0].start(of: 0)
    assert(firstPhaseDuration == duration(ofOrdinal: 0), "the first phase's length kept differs from the plan's")
  }

  /// Checks `block` and works out its arithmetic.
  private static func part(
    _ place: PlanPlace, _ block: CountdownPlan.Block, firstOrdinal: Int, startOffset: Int64
  ) throws(CountdownError) -> Part {
    var starts: [Int64] = [0]
    starts.reserveCapacity(block.phases.count + 1)
    for phase in block.phases {
      let duration = try Self.nanoseconds(of: phase.duration)
      let (next, overflow) = starts[starts.count - 1].addingReportingOverflow(duration)
      guard !overflow else { throw .outOfRange }
      starts.append(next)
    }
    let cycle = starts[starts.count - 1]
    var every = 1
    var longCycle = cycle
    if let longBreak = block.longBreak {
      guard block.longBreakEvery >= 1 else { throw .invalidRepetition }
      every = block.longBreakEvery
      let last = starts[starts.count - 1] - starts[starts.count - 2]
      let (long, overflow) = (cycle - last).addingReportingOverflow(try Self.nanoseconds(of: longBreak.duration))
      guard !overflow else { throw .outOfRange }
      longCycle = long
    }
    let (shortCycles, multiplyOverflow) = Int64(every - 1).multipliedReportingOverflow(by: cycle)
    let (round, addOverflow) = shortCycles.addingReportingOverflow(longCycle)
    guard !multiplyOverflow, !addOverflow else { throw .outOfRange }
    let repetition = block.repetition
    var phaseCount: Int?
    var length: Int64?
    var isCut = false
    if let count = repetition.count {
      guard count >= 1 else { throw .invalidRepetition }
      let (rounds, rest) = count.quotientAndRemainder(dividingBy: every)
      let (roundsTime, roundsOverflow) = Int64(rounds).multipliedReportingOverflow(by: round)
      let (restTime, restOverflow) = Int64(rest).multipliedReportingOverflow(by: cycle)
      let (total, totalOverflow) = roundsTime.addingReportingOverflow(restTime)
      let (phases, phasesOverflow) = count.multipliedReportingOverflow(by: block.phases.count)
      guard !roundsOverflow, !restOverflow, !totalOverflow, !phasesOverflow else { throw .outOfRange }
      (phaseCount, length) = (phases, total)
    } else if let total = repetition.total {
      length = try Self.nanoseconds(of: total)
      isCut = true
    }
    let pausing = block.phases.indices.filter { block.phases[$0].pausesAfter }
    let longBreakPauses = block.longBreak?.pausesAfter ?? false
    func made(phaseCount: Int?) -> Part {
      Part(
        place: place, phases: block.phases, longBreak: block.longBreak, every: every, starts: starts, cycle: cycle,
        longCycle: longCycle, round: round, phaseCount: phaseCount, length: length, isCut: isCut,
        firstOrdinal: firstOrdinal, startOffset: startOffset, pausing: pausing, longBreakPauses: longBreakPauses)
    }
    guard isCut, let length else { return made(phaseCount: phaseCount) }
    // The phases that start before the total: the one running at its last instant, and those before it.
    return made(phaseCount: made(phaseCount: nil).index(at: length - 1).addingSaturated(1))
  }

  /// A phase's (or a total's) nanoseconds, above zero (what is below one nanosecond is zero).
  private static func nanoseconds(of duration: Duration) throws(CountdownError) -> Int64 {
    let nanoseconds = try duration.countdownNanoseconds()
    guard nanoseconds > 0 else { throw nanoseconds == 0 ? .zeroDuration : .negativeDuration }
    return nanoseconds
  }

  // MARK: Ordinals and offsets

  /// The index in ``parts`` of the part holding `ordinal` (0 or more, below the phase count).
  package func partIndex(ofOrdinal ordinal: Int) -> Int {
    var low = 0
    var high = parts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if parts[middle].firstOrdinal <= ordinal { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Where the phase of `ordinal` starts, from the plan's start; for the phase count of a plan
  /// that ends, its length. Saturates at `Int64.max`.
  package func start(ofOrdinal ordinal: Int) -> Int64 {
    if let phaseCount, let length, ordinal >= phaseCount { return length }
    let part = parts[partIndex(ofOrdinal: ordinal)]
    return part.startOffset.addingSaturated(part.start(of: ordinal - part.firstOrdinal))
  }

  /// Where the phase of `ordinal` ends: the next one's start.
  package func end(ofOrdinal ordinal: Int) -> Int64 {
    start(ofOrdinal: ordinal.addingSaturated(1))
  }

  /// How long the phase of `ordinal` lasts in the plan (the last phase of a block that lasts a
  /// total time may be cut short).
  package func duration(ofOrdinal ordinal: Int) -> Int64 {
    end(ofOrdinal: ordinal) - start(ofOrdinal: ordinal)
  }

  /// The ordinal of the phase running `offset` after the plan's start (0 or more); the phase
  /// count once the plan has ended.
  package func ordinal(at offset: Int64) -> Int {
    if let phaseCount, let length, offset >= length { return phaseCount }
    var low = 0
    var high = parts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if parts[middle].startOffset <= offset { low = middle } else { high = middle - 1 }
    }
    let part = parts[low]
    return part.firstOrdinal.addingSaturated(part.index(at: offset - part.startOffset))
  }

  /// The phase of `ordinal` (0 or more, below the phase count), and where it sits.
  package func phase(atOrdinal ordinal: Int) -> PlanStep {
    let part = parts[partIndex(ofOrdinal: ordinal)]
    let found = part.phase(at: ordinal - part.firstOrdinal)
    return PlanStep(
      ordinal: ordinal, phase: found.phase, place: part.place, indexInCycle: found.indexInCycle, cycle: found.cycle,
      isLongBreak: found.isLongBreak)
  }

  /// The ordinal of the first phase, at `ordinal` or after it, after which the plan pauses;
  /// `nil`: none. O(*q*) in the parts at most, each at most four cycles and one division.
  package func firstPausing(from ordinal: Int) -> Int? {
    for index in partIndex(ofOrdinal: ordinal)..<parts.count {
      let part = parts[index]
      if let found = part.firstPausing(from: max(0, ordinal - part.firstOrdinal)) {
        return part.firstOrdinal.addingSaturated(found)
      }
    }
    return nil
  }

  /// Whether `ordinal` is past the plan's last phase.
  package func isEnded(_ ordinal: Int) -> Bool {
    phaseCount.map { ordinal >= $0 } ?? false
  }
}
