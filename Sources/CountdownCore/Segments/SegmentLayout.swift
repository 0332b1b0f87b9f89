/// A plan's arithmetic, as the engine walks it: its blocks laid end to end, each with its first
/// ordinal and its start, so that where a segment starts, and which segment runs at a time, are
/// found without walking the segments before it. Made once per plan and shared by every
/// registration that walks it; every time is nanoseconds from the plan's start, with nothing
/// paused, skipped or added.
///
/// Its costs: O(log *q*) to find a part (*q* parts, a binary search) and O(log *m*) to find a
/// segment in a cycle of *m* segments, whatever the number of cycles run before it.
///
/// A class, immutable: each walk holds one reference to its plan's layout, not a copy of its
/// fields (48 bytes more per walk, and a retain per field at each copy).
@_spi(Walks) public final class SegmentLayout: Hashable, Sendable {
  /// The parts, in order: one per block.
  package let parts: [Part]
  /// The number of segments the plan runs; `nil`: forever.
  package let segmentCount: Int?
  /// How long the plan lasts; `nil`: forever.
  package let length: Int64?
  /// The most segments of one part's cycle: how many of the latest ends passed during an absence
  /// are reported one by one (``PassedSegmentEnds``).
  package let window: Int
  /// How long the first segment lasts.
  package let firstSegmentLength: Int64

  /// Lays out `blocks`, in order.
  ///
  /// - Throws: ``CountdownError/emptyPlan`` without a block or for a block without segments;
  ///   ``CountdownError/zeroDuration`` or ``CountdownError/negativeDuration`` for a length or a
  ///   total of zero or less; ``CountdownError/invalidRepetition`` for a count or a long break's
  ///   period below 1; ``CountdownError/unreachablePhases`` for a block after one that runs
  ///   forever; ``CountdownError/invalidCombination`` for pause marks that do not match the
  ///   lengths; ``CountdownError/outOfRange`` for a plan longer than 292 years or with more
  ///   segments than an `Int` counts.
  package init(_ blocks: [SegmentBlock]) throws(CountdownError) {
    guard !blocks.isEmpty else { throw .emptyPlan }
    var parts: [Part] = []
    var ordinal = 0
    var offset: Int64 = 0
    var endless = false
    for block in blocks {
      guard !endless else { throw .unreachablePhases }
      let part = try Part(block, firstOrdinal: ordinal, startOffset: offset)
      parts.append(part)
      if let count = part.segmentCount, let length = part.length {
        let (nextOrdinal, ordinalOverflow) = ordinal.addingReportingOverflow(count)
        let (nextOffset, offsetOverflow) = offset.addingReportingOverflow(length)
        guard !ordinalOverflow, !offsetOverflow else { throw .outOfRange }
        (ordinal, offset) = (nextOrdinal, nextOffset)
      } else {
        endless = true
      }
    }
    self.parts = parts
    segmentCount = endless ? nil : ordinal
    length = endless ? nil : offset
    window = parts.map(\.segmentsPerCycle).max() ?? 1
    firstSegmentLength = parts[0].end(of: 0) - parts[0].start(of: 0)
  }

  /// Equal layouts have equal parts (the rest follows from them).
  public static func == (lhs: SegmentLayout, rhs: SegmentLayout) -> Bool {
    lhs === rhs || lhs.parts == rhs.parts
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(parts)
  }

  // MARK: Ordinals and offsets

  /// The index in ``parts`` of the part holding `ordinal` (0 or more).
  package func partIndex(ofOrdinal ordinal: Int) -> Int {
    var low = 0
    var high = parts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if parts[middle].firstOrdinal <= ordinal { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Where the segment of `ordinal` starts, from the plan's start; for the segment count of a plan
  /// that ends (or any ordinal past it), its length. Saturates at `Int64.max`.
  package func start(ofOrdinal ordinal: Int) -> Int64 {
    if let segmentCount, let length, ordinal >= segmentCount { return length }
    let part = parts[partIndex(ofOrdinal: ordinal)]
    return part.startOffset.addingSaturated(part.start(of: ordinal - part.firstOrdinal))
  }

  /// Where the segment of `ordinal` ends: the next one's start.
  package func end(ofOrdinal ordinal: Int) -> Int64 {
    start(ofOrdinal: ordinal.addingSaturated(1))
  }

  /// How long the segment of `ordinal` lasts (the last one of a block that lasts a total time may
  /// be cut short).
  package func length(ofOrdinal ordinal: Int) -> Int64 {
    // A start asks for the first segment's: kept, it costs no search and no division.
    if ordinal == 0 { return firstSegmentLength }
    if let segmentCount, ordinal >= segmentCount { return 0 }
    // Within its part, which ends where the next one starts: one search, not two.
    let part = parts[partIndex(ofOrdinal: ordinal)]
    let index = ordinal - part.firstOrdinal
    return part.end(of: index) - part.start(of: index)
  }

  /// The ordinal of the segment running `offset` after the plan's start (0 or more); the segment
  /// count once the plan has ended.
  package func ordinal(at offset: Int64) -> Int {
    if let segmentCount, let length, offset >= length { return segmentCount }
    var low = 0
    var high = parts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if parts[middle].startOffset <= offset { low = middle } else { high = middle - 1 }
    }
    let part = parts[low]
    return part.firstOrdinal.addingSaturated(part.index(at: offset - part.startOffset))
  }

  /// Where the segment of `ordinal` (0 or more, below the segment count) sits.
  package func step(atOrdinal ordinal: Int) -> SegmentStep {
    let partIndex = partIndex(ofOrdinal: ordinal)
    let part = parts[partIndex]
    let found = part.place(of: ordinal - part.firstOrdinal)
    return SegmentStep(
      ordinal: ordinal, part: partIndex, indexInCycle: found.indexInCycle, cycle: found.cycle,
      isLongBreak: found.isLongBreak)
  }

  /// The ordinal of the first segment, at `ordinal` or after it, after which the walk pauses;
  /// `nil`: none. O(*q*) in the parts at most, each at most three cycles and one division.
  package func firstPausing(from ordinal: Int) -> Int? {
    for index in partIndex(ofOrdinal: ordinal)..<parts.count {
      let part = parts[index]
      if let found = part.firstPausing(from: max(0, ordinal - part.firstOrdinal)) {
        return part.firstOrdinal.addingSaturated(found)
      }
    }
    return nil
  }

  /// Whether `ordinal` is past the plan's last segment.
  /// Whether a walk can stand at `ordinal`: 0 or more, and its segment's end within what the
  /// plan's arithmetic counts (292 years of plan: a plan that runs forever on segments of decades
  /// passes it), or the plan's end.
  package func counts(_ ordinal: Int) -> Bool {
    // A start's, the first segment, ends at its length: kept, it costs no search.
    if ordinal == 0 { return firstSegmentLength < .max }
    return ordinal >= 0 && (isEnded(ordinal) || end(ofOrdinal: ordinal) < .max)
  }

  package func isEnded(_ ordinal: Int) -> Bool {
    segmentCount.map { ordinal >= $0 } ?? false
  }
}
