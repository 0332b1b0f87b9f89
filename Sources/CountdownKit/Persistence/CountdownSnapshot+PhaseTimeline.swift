@_spi(Walks) import CountdownCore
public import Foundation

extension CountdownSnapshot {
  /// A widget's timeline for the countdown in phases of `id`: an entry at `now`, then one at each
  /// phase's start, read from the snapshot alone, with no manager.
  ///
  /// ```swift
  /// let snapshot = try CountdownSnapshot<String>(decoding: data)
  /// let entries = snapshot.timeline(id: "focus", from: Date(), limit: 20)
  /// // Each entry's position shows its phase; the system counts each phase down by itself.
  /// ```
  ///
  /// The plan's later ends follow from the saved phase's end, as a restore's do, so the widget
  /// moves to each phase at its start without a reload. The timeline stops at the plan's end (a
  /// last entry without a position), at a phase after which the plan pauses (its next phase's
  /// entry shows it paused: only the app's resume moves it on), after `limit` entries, or at
  /// once for a phase that is paused. A phase that ended before `now` (the snapshot is older
  /// than its end) is walked past, as a restore would.
  ///
  /// A plan started `whileSuspended: .pauses` is saved with its phase's time left: it stands
  /// still while the app is away, as the widget shows it, so its timeline is one entry, frozen
  /// with that time left, with no end dates and not paused (``CountdownPhasePosition/isPaused``
  /// is `false`), as ``CountdownManager/timerDates(id:)`` has it frozen while the manager is
  /// suspended. A phase end that was due and not delivered when it was saved is walked past, as
  /// a restore delivers it.
  ///
  /// - Parameters:
  ///   - id: The id of a countdown in phases in ``phaseEntries``.
  ///   - now: The first entry's date (default: now).
  ///   - limit: The most entries to return.
  /// - Returns: The entries, in date order; empty without a countdown in phases for `id`, or with
  ///   a `limit` below 1.
  /// - Complexity: O(*k* log *p*) for *k* entries, *p* the phases written in the plan.
  public func timeline(id: ID, from now: Date = Date(), limit: Int) -> [CountdownPhaseTimelineEntry] {
    guard limit > 0, let entry = phaseEntries.first(where: { $0.id == id }) else { return [] }
    let layout = entry.plan.layout
    guard layout.segments.counts(entry.ordinal), !layout.segments.isEnded(entry.ordinal) else { return [] }
    // Instants in nanoseconds from `now`, which is 0.
    let timing: SegmentCursor.Timing
    // A running plan that freezes while the app is suspended (`.pauses`), saved with its time left:
    // frozen while the app is away, when the widget shows it.
    let frozen = entry.policy == .pauses && !entry.isPaused
    if entry.countsByTime {
      guard let left = try? (entry.time ?? .zero).countdownNanoseconds() else { return [] }
      // Frozen with its end overdue (a negative time left): that end passed, as a restore
      // delivers it, and the next phase is frozen with what it had left.
      timing = frozen ? .running(deadline: left) : .paused(left: max(0, left))
    } else {
      guard let date = entry.date else { return [] }
      let ahead = (date - (serverOffset?.secondsValue ?? 0)).timeIntervalSince(now)
      guard ahead.isFinite, abs(ahead) < CountdownManager.representableSeconds else { return [] }
      timing = .running(deadline: Int64((ahead * 1e6).rounded()) * 1_000)
    }
    var cursor = SegmentCursor(ordinal: entry.ordinal, timing: timing)
    _ = cursor.advance(to: 0, in: layout.segments)
    // Still running after the walk: it stands still with its time left, unpaused. (Paused by the
    // walk, by a phase that pauses the plan after it, it is paused.)
    var standsStill = false
    if frozen, case .running = cursor.timing {
      cursor.pause(at: 0)
      standsStill = true
    }
    func entryAt(_ instant: Int64) -> CountdownPhaseTimelineEntry {
      let date = CountdownPhasePosition.date(of: instant, now: 0, wallNow: now)
      return CountdownPhaseTimelineEntry(
        date: date,
        position: CountdownPhasePosition(cursor, at: instant, in: layout, wallNow: now, of: 0, frozen: standsStill))
    }
    var entries = [entryAt(0)]
    while entries.count < limit, !cursor.isEnded(in: layout), case .running(let deadline) = cursor.timing {
      _ = cursor.advance(to: deadline, in: layout.segments)
      entries.append(entryAt(deadline))
    }
    return entries
  }
}
