@_spi(Walks) import CountdownCore

/// A plan's parts and its arithmetic, in one object that every copy of the plan shares (a plan
/// that many countdowns in phases run is stored once, and a copy costs one reference): the
/// engine's arithmetic of its segments (``CountdownCore/SegmentLayout``: where a phase starts,
/// which phase runs at a time, which pauses after it), and each part's phases, so that a
/// segment's place names its phase. Made once, by ``CountdownPlan``'s initializer, which it
/// checks for; every time is nanoseconds from the plan's start, with nothing paused, skipped or
/// added.
///
/// Its costs are the engine's: O(log *q*) to find a part (*q* parts) and O(log *m*) to find a phase
/// in a cycle of *m* phases, whatever the number of cycles run before it.
package final class PlanLayout: Sendable {
  /// What names a part's phases: its cycle's phases and its long break.
  package struct Part: Hashable, Sendable {
    package let phases: [CountdownPhase]
    package let longBreak: CountdownPhase?
  }

  /// The phases before the first block.
  let warmUp: [CountdownPhase]
  /// The blocks, in order.
  let blocks: [CountdownPlan.Block]
  /// The phases after the last block.
  let coolDown: [CountdownPhase]
  /// The segments, as the engine walks them.
  package let segments: SegmentLayout
  /// The parts that have phases, in order: one per part of ``segments``.
  package let parts: [Part]

  package init(warmUp: [CountdownPhase], blocks: [CountdownPlan.Block], coolDown: [CountdownPhase])
    throws(CountdownError)
  {
    var parts: [Part] = []
    var segmentBlocks: [SegmentBlock] = []
    func add(_ block: CountdownPlan.Block) throws(CountdownError) {
      let repetition: SegmentBlock.Repetition
      if let count = block.repetition.count {
        repetition = .times(count)
      } else if let total = block.repetition.total {
        repetition = .lasting(try total.countdownNanoseconds())
      } else {
        repetition = .forever
      }
      var lengths: [Int64] = []
      for phase in block.phases { lengths.append(try phase.duration.countdownNanoseconds()) }
      segmentBlocks.append(
        SegmentBlock(
          lengths: lengths, pausesAfter: block.phases.map(\.pausesAfter), repetition: repetition,
          longBreakLength: try block.longBreak?.duration.countdownNanoseconds(),
          longBreakPausesAfter: block.longBreak?.pausesAfter ?? false, longBreakEvery: block.longBreakEvery))
      parts.append(Part(phases: block.phases, longBreak: block.longBreak))
    }
    if !warmUp.isEmpty { try add(CountdownPlan.Block(warmUp)) }
    for block in blocks {
      guard !block.phases.isEmpty else { throw .emptyPlan }
      try add(block)
    }
    if !coolDown.isEmpty { try add(CountdownPlan.Block(coolDown)) }
    segments = try SegmentLayout(segmentBlocks)
    self.parts = parts
    self.warmUp = warmUp
    self.blocks = blocks
    self.coolDown = coolDown
  }

  /// The phase of `ordinal` (0 or more, below the phase count), and where it sits.
  package func phase(atOrdinal ordinal: Int) -> PlanStep {
    let step = segments.step(atOrdinal: ordinal)
    let part = parts[step.part]
    let phase = step.isLongBreak ? part.longBreak ?? part.phases[step.indexInCycle] : part.phases[step.indexInCycle]
    return PlanStep(
      ordinal: ordinal, phase: phase, indexInCycle: step.indexInCycle, cycle: step.cycle,
      cycleCount: segments.parts[step.part].cycleCount, isLongBreak: step.isLongBreak)
  }
}
