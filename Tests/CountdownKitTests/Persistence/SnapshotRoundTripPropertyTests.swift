import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// Seeded random managers, written down, encoded inside an app's own state under every date
/// strategy, and restored after a dead time (with the device's clock moved meanwhile) into a new
/// process: every value is what the first manager would show at that instant, `ended` lists
/// exactly the countdowns that ran out, with the date they ran out, and the system's dates agree
/// with when the `0` comes.
///
/// CI runs 1 000 cases (seeds 1 to 1 000; a plain `swift test` 300: ``CountdownTestSupport/TestSize``);
/// `COUNTDOWN_ROUNDTRIP_CASES=10000` runs a
/// longer one, `COUNTDOWN_ROUNDTRIP_CASES=1000000` a long one, and `COUNTDOWN_ROUNDTRIP_SEED`
/// replays one case (the seed a failure names).
final class SnapshotRoundTripPropertyTests: XCTestCase {
  /// What the test knows of one id of the first manager.
  private struct Started {
    var id: String
    var kind: CountdownSnapshot<String>.Kind
    var policy: SuspensionPolicy
    var deliveries: CountdownDeliveries
    /// Counts on past its deadline: restored after it, it goes on below 0, not ended.
    var ending = CountdownEnding.stops
    var isPaused = false
    /// For a countdown that counts to a deadline on the device's clock (never paused): that date.
    var deadline: Date?
  }

  func testRandomManagersRoundTripThroughEveryDateStrategy() throws {
    let environment = ProcessInfo.processInfo.environment
    let seeds: [UInt64] =
      environment["COUNTDOWN_ROUNDTRIP_SEED"].flatMap(UInt64.init).map { [$0] }
      ?? Array(1...UInt64(max(1, TestSize.of("COUNTDOWN_ROUNDTRIP_CASES", full: 1_000, editLoop: 300))))
    try MainActor.assumeIsolated {
      for seed in seeds {
        try Self.check(seed: seed)
      }
    }
  }

  @MainActor
  private static func check(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    func milliseconds(_ range: ClosedRange<Int64>) -> Int64 { Int64.random(in: range, using: &random) }
    let wall = TestWallClock()
    wall.jump(by: Double(milliseconds(0...1_000_000_000)) / 1e3)
    let (first, clock) = try makeManager(wall: wall)
    try clock.advance(by: .milliseconds(milliseconds(0...100_000_000)))
    func pass(_ ms: Int64) throws {
      wall.jump(by: Double(ms) / 1e3)
      try clock.advance(by: .milliseconds(ms))
    }
    let serverAhead: Double? = random.next() % 2 == 0 ? Double(milliseconds(-36_000_000...36_000_000)) / 1e3 : nil
    if let serverAhead {
      try first.calibrate(serverNow: wall.now + serverAhead, receivedAt: wall.now)
    }

    // Start a few countdowns and count-ups of every kind, with time passing in between.
    var started: [Started] = []
    for index in 0..<Int(random.next() % 5 + 1) {
      let id = "c\(index)"
      let policy: SuspensionPolicy = random.next() % 3 == 0 ? .pauses : .keepsRunning
      switch random.next() % 4 {
      case 0:
        first.listen(id: id, whileSuspended: policy) { _, _, _ in }
        started.append(Started(id: id, kind: .countingUp, policy: policy, deliveries: .everyChange))
      default:
        let length = milliseconds(0...120_000)
        let deliveries: CountdownDeliveries =
          switch random.next() % 6 {
          case 0, 1: .onlyTheEnd
          // Milestones within the countdown (whole seconds, the manager's interval).
          case 2:
            .milestones(Set((0..<Int(random.next() % 4)).map { _ in Int(random.next() % UInt64(length / 1_000 + 1)) }))
          default: .everyChange
          }
        // Overtime only for a countdown delivering every change, as the engine takes it.
        let ending: CountdownEnding = deliveries == .everyChange && random.next() % 3 == 0 ? .countsOvertime : .stops
        if ending == .countsOvertime {
          try first.start(id: id, for: .milliseconds(length), whileSuspended: policy, pastTheEnd: ending) { _, _, _ in }
        } else {
          try first.start(id: id, for: .milliseconds(length), whileSuspended: policy, delivering: deliveries) {
            _, _, _ in
          }
        }
        let deadline = policy == .keepsRunning ? wall.now + Double(length) / 1e3 : nil
        started.append(
          Started(id: id, kind: .countdown, policy: policy, deliveries: deliveries, ending: ending, deadline: deadline))
      }
      try pass(milliseconds(0...20_000))
    }
    for index in started.indices where random.next() % 4 == 0 {
      first.pause(id: started[index].id)
      started[index].isPaused = true
      started[index].deadline = nil
    }
    if random.next() % 2 == 0 {
      first.suspendTicking()  // a snapshot from a background task
      try pass(milliseconds(0...300_000))
    } else {
      try pass(milliseconds(0...10_000))
    }

    // Written down inside the app's state, with its date strategy.
    let snapshot = first.snapshot(of: String.self)
    let strategy = AppStateDateStrategy.allCases[Int(seed % 4)]
    let name = strategy.rawValue
    let decoded = try strategy.roundTrip(snapshot, savedAt: wall.now)
    XCTAssertEqual(decoded, snapshot, "seed \(seed) (\(name)): the encoding lost something")

    // Dead for a while: the first manager, suspended, shows what the app would show now.
    if !first.isSuspended { first.suspendTicking() }
    try pass(milliseconds(0...10_800_000))
    var expected: [String: Duration] = [:]
    for entry in snapshot.entries {
      expected[entry.id] = first.timeLeft(id: entry.id)
    }
    first.cancelAll()
    let wallAfterDeadTime = wall.now
    // The user moves the device's clock while the app is not running.
    let moved: Double = random.next() % 2 == 0 ? Double(milliseconds(-10_800_000...10_800_000)) / 1e3 : 0
    wall.jump(by: moved)

    let (manager, newClock) = try makeManager(wall: wall)
    if let serverAhead {
      // Calibrated again from a fresh response: the server's clock did not move.
      try manager.calibrate(serverNow: wall.now - moved + serverAhead, receivedAt: wall.now)
    }
    let log = ValueLog()
    let restoration = try manager.restore(decoded, log.recordByID())
    try newClock.advance(by: .zero)
    XCTAssertEqual(restoration.ids, snapshot.entries.map(\.id), "seed \(seed)")

    // Calibrated again, the dates move with the clock; without, a clock set back before the
    // snapshot's date went back at least that far, which passed for no countdown.
    let mappedTakenAt = snapshot.takenAt + (serverAhead == nil ? 0 : moved)
    let clockWentBack = min(0, wall.now.timeIntervalSince(mappedTakenAt))
    var expectedEnded: [String: Date] = [:]
    var running: [String] = []
    for entry in snapshot.entries {
      let what = try XCTUnwrap(started.first { $0.id == entry.id })
      XCTAssertEqual(decoded.entries.first { $0.id == entry.id }?.deliveries, entry.deliveries, "seed \(seed)")
      let countsByDate = !what.isPaused && what.policy == .keepsRunning
      // What cannot be known: without a calibration, a date moves with the device's clock.
      let shift: Duration = countsByDate && serverAhead == nil ? .milliseconds(Int64((moved * 1e3).rounded())) : .zero
      // Signed, for a countdown to a date: one that ran out long ago stays that far in the past.
      let before =
        try what.deadline.map { .milliseconds(Int64(($0.timeIntervalSince(wallAfterDeadTime) * 1e3).rounded())) }
        ?? XCTUnwrap(expected[entry.id], "seed \(seed): \(entry.id)")
      let context = "seed \(seed) (\(name)), \(entry.id): \(what), calibrated \(serverAhead != nil), moved \(moved)"
      if what.kind == .countingUp {
        let elapsed = max(.zero, before + shift)
        XCTAssertEqual(manager.timeLeft(id: entry.id), elapsed, context)
        let value = Int(elapsed / .seconds(1))
        XCTAssertEqual(log.values(entry.id), what.isPaused ? [] : [value], context)
        continue
      }
      // One that had run out when the snapshot was taken is never before its deadline again.
      let ranOutBySnapshot = what.deadline.map { $0 <= snapshot.takenAt } ?? false
      let left = before - shift + (ranOutBySnapshot ? .milliseconds(Int64((clockWentBack * 1e3).rounded())) : .zero)
      if what.ending == .countsOvertime {
        XCTAssertEqual(entry.ending, .countsOvertime, context)
      }
      if what.ending == .countsOvertime, left <= .zero {
        // Past its deadline: it goes on counting overtime from where it is, not ended.
        XCTAssertEqual(manager.timeLeft(id: entry.id), left, context)
        let late = .zero - left
        let value = -Int(late / .seconds(1))
        XCTAssertEqual(log.values(entry.id), what.isPaused ? [] : [value], "\(context): in overtime at once")
        XCTAssertTrue(manager.contains(id: entry.id), context)
        continue
      }
      if left <= .zero, what.isPaused {
        // Paused with nothing left: paused still, without a call, until it resumes (and ends).
        XCTAssertTrue(manager.isPaused(id: entry.id), context)
        XCTAssertEqual(manager.timeLeft(id: entry.id), .zero, context)
        XCTAssertEqual(log.values(entry.id), [], context)
        continue
      }
      if left <= .zero {
        // Ran out: when its deadline passed, or, frozen with nothing left, by the snapshot; moved
        // back as far as the clock went back at least, and never after now.
        let end = what.deadline.map { $0 + (serverAhead == nil ? 0 : moved) } ?? mappedTakenAt
        expectedEnded[entry.id] = min(end + clockWentBack, wall.now)
        XCTAssertEqual(log.values(entry.id), [0], context)
        continue
      }
      XCTAssertEqual(entry.deliveries, what.deliveries, context)
      XCTAssertEqual(manager.timeLeft(id: entry.id), left, context)
      let value = Int(
        (left.components.seconds * 1_000_000_000 + left.components.attoseconds / 1_000_000_000 - 1) / 1_000_000_000 + 1)
      let shown = what.isPaused || what.deliveries != .everyChange ? [] : [value]
      XCTAssertEqual(log.values(entry.id), shown, "\(context): its value at once")
      let dates = try XCTUnwrap(manager.timerDates(id: entry.id), context)
      XCTAssertEqual(dates.isFrozen, what.isPaused, context)
      let span = dates.timerInterval.upperBound.timeIntervalSince(dates.timerInterval.lowerBound)
      // Its whole length; never less than it has left (a clock moved back gives a date more).
      let length = max(try XCTUnwrap(entry.length), left)
      XCTAssertEqual(span, length.secondsValue, accuracy: 1e-6, "\(context): its whole length")
      if !what.isPaused { running.append(entry.id) }
    }
    XCTAssertEqual(Set(restoration.ended.keys), Set(expectedEnded.keys), "seed \(seed) (\(name))")
    for (id, date) in expectedEnded {
      let ended = try XCTUnwrap(restoration.ended[id])
      XCTAssertEqual(
        ended.timeIntervalSince(date), 0, accuracy: 1e-6, "seed \(seed) (\(name)), \(id): the date it ended")
    }
    if seed % 8 == 0 {
      try checkEndsComeWithTheirEndDates(running, manager: manager, clock: newClock, wall: wall, log: log, seed: seed)
    }
    manager.cancelAll()
  }

  /// Each running countdown's `0` comes at its ``CountdownTimerDates/endDate`` (within the end
  /// tolerance), never before.
  @MainActor
  private static func checkEndsComeWithTheirEndDates(
    _ ids: [String], manager: CountdownManager, clock: ManualCountdownClock, wall: TestWallClock, log: ValueLog,
    seed: UInt64
  ) throws {
    let ends = try ids.map { id in (id, try XCTUnwrap(manager.endDate(id: id), "seed \(seed), \(id)")) }
    for (id, end) in ends.sorted(by: { $0.1 < $1.1 }) {
      let early = end.timeIntervalSince(wall.now) - 0.001
      if early > 0 {
        wall.jump(by: early)
        try clock.advance(by: .seconds(early))
      }
      XCTAssertNotEqual(log.values(id).last, 0, "seed \(seed), \(id): its 0 came before its end date")
      wall.jump(by: 0.051)
      try clock.advance(by: .milliseconds(51))
      XCTAssertEqual(log.values(id).last, 0, "seed \(seed), \(id): no 0 by its end date and the end tolerance")
    }
  }
}
