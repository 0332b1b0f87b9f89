@_spi(Walks) import CountdownCore
import CountdownKit
import Foundation

/// What a schedule laid out from one countdown shows, as far as laying it out again changes it (a
/// widget's timeline, a Live Activity's pushes): its end while it runs
/// (the system counts down to it by itself, on the device's clock), its time left while frozen
/// (laid out from its pause time, which a change of the clock moves with the end).
enum ScheduleShown: Equatable, Sendable {
  /// Running: it ends at `deadline` on the manager's clock, shown as `end` on the device's.
  case running(deadline: Int64, end: Date)
  case frozen(remaining: Int64)
  /// A countdown in phases running: its timeline has an entry per phase start, laid out from
  /// `origin`, where the plan would have started on the manager's clock had it run with nothing
  /// paused, skipped or added, shown as `originDate` on the device's, walking `plan`, up to the
  /// end of the phase of ordinal `pausesAfter`, the first after which the plan pauses (`nil`:
  /// none), where it stops, showing the next phase paused. A phase end moves none of them; a
  /// resume past that pause moves `pausesAfter` on, even at the instant the plan paused, which
  /// leaves `origin` where it was.
  case phases(origin: Int64, originDate: Date, plan: CountdownPlan, pausesAfter: Int? = nil)
  /// A countdown in phases paused at its phase of `ordinal` of `plan`, with `remaining` left in it;
  /// read at `readAt` on the device's clock (`nil`: not known), which moves nothing the widget
  /// shows of it but tells whether a timeline laid out while it ran is past its pause.
  case pausedPhases(ordinal: Int, remaining: Int64, plan: CountdownPlan, readAt: Date? = nil)

  /// How far the device's date of an end may seem to move between two readings and count as
  /// the same: the wall clock and the manager's clock are read one after the other, so an end
  /// that did not move reads a few microseconds apart; a widget shows whole seconds.
  static let endTolerance: TimeInterval = 0.1

  /// Whether a widget laid out for `last` is wrong for a countdown that shows `self` now.
  func moved(from last: ScheduleShown) -> Bool {
    switch (self, last) {
    case (.running(let deadline, let end), .running(let lastDeadline, let lastEnd)):
      deadline != lastDeadline || abs(end.timeIntervalSince(lastEnd)) > Self.endTolerance
    case (
      .phases(let origin, let date, let plan, let pausesAfter),
      .phases(let lastOrigin, let lastDate, let lastPlan, let lastPausesAfter)
    ):
      origin != lastOrigin || abs(date.timeIntervalSince(lastDate)) > Self.endTolerance || plan != lastPlan
        || pausesAfter != lastPausesAfter
    case (
      .pausedPhases(let ordinal, let remaining, let plan, _),
      .pausedPhases(let lastOrdinal, let lastRemaining, let lastPlan, _)
    ):
      ordinal != lastOrdinal || remaining != lastRemaining || plan != lastPlan
    case (
      .pausedPhases(let ordinal, let remaining, let plan, let readAt),
      .phases(_, let originDate, let lastPlan, let pausesAfter)
    ):
      // Paused by the plan where the timeline laid out while it ran stops, and shown so once the
      // device's clock is past that entry's date: a re-sync (the clock changed, the app came
      // back) leaves it as it is, unless the clock went back before the pause.
      !Self.isPausedWhereLaidOut(
        ordinal: ordinal, remaining: remaining, plan: plan, readAt: readAt, laidOutFrom: originDate,
        of: lastPlan, pausingAfter: pausesAfter)
    default: self != last
    }
  }

  /// Whether a timeline laid out for `lastPlan` running from `originDate` (on the device's clock),
  /// which stops at the end of its phase of ordinal `pausingAfter` with an entry showing the
  /// next phase paused, its whole length left, shows at `readAt` a countdown in phases paused at
  /// its phase of `ordinal` of `plan` with `remaining` left: the same plan, paused by itself
  /// there, read at or after that entry's date.
  private static func isPausedWhereLaidOut(
    ordinal: Int, remaining: Int64, plan: CountdownPlan, readAt: Date?, laidOutFrom originDate: Date,
    of lastPlan: CountdownPlan, pausingAfter: Int?
  ) -> Bool {
    guard let pausingAfter, let readAt, ordinal - 1 == pausingAfter, plan == lastPlan else {
      return false
    }
    let layout = plan.layout
    let whole = layout.segments.length(ofOrdinal: ordinal)
    guard abs(Double(remaining) - Double(whole)) / 1e9 <= endTolerance else { return false }
    let pausedAt = originDate + Double(layout.segments.end(ofOrdinal: pausingAfter)) / 1e9
    return readAt.timeIntervalSince(pausedAt) >= -endTolerance
  }
}

extension ScheduleShown {
  /// What a schedule shows of a countdown in phases in `phase`: laid out from the plan's origin
  /// while it runs, which its phase ends do not move, up to the first phase after which it pauses
  /// (a widget's timeline; the pushes a server sends, ``ActivityPushesMirror``, are laid out from
  /// the same dates).
  static func of(_ phase: IDPhase, _ phaseEnds: IDPhaseEnds) -> ScheduleShown? {
    switch (phase, phaseEnds.origin) {
    case (.running(let dates, let deadline), let origin?):
      let fromOrigin = Double(deadline.nanosecondsSinceOrigin.subtractingReportingOverflow(origin).partialValue) / 1e9
      return .phases(
        origin: origin, originDate: dates.timerInterval.upperBound - fromOrigin, plan: phaseEnds.plan,
        pausesAfter: phaseEnds.plan.layout.segments.firstPausing(from: phaseEnds.ordinal))
    case (.frozen(let dates), _):
      guard case .frozen(let remaining)? = of(phase) else { return nil }
      return .pausedPhases(
        ordinal: phaseEnds.ordinal, remaining: remaining, plan: phaseEnds.plan, readAt: dates.pauseTime)
    case (.running, nil), (.gone, _): return of(phase)
    }
  }

  /// What a schedule shows of a countdown in `phase`.
  static func of(_ phase: IDPhase) -> ScheduleShown? {
    switch phase {
    case .running(let dates, let deadline):
      .running(deadline: deadline.nanosecondsSinceOrigin, end: dates.timerInterval.upperBound)
    case .frozen(let dates):
      // Laid out from its pause time: what is left from there is what the widget shows.
      .frozen(
        remaining: dates.timerInterval.upperBound.timeIntervalSince(dates.pauseTime ?? dates.timerInterval.upperBound)
          .nanosecondsClamped)
    case .gone: nil
    }
  }
}
