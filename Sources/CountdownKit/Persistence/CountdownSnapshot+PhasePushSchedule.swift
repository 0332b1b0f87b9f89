public import Foundation

extension CountdownSnapshot {
  /// The pushes that keep a Live Activity of the countdown in phases of `id` right while nothing
  /// of the app runs, from `now` on: one per `lookAhead + 1` phases, read from the snapshot alone.
  ///
  /// ```swift
  /// let snapshot = try CountdownSnapshot<String>(decoding: data)  // as the app uploaded it
  /// for push in snapshot.pushSchedule(id: "pomodoro", lookAhead: 1, from: Date(), limit: 16) {
  ///   // Each sent at its date, its window the activity's content state (CountdownPush builds it).
  ///   print(Date(timeIntervalSince1970: push.sendDate), push.event, push.window.current.phase.name)
  /// }
  /// ```
  ///
  /// The first push is sent at `now`, with the window at `now`
  /// (``phaseWindow(id:lookAhead:at:)``); each next one at the end of the last phase the one
  /// before it shows, with the window that starts there. Each push's stale date is its current
  /// phase's end, after which the activity's view draws the next phase of the same window
  /// (``CountdownPhaseWindow/phase(at:)``). The dates are the timeline's
  /// (``timeline(id:from:limit:)`` from the same `now`): each phase start it has is a phase's
  /// start in a window here.
  ///
  /// The schedule stops:
  /// - At the plan's end: a last push, sent then, ends the activity, with the plan's end as its
  ///   dismissal date (the activity goes at once) and the last window as its final content.
  /// - At a phase after which the plan pauses: a last push, sent at that phase's end, shows the
  ///   next phase waiting, paused (``CountdownPhaseWindow/pausedAt`` at that end). No later date
  ///   can be known before the person resumes the plan: the app then asks for a new schedule.
  /// - At once, after the first push, for a phase paused in the snapshot, or a plan started
  ///   `whileSuspended: .pauses`, which stands still while the app is away.
  /// - After `limit` pushes.
  ///
  /// - Parameters:
  ///   - id: The id of a countdown in phases in ``phaseEntries``.
  ///   - lookAhead: How many phases after the current one each window holds, 0 or more (default
  ///     1; above ``CountdownPhaseWindow/maximumLookAhead``, that many): a push then every
  ///     `lookAhead + 1` phases.
  ///   - now: The first push's send date (default: now).
  ///   - limit: The most pushes to return.
  /// - Returns: The pushes, in the order of their send dates, which strictly increase; empty
  ///   without a countdown in phases for `id`, for a plan that has ended by `now`, for an entry
  ///   whose end or time left no manager could restore, for a `lookAhead` below 0, or for a
  ///   `limit` below 1.
  /// - Complexity: O(*n* *k* log *p*) for *n* pushes of windows of *k* phases, *p* the phases
  ///   written in the plan.
  public func pushSchedule(id: ID, lookAhead: Int = 1, from now: Date = Date(), limit: Int) -> [CountdownPhasePush] {
    guard limit > 0, var walk = PhasePushLayout(self, id: id, lookAhead: lookAhead, from: now) else { return [] }
    var pushes: [CountdownPhasePush] = []
    while pushes.count < limit, let push = walk.next() {
      pushes.append(push)
    }
    return pushes
  }
}
