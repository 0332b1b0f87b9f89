import CountdownCore
import Foundation

extension CountdownManager {
  /// Checks the entries of `snapshot` at `indices` against this manager, now, and works out how
  /// to count each again. The snapshot itself is checked already (``CountdownSnapshot/validate()``).
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot restored from.
  ///   - indices: The positions of the entries to check in `snapshot`.
  ///   - allowsCountingUp: `false` for observable models, which hold countdowns only.
  func restorePlans<ID: Hashable & Sendable & Codable>(
    for snapshot: CountdownSnapshot<ID>, at indices: some Sequence<Int>, allowsCountingUp: Bool
  ) throws(CountdownSnapshotError) -> [RestorePlan] {
    let ownOffset = state.withLock { $0.isCalibrated ? $0.serverOffset : nil }
    // Device date = date written − the offset it was written with (or the fresh one).
    let offset = snapshot.serverOffset.map { ownOffset ?? $0 } ?? .zero
    // The snapshot's date on the device's clock as it reads now: moved by the change of offset, as
    // the entries' dates are.
    let takenAt = snapshot.takenAt + ((snapshot.serverOffset ?? .zero) - offset).secondsValue
    let moment = RestoreMoment(
      now: engine.clock.now.nanosecondsSinceOrigin, wallNow: wallClock(), takenAt: takenAt,
      interval: (try? engine.interval.countdownNanoseconds()) ?? 1, offset: offset)
    var plans: [RestorePlan] = []
    for index in indices {
      let entry = snapshot.entries[index]
      guard allowsCountingUp || entry.kind == .countdown else {
        throw .unsupportedEntry(index: index)
      }
      do {
        plans.append(try plan(for: entry, at: moment))
      } catch {
        throw .invalidEntry(index: index, reason: error)
      }
    }
    return plans
  }

  /// When a restore counts its entries from: the clock's and the wall clock's now, the snapshot's
  /// date, the interval and the offset its dates are mapped through.
  private struct RestoreMoment {
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
  }

  /// How to count `entry` again at `moment`, with the checks the engine's `register` makes, so
  /// that registering the plan cannot throw.
  private func plan<ID>(
    for entry: CountdownSnapshot<ID>.Entry, at moment: RestoreMoment
  ) throws(CountdownError) -> RestorePlan {
    var plan = RestorePlan(
      target: .duration(.zero), policy: entry.policy, deliveries: entry.deliveries, isPaused: entry.isPaused,
      reading: moment.now)
    plan.ending = entry.ending
    if entry.ending == .countsOvertime, let overtime = try Self.overtimePlan(plan, for: entry, at: moment) {
      return overtime
    }
    let left: Int64
    if let time = entry.time {
      let nanoseconds = try time.countdownNanoseconds()
      guard nanoseconds >= 0 else { throw .negativeDuration }
      if entry.kind == .countingUp {
        plan.target = .countingUp(from: try Self.start(elapsed: nanoseconds, before: moment.now))
        return plan
      }
      try Self.checkCountdown(of: nanoseconds, at: moment.now, interval: moment.interval)
      plan.target = .duration(.nanoseconds(nanoseconds))
      if nanoseconds == 0 {
        // Frozen with nothing left (paused at its deadline, or run out on running time): it ended
        // by the time the snapshot was taken, and ends now, with its 0, paused or not.
        plan.isPaused = false
        plan.endedAt = moment.endDate(moment.takenAt)
      }
      left = nanoseconds
    } else {
      guard let date = entry.date else { throw .nonFiniteValue }
      let device = date - moment.offset.secondsValue
      let ahead = device.timeIntervalSince(moment.wallNow)
      guard ahead.isFinite else { throw .nonFiniteValue }
      guard abs(ahead) < Self.representableSeconds else { throw .outOfRange }
      // Dates carry about a tenth of a microsecond: whole microseconds give back a deadline that
      // lay on an interval's boundary exactly, instead of a hair after it (a value one too high).
      let nanoseconds = Int64((ahead * 1e6).rounded()) * 1_000
      if entry.kind == .countingUp {
        // A start ahead of now (the device's clock went back): it counts from now.
        plan.target = .countingUp(from: try Self.start(elapsed: max(0, -nanoseconds), before: moment.now))
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
    _ plan: RestorePlan, for entry: CountdownSnapshot<ID>.Entry, at moment: RestoreMoment
  ) throws(CountdownError) -> RestorePlan? {
    let late: Int64
    if let time = entry.time {
      late = -(try time.countdownNanoseconds())
    } else {
      guard let date = entry.date else { throw .nonFiniteValue }
      // At least as far past it as when the snapshot was taken, if the device's clock went back.
      let behind = moment.wallNow.timeIntervalSince(date - moment.offset.secondsValue) - moment.clockWentBack
      guard behind.isFinite else { throw .nonFiniteValue }
      guard abs(behind) < representableSeconds else { throw .outOfRange }
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
  private static func checkCountdown(of nanoseconds: Int64, at now: Int64, interval: Int64) throws(CountdownError) {
    guard !now.addingReportingOverflow(nanoseconds).overflow else { throw .outOfRange }
    guard nanoseconds == 0 || (nanoseconds - 1) / interval + 1 <= CountdownTiming.maximumValue else {
      throw .outOfRange
    }
  }

  /// The clock instant `elapsed` nanoseconds before `now`.
  private static func start(elapsed: Int64, before now: Int64) throws(CountdownError) -> CountdownInstant {
    let (start, overflow) = now.subtractingReportingOverflow(elapsed)
    guard !overflow else { throw .outOfRange }
    return CountdownInstant(nanosecondsSinceOrigin: start)
  }
}
