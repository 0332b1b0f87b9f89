@_spi(Walks) import CountdownCore
public import Foundation

extension CountdownSnapshot {
  /// What a Live Activity shows of the countdown in phases of `id` at `date`: the current phase
  /// and the next `lookAhead` ones, read from the snapshot alone, with no manager.
  ///
  /// ```swift
  /// let snapshot = try CountdownSnapshot<String>(decoding: data)
  /// if let window = snapshot.phaseWindow(id: "pomodoro", lookAhead: 2) {
  ///   print(window.phases.map(\.phase.name))  // ["Focus", "Break", "Focus"]
  /// }
  /// ```
  ///
  /// The plan is walked from the saved phase's end up to `date`, as
  /// ``timeline(id:from:limit:)`` walks it, so the window's phases start at that timeline's
  /// dates: a phase that ended before `date` is walked past, and a phase after which the plan
  /// pauses stops the walk (the next phase then waits, paused). The current phase spans its
  /// length in the plan, up to its end: a snapshot does not keep the time added to it.
  ///
  /// A paused phase gives a window laid out from `date`, with ``CountdownPhaseWindow/pausedAt``
  /// at `date`. So does a plan started `whileSuspended: .pauses`: it stands still while the app
  /// is away, with its time left, and is not paused (``CountdownPhaseWindow/isPaused`` is
  /// `false`), as the timeline shows it.
  ///
  /// - Parameters:
  ///   - id: The id of a countdown in phases in ``phaseEntries``.
  ///   - lookAhead: How many phases after the current one the window holds, 0 or more (default
  ///     1); above ``CountdownPhaseWindow/maximumLookAhead``, that many.
  ///   - date: The instant the window is read at (default: now).
  /// - Returns: The window; `nil` without a countdown in phases for `id`, for a plan that has
  ///   ended by `date`, for an entry whose end or time left no manager could restore, or for a
  ///   `lookAhead` below 0.
  /// - Complexity: O(*k* log *p*), *k* the phases in the window, *p* the phases written in the
  ///   plan.
  public func phaseWindow(id: ID, lookAhead: Int = 1, at date: Date = Date()) -> CountdownPhaseWindow? {
    guard lookAhead >= 0, let walk = phaseWalk(id: id, at: date) else { return nil }
    return CountdownPhaseWindow(
      walk.cursor, span: nil, at: 0, origin: (0, date), in: walk.layout, lookAhead: lookAhead,
      standsStill: walk.standsStill)
  }

  /// The countdown in phases of `id` as the snapshot has it at `now`, read as
  /// ``timeline(id:from:limit:)`` reads it: its plan's arithmetic, its cursor brought up to
  /// instant 0 (nanoseconds from `now`), and whether it stands still without being paused (a plan
  /// that freezes while the app is away). `nil` without one, for a plan that has ended, or for an
  /// end or a time left out of the clock's range.
  func phaseWalk(id: ID, at now: Date) -> (layout: PlanLayout, cursor: SegmentCursor, standsStill: Bool)? {
    guard let entry = phaseEntries.first(where: { $0.id == id }) else { return nil }
    let layout = entry.plan.layout
    guard layout.segments.counts(entry.ordinal), !layout.segments.isEnded(entry.ordinal) else { return nil }
    let timing: SegmentCursor.Timing
    // A running plan that freezes while the app is suspended, saved with its time left.
    let frozen = entry.policy == .pauses && !entry.isPaused
    if entry.countsByTime {
      guard let left = try? (entry.time ?? .zero).countdownNanoseconds() else { return nil }
      // Frozen with its end overdue (a negative time left): that end passed, as a restore
      // delivers it, and the next phase is frozen with what it had left.
      timing = frozen ? .running(deadline: left) : .paused(left: max(0, left))
    } else {
      guard let date = entry.date else { return nil }
      let ahead = (date - (serverOffset?.secondsValue ?? 0)).timeIntervalSince(now)
      guard ahead.isFinite, abs(ahead) < CountdownManager.representableSeconds else { return nil }
      // Whole microseconds, as the timeline rounds them, so that their dates are equal.
      timing = .running(deadline: Int64((ahead * 1e6).rounded()) * 1_000)
    }
    var cursor = SegmentCursor(ordinal: entry.ordinal, timing: timing)
    _ = cursor.advance(to: 0, in: layout.segments)
    guard !cursor.isEnded(in: layout) else { return nil }
    // Still running after the walk: it stands still with its time left, unpaused. (Paused by the
    // walk, by a phase that pauses the plan after it, it is paused.)
    if frozen, case .running = cursor.timing {
      cursor.pause(at: 0)
      return (layout, cursor, true)
    }
    return (layout, cursor, false)
  }
}
