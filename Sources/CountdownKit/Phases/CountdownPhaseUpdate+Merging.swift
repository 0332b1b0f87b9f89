import Foundation

// Two updates as one, for a consumer of `phaseUpdates(plan:)` that fell behind.
extension CountdownPhaseUpdate {
  /// The values of an update made of two, worked out once: its ends came from two calls'
  /// readings, not from the one it keeps (the newer's). Made only when updates are merged, never
  /// at a handler's call.
  struct Merged: Sendable {
    /// Where the plan is; `nil` once it has ended.
    let position: CountdownPhasePosition?
    /// The ends of both updates, oldest first, within ``mergedEndsLimit``.
    let phaseEnds: [CountdownPhaseEnd]
    /// The ends older than ``phaseEnds``, in one summary.
    let earlierPhaseEnds: CountdownPhaseEndSummary?
    /// Whether either update ended the plan.
    let planEnded: Bool
    /// Whether the last end pauses the plan after it.
    let pausedAfterPhase: Bool
  }

  static let mergedEndsLimit = 64

  /// `self` followed by `newer`, as one update: `newer`'s position and value, every end of both
  /// in order (beyond ``mergedEndsLimit``, the oldest summed up in ``earlierPhaseEnds``), the
  /// plan's end if either had it.
  func merged(with newer: CountdownPhaseUpdate) -> CountdownPhaseUpdate {
    // `self` carries no end and not the plan's end (a value's update, or a call's with no end):
    // nothing of it outlives `newer`, which is the merged update as it came, with nothing made (a
    // stream's producer, its consumer behind, merged every value into an update of its own).
    if basis.details == nil, !planEnded { return newer }
    return mergedKeepingEnds(with: newer)
  }

  /// ``merged(with:)`` where `self` carries ends or the plan's end: made apart, so that the common
  /// case above stays small (inlined with it, the update was copied whole at every merge: a
  /// stream's value cost 1 399 instructions where it costs 1 178, callgrind).
  @inline(never)
  private func mergedKeepingEnds(with newer: CountdownPhaseUpdate) -> CountdownPhaseUpdate {
    var ends = phaseEnds + newer.phaseEnds
    // The summaries and the ends older than the newest ones, oldest first, in one summary.
    var summary = earlierPhaseEnds
    if let newerSummary = newer.earlierPhaseEnds {
      // What `self` listed one by one came before `newer`'s summary.
      summary = Self.summary(summary, joining: phaseEnds).map { $0.joined(with: newerSummary) } ?? newerSummary
      ends = newer.phaseEnds
    }
    if ends.count > Self.mergedEndsLimit {
      let folded = ends.count - Self.mergedEndsLimit
      summary = Self.summary(summary, joining: ends.prefix(folded))
      ends.removeFirst(folded)
    }
    return CountdownPhaseUpdate(
      reading: newer.reading, plan: newer.basis.plan, position: newer.position, remaining: newer.remaining,
      phaseEnds: ends, earlierPhaseEnds: summary,
      planEnded: planEnded || newer.planEnded,
      pausedAfterPhase: newer.phaseEnds.isEmpty ? pausedAfterPhase : newer.pausedAfterPhase)
  }

  /// `summary` with `ends`, which came after it, summed up in it; `nil` if both are empty.
  private static func summary(
    _ summary: CountdownPhaseEndSummary?, joining ends: some Collection<CountdownPhaseEnd>
  ) -> CountdownPhaseEndSummary? {
    guard let first = ends.first, let last = ends.reversed().first else { return summary }
    let joined = CountdownPhaseEndSummary(
      ordinals: first.ordinal..<(last.ordinal + 1), firstDate: first.date, lastDate: last.date,
      lateness: first.lateness)
    return summary.map { $0.joined(with: joined) } ?? joined
  }
}

extension CountdownPhaseEndSummary {
  init(ordinals: Range<Int>, firstDate: Date, lastDate: Date, lateness: Duration) {
    self.ordinals = ordinals
    self.firstDate = firstDate
    self.lastDate = lastDate
    self.lateness = lateness
  }

  /// This summary followed by `newer`, as one: from this one's first end to `newer`'s last.
  func joined(with newer: CountdownPhaseEndSummary) -> CountdownPhaseEndSummary {
    CountdownPhaseEndSummary(
      ordinals: ordinals.lowerBound..<max(ordinals.upperBound, newer.ordinals.upperBound), firstDate: firstDate,
      lastDate: newer.lastDate, lateness: max(lateness, newer.lateness))
  }
}

extension CountdownPhaseEnd {
  /// An end made of its parts: for tests of merging, which need ends no plan passed.
  init(
    phase: CountdownPhase, ordinal: Int, phaseIndex: Int, cycle: Int, date: Date, lateness: Duration,
    nextPhase: CountdownPhase? = nil
  ) {
    self.phase = phase
    self.ordinal = ordinal
    self.phaseIndex = phaseIndex
    self.cycle = cycle
    self.date = date
    self.lateness = lateness
    self.nextPhase = nextPhase
  }
}
