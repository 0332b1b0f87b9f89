@_spi(Walks) import CountdownCore
import Foundation

extension CountdownPhaseWindow {
  /// The window of the plan `layout` walked by `cursor`, brought up to `now` (nanoseconds on the
  /// cursor's clock): the current phase and up to `lookAhead` next ones, up to the plan's end or a
  /// phase after which the plan pauses. `nil` for a negative `lookAhead`, or a plan that has ended.
  ///
  /// - Parameters:
  ///   - cursor: Where the plan is, brought up to `now`.
  ///   - span: The current phase's span, start to end, where it is known (the engine's, with the
  ///     time added to it); `nil`: its length in the plan.
  ///   - now: The instant the window is read at: a paused phase's dates are laid out from it.
  ///   - origin: An instant on the cursor's clock, and the wall clock's date then: every date is
  ///     worked out from them, as a position's and a timeline entry's are, so that the same
  ///     instant gives the same date (`now` and its date, or a timeline's first instant and date).
  ///   - layout: The plan's arithmetic.
  ///   - lookAhead: How many phases after the current one the window holds at most (no more than
  ///     ``maximumLookAhead``).
  ///   - standsStill: A paused `cursor` that is not paused (a plan frozen while the app is away).
  /// - Complexity: O(*k* log *p*), *k* the phases in the window, *p* the phases written in the
  ///   plan.
  init?(
    _ cursor: SegmentCursor, span: Int64?, at now: Int64, origin: (instant: Int64, date: Date), in layout: PlanLayout,
    lookAhead: Int, standsStill: Bool = false
  ) {
    guard lookAhead >= 0, !cursor.isEnded(in: layout) else { return nil }
    let lookAhead = min(lookAhead, Self.maximumLookAhead)
    let first = cursor.ordinal
    func seconds(_ instant: Int64) -> Double {
      CountdownPhasePosition.date(of: instant, now: origin.instant, wallNow: origin.date).timeIntervalSince1970
    }
    // Paused, the phases are laid out as if the sequence resumed now.
    let firstEnd: Int64
    let stillAt: Double?
    switch cursor.timing {
    case .running(let deadline): (firstEnd, stillAt) = (deadline, nil)
    case .paused(let left): (firstEnd, stillAt) = (now.addingSaturated(max(0, left)), seconds(now))
    }
    // Each end from the current phase's, by the plan's arithmetic, as the cursor's walk has it.
    let planTimeAtFirstEnd = layout.segments.end(ofOrdinal: first)
    let pausing = layout.segments.firstPausing(from: first)
    var phases: [Phase] = []
    var planEnd: Double?
    var ordinal = first
    var start = firstEnd.subtractingSaturated(max(0, span ?? layout.segments.length(ofOrdinal: first)))
    while true {
      let end = firstEnd.addingSaturated(
        layout.segments.end(ofOrdinal: ordinal).subtractingSaturated(planTimeAtFirstEnd))
      let next = ordinal.addingSaturated(1)
      let endsPlan = layout.segments.isEnded(next)
      // A plan whose last phase pauses after it ends there, and pauses nothing.
      let pausesAfter = ordinal == pausing && !endsPlan
      phases.append(
        Phase(layout.phase(atOrdinal: ordinal), start: seconds(start), end: seconds(end), pausesAfter: pausesAfter))
      if endsPlan { planEnd = seconds(end) }
      if endsPlan || pausesAfter || phases.count > lookAhead { break }
      (ordinal, start) = (next, end)
    }
    self.init(phases: phases, isPaused: stillAt != nil && !standsStill, pausedAt: stillAt, planEnd: planEnd)
  }

  /// The window whose current phase, of ordinal `first` in `layout`, spans `dates` (the
  /// ``CountdownManager/timerDates(id:)`` of a countdown in phases), standing still at their
  /// pause time while they are frozen: each next phase ends the plan's lengths after the dates'
  /// end, up to `lookAhead` of them, the plan's end, or a phase after which the plan pauses.
  /// `first` must be below the plan's phase count.
  ///
  /// - Parameters:
  ///   - dates: The current phase's range, and its pause time while it is frozen.
  ///   - first: The current phase's ordinal.
  ///   - isPaused: Whether the current phase is paused (not merely frozen by a suspension).
  ///   - layout: The plan's arithmetic.
  ///   - lookAhead: How many phases after the current one the window holds at most (below 0, none;
  ///     above ``maximumLookAhead``, that many).
  /// - Complexity: O(*k* log *p*), *k* the phases in the window, *p* the phases written in the
  ///   plan.
  init(dates: CountdownTimerDates, ordinal first: Int, isPaused: Bool, in layout: PlanLayout, lookAhead: Int) {
    let lookAhead = min(max(0, lookAhead), Self.maximumLookAhead)
    let firstEnd = dates.timerInterval.upperBound.timeIntervalSince1970
    let planTimeAtFirstEnd = layout.segments.end(ofOrdinal: first)
    let pausing = layout.segments.firstPausing(from: first)
    var phases: [Phase] = []
    var planEnd: Double?
    var ordinal = first
    var start = dates.timerInterval.lowerBound.timeIntervalSince1970
    while true {
      // The current phase ends at the dates' end exactly; each later one the plan's lengths on.
      let end =
        ordinal == first
        ? firstEnd
        : firstEnd + Double(layout.segments.end(ofOrdinal: ordinal).subtractingSaturated(planTimeAtFirstEnd)) / 1e9
      let next = ordinal.addingSaturated(1)
      let endsPlan = layout.segments.isEnded(next)
      // A plan whose last phase pauses after it ends there, and pauses nothing.
      let pausesAfter = ordinal == pausing && !endsPlan
      phases.append(Phase(layout.phase(atOrdinal: ordinal), start: start, end: end, pausesAfter: pausesAfter))
      if endsPlan { planEnd = end }
      if endsPlan || pausesAfter || phases.count > lookAhead { break }
      (ordinal, start) = (next, end)
    }
    let pausedAt = dates.pauseTime?.timeIntervalSince1970
    self.init(phases: phases, isPaused: isPaused && pausedAt != nil, pausedAt: pausedAt, planEnd: planEnd)
  }
}
