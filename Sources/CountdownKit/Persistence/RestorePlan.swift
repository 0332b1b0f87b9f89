import CountdownCore
import Foundation

/// How one snapshot entry is counted again on a manager: worked out, and checked, for every entry
/// before the first is registered, so a restore that throws changes nothing.
struct RestorePlan: Sendable {
  enum Target: Sendable {
    case deadline(CountdownInstant)
    case duration(Duration)
    case countingUp(from: CountdownInstant)
  }

  var target: Target
  var policy: SuspensionPolicy
  var deliveries: CountdownDeliveries
  /// Whether it counts on past its deadline.
  var ending = CountdownEnding.stops
  var isPaused: Bool
  /// The clock reading the target was worked out at: a paused plan is registered and paused at it.
  var reading: Int64
  /// For a countdown that ran out while the app was not running: when, on the device's clock.
  var endedAt: Date?
  /// The same instant on the manager's clock, as far before the restore as the date is before now
  /// (`CountdownManager.endedAgo(id:)`).
  var endedInstant: Int64?
  /// A countdown's length, start to end (at least what it has left); `nil` for a count-up.
  var length: Duration?

  var isCountdown: Bool {
    if case .countingUp = target { return false }
    return true
  }

  /// Whether it delivers milestones only (its read-aloud then reads the time left, not the value).
  var deliversMilestones: Bool {
    deliveries.milestones != nil
  }

  /// Whether its 0 ends it: a countdown's, unless it counts overtime.
  var endsAtZero: Bool { isCountdown && ending == .stops }

  /// Counts the plan again for `receiver` on `engine`; paused, if it was, as of the reading the
  /// plan was worked out at (so it is frozen at exactly what was saved).
  ///
  /// - Throws: What the engine's `submit` throws, which the plan's checks rule out.
  func restore(_ receiver: AnyObject, on engine: CountdownEngine, handler: @escaping CountdownHandler)
    throws(CountdownError)
  {
    let pausedAt = isPaused ? CountdownInstant(nanosecondsSinceOrigin: reading) : nil
    switch target {
    case .deadline(let deadline):
      let request = try RegistrationRequest(
        .deadline(deadline), whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
      try engine.submit(receiver, request, pausedAt: pausedAt, handler: handler)
    case .duration(let duration):
      let request = try RegistrationRequest(
        .duration(duration), whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
      try engine.submit(receiver, request, pausedAt: pausedAt, handler: handler)
    case .countingUp(let start):
      engine.carryOver(receiver, countingUpFrom: start, whileSuspended: policy, pausedAt: pausedAt, handler: handler)
    }
  }
}

// Made from a snapshot entry in an extension, so the memberwise initializer stays.
extension RestorePlan {
  /// When a restore counts its entries from: the clock's and the wall clock's now, the snapshot's
  /// date, the interval and the offset its dates are mapped through.
  struct Moment {
    var now: Int64
    var wallNow: Date
    /// When the snapshot was taken, on the device's clock as it reads now.
    var takenAt: Date
    var interval: Int64
    var offset: Duration

    /// How far the device's clock stands before the snapshot's date, negative (zero if it does
    /// not): it went back since by at least that much, which did not pass for any countdown.
    var clockWentBack: TimeInterval { min(0, wallNow.timeIntervalSince(takenAt)) }

    /// The date a countdown that ran out at `date` (on the device's clock) ended: moved back by as
    /// much as the clock went back at least, and never after now.
    func endDate(_ date: Date) -> Date { min(date + clockWentBack, wallNow) }

    /// The instant on the manager's clock as far before now as `date` is before the device's
    /// clock's now, never after now; `Int64.min` for one further back than the clock reaches.
    func instant(at date: Date) -> Int64 {
      let seconds = max(0, wallNow.timeIntervalSince(date))
      // Whole microseconds, as the entries' dates are read; 9.2 × 10⁹ s is about 292 years.
      guard seconds < 9.2e9 else { return .min }
      let (instant, overflow) = now.subtractingReportingOverflow(Int64((seconds * 1e6).rounded()) * 1_000)
      return overflow ? .min : instant
    }
  }

  /// How to count `entry` again at `moment`, with the checks the engine's `submit` makes, so
  /// that registering the plan cannot throw.
  init<ID>(_ entry: CountdownSnapshot<ID>.Entry, at moment: Moment) throws(CountdownError) {
    var plan = RestorePlan(
      target: .duration(.zero), policy: entry.policy, deliveries: entry.deliveries, isPaused: entry.isPaused,
      reading: moment.now)
    plan.ending = entry.ending
    self = try plan.counting(entry, at: moment)
    endedInstant = endedAt.map(moment.instant(at:))
  }

  /// This plan (its options set), its target, length and end worked out for `entry` at `moment`.
  private func counting<ID>(_ entry: CountdownSnapshot<ID>.Entry, at moment: Moment) throws(CountdownError)
    -> RestorePlan
  {
    var plan = self
    if entry.ending == .countsOvertime, let overtime = try Self.overtimePlan(plan, for: entry, at: moment) {
      return overtime
    }
    let left: Int64
    if let time = entry.time {
      let nanoseconds = try time.countdownNanoseconds()
      guard nanoseconds >= 0 else { throw .negativeDuration }
      if entry.kind == .countingUp {
        plan.target = .countingUp(from: try Self.instant(nanoseconds, before: moment.now))
        return plan
      }
      try Self.checkCountdown(of: nanoseconds, at: moment.now, interval: moment.interval)
      plan.target = .duration(.nanoseconds(nanoseconds))
      if nanoseconds == 0, !entry.isPaused {
        // Frozen with nothing left by the manager's suspension (run out on running time): it ended
        // by the time the snapshot was taken, and ends now, with its 0. One paused at 0 stays
        // paused, as every paused countdown does, until its resume ends it.
        plan.endedAt = moment.endDate(moment.takenAt)
      }
      left = nanoseconds
    } else {
      guard let date = entry.date else { throw .nonFiniteValue }
      let device = date - moment.offset.secondsValue
      let ahead = device.timeIntervalSince(moment.wallNow)
      guard ahead.isFinite else { throw .nonFiniteValue }
      guard abs(ahead) < CountdownManager.representableSeconds else { throw .outOfRange }
      // Dates carry about a tenth of a microsecond: whole microseconds give back a deadline that
      // lay on an interval's boundary exactly, instead of a hair after it (a value one too high).
      let nanoseconds = Int64((ahead * 1e6).rounded()) * 1_000
      if entry.kind == .countingUp {
        // A start ahead of now (the device's clock went back): it counts from now.
        plan.target = .countingUp(from: try Self.instant(max(0, -nanoseconds), before: moment.now))
        return plan
      }
      // Run out by now, or by the time the snapshot was taken (the device's clock went back since).
      if nanoseconds <= 0 || device <= moment.takenAt {
        left = 0
        plan.target = .deadline(CountdownInstant(nanosecondsSinceOrigin: moment.now))
        plan.endedAt = moment.endDate(device)
      } else {
        left = nanoseconds
        try Self.checkCountdown(of: nanoseconds, at: moment.now, interval: moment.interval)
        plan.target = .deadline(CountdownInstant(nanosecondsSinceOrigin: moment.now + nanoseconds))
      }
    }
    // Without a length (format 1), the range starts at the restore.
    plan.length = .nanoseconds(max(entry.length?.nanosecondsSaturating ?? 0, left))
    return plan
  }

  /// How to count again an overtime `entry` whose deadline has passed (its time left, or its date,
  /// behind `moment`): to that deadline, in the past, so it goes on counting overtime from where
  /// it is, not ended; `nil` for one still before its deadline, counted as any countdown.
  private static func overtimePlan<ID>(
    _ plan: RestorePlan, for entry: CountdownSnapshot<ID>.Entry, at moment: Moment
  ) throws(CountdownError) -> RestorePlan? {
    let late: Int64
    if let time = entry.time {
      let left = try time.countdownNanoseconds()
      // `Int64.min` has no negation: as far past as no clock reaches.
      guard left != .min else { throw .outOfRange }
      late = -left
    } else {
      guard let date = entry.date else { throw .nonFiniteValue }
      // At least as far past it as when the snapshot was taken, if the device's clock went back.
      let behind = moment.wallNow.timeIntervalSince(date - moment.offset.secondsValue) - moment.clockWentBack
      guard behind.isFinite else { throw .nonFiniteValue }
      guard abs(behind) < CountdownManager.representableSeconds else { throw .outOfRange }
      late = Int64((behind * 1e6).rounded()) * 1_000
    }
    guard late >= 0 else { return nil }
    let (deadline, overflow) = moment.now.subtractingReportingOverflow(late)
    guard !overflow else { throw .outOfRange }
    var plan = plan
    plan.target = .deadline(CountdownInstant(nanosecondsSinceOrigin: deadline))
    plan.length = entry.length ?? .zero
    return plan
  }

  /// Refuses a countdown of `nanoseconds` from `now` that the engine would: a deadline past the
  /// clock's last instant, or more intervals than a value holds.
  static func checkCountdown(of nanoseconds: Int64, at now: Int64, interval: Int64) throws(CountdownError) {
    guard !now.addingReportingOverflow(nanoseconds).overflow else { throw .outOfRange }
    guard nanoseconds == 0 || (nanoseconds - 1) / interval + 1 <= CountdownTiming.maximumValue else {
      throw .outOfRange
    }
  }

  /// The clock instant `elapsed` nanoseconds before `now`.
  private static func instant(_ elapsed: Int64, before now: Int64) throws(CountdownError) -> CountdownInstant {
    let (instant, overflow) = now.subtractingReportingOverflow(elapsed)
    guard !overflow else { throw .outOfRange }
    return CountdownInstant(nanosecondsSinceOrigin: instant)
  }
}

extension Duration {
  /// The duration in seconds, as `Date` arithmetic takes them.
  var secondsValue: Double {
    let (seconds, attoseconds) = clampedComponents
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

extension RestorePlan {
  /// The order in which to count `plans` again: the snapshot's, but for those that ran out while
  /// the app was not running, whose single `0`s come in the order of their ends, ties in the
  /// snapshot's order, as ends delivered together always do. Each of those takes the place of
  /// one of them: the others keep theirs.
  /// - Complexity: O(*n* + *e* log *e*) for *n* plans, *e* of them ended.
  static func restoreOrder(of plans: [RestorePlan]) -> [Int] {
    var order = Array(plans.indices)
    let ended = plans.indices.filter { plans[$0].endedInstant != nil }
    guard ended.count > 1 else { return order }
    let byEnd = ended.sorted { (plans[$0].endedInstant!, $0) < (plans[$1].endedInstant!, $1) }
    for (place, index) in zip(ended, byEnd) {
      order[place] = index
    }
    return order
  }
}
