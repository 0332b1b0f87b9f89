import CountdownCore
import Foundation

/// How one countdown in phases of a snapshot is counted again on a manager: its cursor on this
/// manager's clock, worked out and checked for every entry before the first is registered, so a
/// restore that throws changes nothing.
///
/// A running phase's end date becomes an instant on the clock, as far from now as the date is
/// from the device's clock's now: in the past, if the phase ended while the app was not running.
/// One frozen while the app was away (`.pauses`) ends its time left after now: in the past by as
/// long as its end was overdue when saved (a negative time left).
/// The plan's later ends follow from it (``CountdownCore/SegmentCursor``), so after any gap the
/// walk puts the plan exactly where it is now, and reports the ends passed, bounded.
struct PhaseRestorePlan: Sendable {
  var plan: CountdownPlan
  var policy: SuspensionPolicy
  var deliveries: CountdownDeliveries
  /// The cursor as the snapshot left it, its deadline on this manager's clock (maybe passed).
  var cursor: SegmentCursor
  /// The instant the first end passed while the app was not running came; `nil`: none.
  var firstPassedEnd: Int64?
  /// For a plan that ended while the app was not running: when its last phase ended, on the
  /// device's clock, never after now.
  var endedAt: Date?

  /// How to count `entry` again at `moment`, with the checks a start makes, so that registering
  /// it cannot throw.
  ///
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` or
  ///   ``CountdownCore/CountdownError/nonFiniteValue`` for a time or date too far away to count.
  init<ID>(_ entry: CountdownSnapshot<ID>.PhaseEntry, at moment: RestorePlan.Moment) throws(CountdownError) {
    plan = entry.plan
    policy = entry.policy
    deliveries = entry.deliveries
    let layout = entry.plan.layout
    let ahead: Int64
    if entry.countsByTime {
      // Paused, or frozen while the app was away (`.pauses`): the time the app was not running
      // does not count, and the phase has exactly what it had left.
      let left = try (entry.time ?? .zero).countdownNanoseconds()
      guard !entry.isPaused else {
        try RestorePlan.checkCountdown(of: left, at: moment.now, interval: moment.interval)
        cursor = SegmentCursor(ordinal: entry.ordinal, timing: .paused(left: left))
        return
      }
      // Negative, its end was that overdue when saved: it passed that long before now.
      ahead = left
    } else {
      guard let date = entry.date else { throw .nonFiniteValue }
      let device = date - moment.offset.secondsValue
      // The device's clock went back since the snapshot (now before it): no time is known to have
      // passed, so none counts.
      let seconds = device.timeIntervalSince(max(moment.wallNow, moment.takenAt))
      guard seconds.isFinite else { throw .nonFiniteValue }
      guard abs(seconds) < CountdownManager.representableSeconds else { throw .outOfRange }
      // Whole microseconds, as a countdown's date is read back.
      ahead = Int64((seconds * 1e6).rounded()) * 1_000
    }
    let (deadline, overflow) = moment.now.addingReportingOverflow(ahead)
    guard !overflow else { throw .outOfRange }
    cursor = SegmentCursor(ordinal: entry.ordinal, timing: .running(deadline: deadline))
    // Where the walk will be now: the phase it runs must fit on the clock, as a start's would.
    var now = cursor
    let passed = now.advance(to: moment.now, in: layout.segments)
    if case .running(let next) = now.timing, !now.isEnded(in: layout), next > moment.now {
      try RestorePlan.checkCountdown(of: next - moment.now, at: moment.now, interval: moment.interval)
    }
    firstPassedEnd = passed.summary?.first ?? passed.ends.first?.instant
    if passed.planEnded, let last = passed.ends.last {
      endedAt = min(moment.wallNow, moment.wallNow + Double(last.instant.subtractingSaturated(moment.now)) / 1e9)
    }
  }

  /// Registers the cursor's phase for `token` on `engine`: a running phase toward its end (now, if
  /// it passed: the handler's walk then reports the ends passed), a paused one frozen at its time
  /// left, as of `now`.
  ///
  /// - Throws: What the engine's `submit` throws, which the plan's checks rule out.
  /// Where the restored walk starts at `now`: its phase's time left (below 0: its end passed that
  /// long ago, and the restore's first call tells the ends passed since), and whether it is paused.
  func start(at now: Int64) -> (left: Int64, paused: Bool) {
    switch cursor.timing {
    case .running(let deadline): (deadline.subtractingSaturated(now), false)
    case .paused(let left): (left, true)
    }
  }
}
