/// Where a walk of a plan's segments is, as little as says it: its current segment's ordinal, and
/// that segment's deadline (or, paused, the time it has left), in nanoseconds. The arithmetic of a
/// walk, in one place: the engine's walks move by it under its lock (``SegmentWalk``), and a
/// snapshot, a restore or a look-ahead works out with it where a plan will be, changing nothing.
///
/// The segments after the current one keep the plan's lengths: time added to a segment moves every
/// later end with it.
package struct SegmentCursor: Hashable, Sendable {
  /// How the current segment's time stands.
  package enum Timing: Hashable, Sendable {
    /// It ends at `deadline`.
    case running(deadline: Int64)
    /// It is frozen with `left` to go.
    case paused(left: Int64)
  }

  /// The current segment's ordinal; the plan's segment count once it has ended.
  package var ordinal: Int
  package var timing: Timing

  /// A cursor at `ordinal`, timed by `timing`.
  package init(ordinal: Int, timing: Timing) {
    self.ordinal = ordinal
    self.timing = timing
  }

  /// Freezes the current segment with the time it has left at `now`.
  package mutating func pause(at now: Int64) {
    guard case .running(let deadline) = timing else { return }
    timing = .paused(left: max(0, deadline.subtractingSaturated(now)))
  }

  /// Makes `move` at `now` (the cursor brought up to it first): the segment it lands on starts at
  /// its full length less the move's offset, running or paused as the cursor was; at or past the
  /// plan's segment count, the plan ends at `now`. O(log *p*), *p* the segments written in the plan.
  ///
  /// A seek's offset must lie in `0..<length` of its segment.
  package mutating func make(_ move: SegmentMove, at now: Int64, in layout: SegmentLayout) {
    var offset: Int64 = 0
    let target: Int
    switch move {
    case .skip: target = ordinal.addingSaturated(1)
    case .restart: target = ordinal
    case .back: target = max(0, ordinal - 1)
    case .seek(let seekOrdinal, let seekOffset): (target, offset) = (seekOrdinal, seekOffset)
    }
    if let count = layout.segmentCount, target >= count {
      ordinal = count
      timing = .running(deadline: now)
      return
    }
    ordinal = target
    let left = layout.length(ofOrdinal: target) - offset
    switch timing {
    case .running: timing = .running(deadline: now.addingSaturated(left))
    case .paused: timing = .paused(left: left)
    }
  }

  /// Brings the cursor up to `now`: every segment whose end is at or before `now` has ended, and
  /// those ends are returned, oldest first, in bounded work, their instants plus `toClock` (the
  /// time suspended, for a walk on running time).
  ///
  /// The segment ends after the current one follow the plan from its deadline: the plan's time at
  /// that deadline is where the current segment ends in the plan, so the segment running at `now`
  /// is one look-up (``SegmentLayout/ordinal(at:)``), never a walk over those between. The walk
  /// stops at the first segment after which it pauses: the next one then waits, paused, at its
  /// full length, and time after that end does not count. At most ``SegmentLayout/window`` ends
  /// are returned one by one (the latest), those before them in one summary: O(*w* log *p*), *w*
  /// the window and *p* the segments written in the plan, whatever the time away.
  package mutating func advance(to now: Int64, in layout: SegmentLayout, toClock: Int64 = 0) -> PassedSegmentEnds {
    guard !layout.isEnded(ordinal), case .running(let deadline) = timing, now >= deadline else { return .none }
    let first = ordinal
    let planTimeAtDeadline = layout.end(ofOrdinal: first)
    let planTimeNow = planTimeAtDeadline.addingSaturated(now.subtractingSaturated(deadline))
    // At least the current segment ends at its deadline, even where the plan's time saturates
    // (a walk past 292 years of plan), which the look-up would put before it.
    var last = max(first, layout.ordinal(at: planTimeNow) - 1)
    var paused = false
    if let pausing = layout.firstPausing(from: first), pausing <= last {
      (last, paused) = (pausing, true)
    }
    // The instant of a plan time, from the deadline's.
    func instant(_ planTime: Int64) -> Int64 {
      deadline.addingSaturated(planTime - planTimeAtDeadline)
    }
    let next = last.addingSaturated(1)
    ordinal = next
    if layout.isEnded(next) {
      timing = .running(deadline: instant(layout.start(ofOrdinal: next)))
    } else if paused {
      timing = .paused(left: layout.length(ofOrdinal: next))
    } else {
      timing = .running(deadline: instant(layout.end(ofOrdinal: next)))
    }
    let count = last - first + 1
    let reported = min(count, layout.window)
    var summary: PassedSegmentEnds.Summary?
    if count > reported {
      let lastSummarized = last - reported
      summary = PassedSegmentEnds.Summary(
        ordinals: first..<(lastSummarized + 1), first: deadline.addingSaturated(toClock),
        last: instant(layout.end(ofOrdinal: lastSummarized)).addingSaturated(toClock))
    }
    let ends = (last - reported + 1...last).map { ordinal in
      PassedSegmentEnds.End(ordinal: ordinal, instant: instant(layout.end(ofOrdinal: ordinal)).addingSaturated(toClock))
    }
    // After the plan's last segment nothing waits, whether or not it is marked to pause after.
    let planEnded = layout.isEnded(next)
    return PassedSegmentEnds(summary: summary, ends: ends, planEnded: planEnded, paused: paused && !planEnded)
  }
}
