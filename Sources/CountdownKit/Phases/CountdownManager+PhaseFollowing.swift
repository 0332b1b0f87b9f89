@_spi(Walks) import CountdownCore
import Foundation

/// The seam the alerts follow countdowns in phases through: `package`, not API.
extension CountdownManager {
  /// The phase ends ahead of `key`'s countdown in phases (``IDPhaseEnds``); `nil` for a single
  /// countdown, a count-up, or no countdown.
  ///
  /// An end whose delivery has not come yet is the first, in the past: what the last delivery
  /// left. A plan that freezes while the manager is suspended reads as paused while it is.
  ///
  /// - Parameters:
  ///   - key: The id's key.
  ///   - limit: The most ends to read (0 or more).
  /// - Complexity: O(*k* log *p*), *k* the ends read and *p* the phases written in the plan.
  package func idPhaseEnds(of key: IDKey, upcoming limit: Int) -> IDPhaseEnds? {
    guard let token = record(of: key)?.token else { return nil }
    return phaseEnds(of: token, upcoming: limit)
  }

  /// What the countdown of `key` is doing now and whether it counts overtime (``idPhase(of:)``)
  /// and, for a countdown in phases, its phase ends ahead, at most `limit` of them
  /// (``idPhaseEnds(of:upcoming:)``): one look-up of the id for all, so that a follower reading
  /// single countdowns pays nothing for the phases.
  package func idPhase(
    of key: IDKey, phaseEndsUpcoming limit: Int
  ) -> (phase: IDPhase, countsOvertime: Bool, phaseEnds: IDPhaseEnds?) {
    guard let record = record(of: key) else { return (.gone, false, nil) }
    let (phase, countsOvertime) = idPhase(token: record.token, length: record.length)
    return (phase, countsOvertime, phaseEnds(of: record.token, upcoming: limit))
  }

  /// What the countdown of `key` is doing now and whether it counts overtime (``idPhase(of:)``)
  /// and, for a countdown in phases, the window a Live Activity shows of it, with up to
  /// `lookAhead` phases after the current one: one look-up of the id for all.
  ///
  /// The window is laid out from the same reading as the dates: its current phase is the phase
  /// the last call told, spanning the dates' range exactly, and it stands still (its
  /// ``CountdownPhaseWindow/pausedAt`` the dates' pause time) whenever the dates are frozen. So
  /// it is ``phaseWindow(id:lookAhead:)``'s, but for two moments: between a phase end's instant
  /// and its call (within the end tolerance, or during a suspension), when its current phase is
  /// the ended one, its end in the past, where ``phaseWindow(id:lookAhead:)`` has the next; and
  /// while a plan started `whileSuspended: .pauses` is frozen by a suspension, when it stands
  /// still (not paused) where ``phaseWindow(id:lookAhead:)`` lays the phases out as if the app came
  /// back at once.
  ///
  /// - Parameters:
  ///   - key: The id's key.
  ///   - lookAhead: How many phases after the current one the window holds at most (below 0, none;
  ///     above ``CountdownPhaseWindow/maximumLookAhead``, that many).
  /// - Returns: The phase, whether it counts overtime, and the window: `nil` for a single
  ///   countdown, a count-up, no countdown, or a plan whose last phase ended (its final call on its
  ///   way).
  /// - Complexity: O(*k* log *p*), *k* the phases in the window, *p* the phases written in the
  ///   plan; O(1) for a single countdown.
  package func idPhase(
    of key: IDKey, windowLookAhead lookAhead: Int
  ) -> (phase: IDPhase, countsOvertime: Bool, window: CountdownPhaseWindow?) {
    guard let record = record(of: key) else { return (.gone, false, nil) }
    // The walk first: its span lays the dates out and its phase heads the window, so the two say
    // the same phase. A change after either read is heard, and read again, by the next turn.
    let walk = walk(of: record.token, passingEnds: false)
    let (phase, countsOvertime) = idPhase(token: record.token, length: record.length, walk: walk?.0)
    guard let (status, sequence) = walk, !sequence.plan.layout.segments.isEnded(status.ordinal) else {
      return (phase, countsOvertime, nil)
    }
    let dates: CountdownTimerDates
    switch phase {
    case .running(let running, _): dates = running
    case .frozen(let frozen): dates = frozen
    case .gone: return (phase, countsOvertime, nil)
    }
    let window = CountdownPhaseWindow(
      dates: dates, ordinal: status.ordinal, isPaused: status.isPaused, in: sequence.plan.layout,
      lookAhead: lookAhead)
    return (phase, countsOvertime, window)
  }

  /// The phase ends ahead of the walk under `token`, at most `limit` of them
  /// (``idPhaseEnds(of:upcoming:)``); `nil` without one.
  private func phaseEnds(of token: AnyObject, upcoming limit: Int) -> IDPhaseEnds? {
    guard let (status, sequence) = walk(of: token, passingEnds: false) else { return nil }
    let layout = sequence.plan.layout
    let cursor = SegmentCursor(status)
    guard !layout.segments.isEnded(cursor.ordinal) else { return nil }
    let isForever = layout.segments.segmentCount == nil
    // Frozen while the manager is suspended, as a single countdown that pauses is: nothing ends.
    let frozen = sequence.policy == .pauses && engine.isSuspended
    guard case .running(let deadline) = cursor.timing, !frozen else {
      return IDPhaseEnds(
        ends: [], isPaused: true, origin: nil, ordinal: cursor.ordinal, isForever: isForever, plan: sequence.plan)
    }
    let wallNow = wallClock()
    let now = clockNow
    // The plan's time at the current phase's deadline: every later end is the plan's lengths on.
    let planTimeAtDeadline = layout.segments.end(ofOrdinal: cursor.ordinal)
    let pausing = layout.segments.firstPausing(from: cursor.ordinal)
    var ends: [IDPhaseEnds.End] = []
    var ordinal = cursor.ordinal
    while ends.count < limit, !layout.segments.isEnded(ordinal) {
      let instant = deadline.addingSaturated(layout.segments.end(ofOrdinal: ordinal) - planTimeAtDeadline)
      let nextOrdinal = ordinal.addingSaturated(1)
      ends.append(
        IDPhaseEnds.End(
          ending: layout.phase(atOrdinal: ordinal),
          next: layout.segments.isEnded(nextOrdinal) ? nil : layout.phase(atOrdinal: nextOrdinal), instant: instant,
          date: wallNow + Double(instant.subtractingSaturated(now)) / 1e9))
      // After a phase that pauses the plan, nothing ends until the app resumes it.
      if ordinal == pausing { break }
      ordinal = nextOrdinal
    }
    return IDPhaseEnds(
      ends: ends, isPaused: false, origin: deadline.subtractingSaturated(planTimeAtDeadline), ordinal: cursor.ordinal,
      isForever: isForever, plan: sequence.plan)
  }
}
