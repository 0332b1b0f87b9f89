@_spi(Walks) import CountdownCore

/// A plan as the engine walks it, with its phases: the engine's arithmetic of its segments
/// (``CountdownCore/SegmentLayout``: where a phase starts, which phase runs at a time, which
/// pauses after it), and each part's phases, so that a segment's place names its phase. Made once,
/// by ``CountdownPlan``'s initializer, which it checks for; every time is nanoseconds from the
/// plan's start, with nothing paused, skipped or added.
///
/// Its costs are the engine's: O(log *q*) to find a part (*q* parts) and O(log *m*) to find a phase
/// in a cycle of *m* phases, whatever the number of cycles run before it.
package struct PlanLayout: Hashable, Sendable {
  /// What names a part's phases: its cycle's phases and its long break.
  package struct Part: Hashable, Sendable {
    package let phases: [CountdownPhase]
    package let longBreak: CountdownPhase?
  }

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
  }

  /// The number of phases the plan runs; `nil`: forever.
  package var phaseCount: Int? { segments.segmentCount }
  /// How long the plan lasts; `nil`: forever.
  package var length: Int64? { segments.length }
  /// How many of the latest ends passed during an absence are reported one by one: the most
  /// phases of one part's cycle.
  package var window: Int { segments.window }
  /// How long the first phase lasts.
  package var firstPhaseDuration: Int64 { segments.firstSegmentLength }

  /// Where the phase of `ordinal` starts, from the plan's start; for the phase count of a plan
  /// that ends, its length.
  package func start(ofOrdinal ordinal: Int) -> Int64 { segments.start(ofOrdinal: ordinal) }
  /// Where the phase of `ordinal` ends: the next one's start.
  package func end(ofOrdinal ordinal: Int) -> Int64 { segments.end(ofOrdinal: ordinal) }
  /// How long the phase of `ordinal` lasts in the plan.
  package func duration(ofOrdinal ordinal: Int) -> Int64 { segments.length(ofOrdinal: ordinal) }
  /// The ordinal of the phase running `offset` after the plan's start; the phase count once the
  /// plan has ended.
  package func ordinal(at offset: Int64) -> Int { segments.ordinal(at: offset) }
  /// The ordinal of the first phase, at `ordinal` or after it, after which the plan pauses.
  package func firstPausing(from ordinal: Int) -> Int? { segments.firstPausing(from: ordinal) }
  /// Whether `ordinal` is past the plan's last phase.
  package func isEnded(_ ordinal: Int) -> Bool { segments.isEnded(ordinal) }
  /// Whether a plan can stand at `ordinal` (``CountdownCore/SegmentLayout/counts(_:)``).
  package func counts(_ ordinal: Int) -> Bool { segments.counts(ordinal) }

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
