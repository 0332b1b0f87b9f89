/// The segment ends a walk passed, oldest first, in bounded work and memory: the latest
/// ``SegmentLayout/window`` of them one by one, and those before them in one summary. A plan that
/// ran forever while the app was away a week is reported as a summary and the ends of its last
/// cycle, whatever the number of segments that passed.
package struct PassedSegmentEnds: Hashable, Sendable {
  /// One segment end: the segment's ordinal, and when it ended on the engine's clock.
  package struct End: Hashable, Sendable {
    package let ordinal: Int
    package let instant: Int64

    package init(ordinal: Int, instant: Int64) {
      self.ordinal = ordinal
      self.instant = instant
    }
  }

  /// The ends before those reported one by one: their ordinals, and when the first and the last
  /// of them came on the engine's clock. The range runs from the first to the last: ends heard
  /// together across a skip (a segment skipped reports no end) span the skipped ordinals too.
  package struct Summary: Hashable, Sendable {
    package let ordinals: Range<Int>
    package let first: Int64
    package let last: Int64

    package init(ordinals: Range<Int>, first: Int64, last: Int64) {
      self.ordinals = ordinals
      self.first = first
      self.last = last
    }
  }

  /// The ends not reported one by one, all older than ``ends``; `nil`: none.
  package var summary: Summary?
  /// The latest ends, one by one, oldest first.
  package var ends: [End]
  /// Whether the last of them was the plan's last segment: the plan ended.
  package var planEnded: Bool
  /// Whether the last of them was a segment after which the walk pauses: the next segment waits,
  /// paused at its full length.
  package var paused: Bool

  package init(summary: Summary? = nil, ends: [End] = [], planEnded: Bool = false, paused: Bool = false) {
    self.summary = summary
    self.ends = ends
    self.planEnded = planEnded
    self.paused = paused
  }

  /// No end passed.
  package static let none = PassedSegmentEnds()

  /// Whether no end passed.
  package var isEmpty: Bool { summary == nil && ends.isEmpty }

  /// These ends followed by `later`'s, still bounded: at most `window` ends one by one, the rest in
  /// the summary. The flags are the last end's: `later`'s, or these ends' when `later` has none.
  package func followed(by later: PassedSegmentEnds, window: Int) -> PassedSegmentEnds {
    guard !isEmpty else { return later }
    guard !later.isEmpty else { return self }
    // Everything in ordinal order: the summaries' ranges, then single ends.
    var all: [End] = ends
    var summaryRange = summary?.ordinals
    var first = summary?.first
    var last = summary?.last
    if let laterSummary = later.summary {
      // The later summary covers this one's single ends too: they fold into one summary.
      let lower = summaryRange?.lowerBound ?? all.first?.ordinal ?? laterSummary.ordinals.lowerBound
      summaryRange = lower..<laterSummary.ordinals.upperBound
      first = first ?? all.first?.instant ?? laterSummary.first
      last = laterSummary.last
      all = []
    }
    all += later.ends
    let kept = min(all.count, window)
    let folded = all.prefix(all.count - kept)
    if let firstFolded = folded.first, let lastFolded = folded.last {
      summaryRange = (summaryRange?.lowerBound ?? firstFolded.ordinal)..<(lastFolded.ordinal + 1)
      first = first ?? firstFolded.instant
      last = lastFolded.instant
    }
    let merged = summaryRange.map { Summary(ordinals: $0, first: first!, last: last!) }
    return PassedSegmentEnds(
      summary: merged, ends: Array(all.suffix(kept)), planEnded: later.planEnded, paused: later.paused)
  }
}
