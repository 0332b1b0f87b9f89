import CountdownCore
import Dispatch
import XCTest

/// A countdown that counts on past its deadline (``CountdownEnding/countsOvertime``): its 0 on
/// time, then −1, −2, … on the grid, each derived from the instant it stands for.
final class OvertimeTests: XCTestCase {
  /// Each callback's value with the clock instant it came at, in milliseconds since the origin.
  final class Timeline: Sendable {
    private let entries = LockedState<[(value: Int, at: Int64)]>([])
    let clock: ManualCountdownClock
    let stopAt: Int?

    init(clock: ManualCountdownClock, stopAt: Int? = nil) {
      self.clock = clock
      self.stopAt = stopAt
    }

    var handler: CountdownHandler {
      { value, stop in
        let now = self.clock.now.nanosecondsSinceOrigin / 1_000_000
        self.entries.withLock { $0.append((value, now)) }
        if value == self.stopAt { stop = true }
      }
    }
    var values: [Int] { entries.withLock { $0.map(\.value) } }
    var instants: [Int64] { entries.withLock { $0.map(\.at) } }
  }

  private func instant(milliseconds: Int64) -> CountdownInstant {
    CountdownInstant(nanosecondsSinceOrigin: milliseconds * 1_000_000)
  }

  /// A countdown of `seconds` counting overtime, named `name`, registered at 0 on a new engine:
  /// the engine, its clock, the timeline keeping its callbacks, and the receiver.
  private func startOvertimeCountdown(
    _ name: String, seconds: Int64
  ) throws -> (CountdownEngine, ManualCountdownClock, Timeline, Receiver) {
    let (engine, clock) = try makeEngine()
    let timeline = Timeline(clock: clock)
    let receiver = Receiver(name)
    try engine.register(receiver, .duration(.seconds(seconds)), pastTheEnd: .countsOvertime, handler: timeline.handler)
    return (engine, clock, timeline, receiver)
  }

  func testAnOvertimeCountdownCountsOnPastItsDeadline() throws {
    let (engine, clock, timeline, talk) = try startOvertimeCountdown("talk", seconds: 3)
    try clock.advance(by: .milliseconds(6_500))
    XCTAssertEqual(timeline.values, [3, 2, 1, 0, -1, -2, -3])
    XCTAssertEqual(timeline.instants, [0, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000])
    XCTAssertEqual(engine.value(for: talk), -3)
    XCTAssertEqual(engine.timeLeft(for: talk), .milliseconds(-3_500))
    XCTAssertTrue(engine.contains(talk), "its 0 did not end it")
    engine.cancelAll()
  }

  /// Off the grid the first countdown set: the 0 comes at the deadline (within the end
  /// tolerance), each negative value at the first grid instant a whole interval after the last.
  func testTheZeroIsOnTimeAndTheNegativeValuesAreOnTheGrid() throws {
    let (engine, clock) = try makeEngine()
    let grid = Receiver("grid")
    try engine.register(grid, .duration(.seconds(60))) { _, _ in }
    try clock.advance(by: .milliseconds(400))
    let timeline = Timeline(clock: clock)
    let auction = Receiver("auction")
    try engine.register(auction, .duration(.seconds(2)), pastTheEnd: .countsOvertime, handler: timeline.handler)
    try clock.advance(by: .milliseconds(4_700))
    XCTAssertEqual(timeline.values, [2, 1, 0, -1, -2])
    let instants = timeline.instants
    XCTAssertEqual(instants.count, 5)
    guard instants.count == 5 else { return }
    XCTAssertEqual(Array(instants[0..<2]), [400, 2_000])
    XCTAssertTrue((2_400...2_450).contains(instants[2]), "the 0 within the end tolerance of 2.4 s: \(instants)")
    XCTAssertEqual(Array(instants[3...]), [4_000, 5_000], "−1 at the first grid instant after 3.4 s, −2 after 4.4 s")
    engine.cancelAll()
    withExtendedLifetime((grid, auction)) {}
  }

  func testStoppingInOvertimeEndsIt() throws {
    let (engine, clock) = try makeEngine()
    let timeline = Timeline(clock: clock, stopAt: -2)
    let talk = Receiver("talk")
    try engine.register(talk, .duration(.seconds(1)), pastTheEnd: .countsOvertime, handler: timeline.handler)
    try clock.advance(by: .seconds(6))
    XCTAssertEqual(timeline.values, [1, 0, -1, -2])
    XCTAssertFalse(engine.contains(talk))
    XCTAssertEqual(engine.count, 0)
  }

  func testADeadlineAlreadyPassedStartsInOvertime() throws {
    let (engine, clock) = try makeEngine()
    try clock.advance(by: .seconds(10))
    let timeline = Timeline(clock: clock)
    let order = Receiver("order")
    try engine.register(
      order, .deadline(instant(milliseconds: 7_500)), pastTheEnd: .countsOvertime, handler: timeline.handler)
    try clock.advance(by: .milliseconds(1_600))
    XCTAssertEqual(timeline.values, [-2, -3], "2.5 s late: −2 at once; −3 at 10.5 s, on the next grid instant (11 s)")
    XCTAssertEqual(timeline.instants, [10_000, 11_000])
    engine.cancelAll()
  }

  func testOvertimeNeedsACountdownDeliveringEveryChange() throws {
    let (engine, clock) = try makeEngine()
    let timeline = Timeline(clock: clock)
    let order = Receiver("order")
    try engine.register(order, .duration(.seconds(5)), handler: timeline.handler)
    assertThrows(.invalidCombination) { () throws(CountdownError) in
      try engine.register(order, .countingUp, pastTheEnd: .countsOvertime) { _, _ in }
    }
    assertThrows(.invalidCombination) { () throws(CountdownError) in
      try engine.register(order, .duration(.seconds(9)), delivering: .onlyTheEnd, pastTheEnd: .countsOvertime) { _, _ in
      }
    }
    try clock.advance(by: .seconds(6))
    XCTAssertEqual(timeline.values, [5, 4, 3, 2, 1, 0], "the existing countdown untouched, and it stops at 0")
    XCTAssertFalse(engine.contains(order))
  }

  func testOvertimeWithMilestonesIsAnInvalidCombination() throws {
    let (engine, clock) = try makeEngine()
    let timeline = Timeline(clock: clock)
    let order = Receiver("order")
    try engine.register(order, .duration(.seconds(3)), handler: timeline.handler)
    assertThrows(.invalidCombination, "overtime at milestones") { () throws(CountdownError) in
      try engine.register(order, .duration(.seconds(9)), delivering: .milestones([5, 2]), pastTheEnd: .countsOvertime) {
        _, _ in
      }
    }
    // The combination is checked before the milestones themselves.
    assertThrows(.invalidCombination, "overtime at a negative milestone") { () throws(CountdownError) in
      try engine.register(order, .duration(.seconds(9)), delivering: .milestones([-1]), pastTheEnd: .countsOvertime) {
        _, _ in
      }
    }
    assertThrows(.invalidCombination, "a count-up at milestones, counting overtime") { () throws(CountdownError) in
      try engine.register(order, .countingUp, delivering: .milestones([5]), pastTheEnd: .countsOvertime) { _, _ in }
    }
    XCTAssertEqual(engine.statistics.receivers, 1)
    try clock.advance(by: .seconds(4))
    XCTAssertEqual(timeline.values, [3, 2, 1, 0], "the existing countdown untouched: every change, and it stops at 0")
    XCTAssertFalse(engine.contains(order))
  }

  func testPausedInOvertimeResumesWhereItWas() throws {
    let (engine, clock, timeline, talk) = try startOvertimeCountdown("talk", seconds: 3)
    try clock.advance(by: .milliseconds(4_500))
    engine.pause(talk)
    XCTAssertEqual(engine.timeLeft(for: talk), .milliseconds(-1_500))
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(engine.value(for: talk), -1, "frozen")
    engine.resume(talk)
    try clock.advance(by: .milliseconds(1_000))
    XCTAssertEqual(timeline.values, [3, 2, 1, 0, -1, -1, -2])
    XCTAssertEqual(
      Array(timeline.instants.suffix(2)), [14_500, 15_000], "−2 two intervals after the moved deadline, 13 s")
    engine.cancelAll()
  }

  func testTimeAddedBringsAnOvertimeCountdownBackAboveZero() throws {
    let (engine, clock, timeline, auction) = try startOvertimeCountdown("auction", seconds: 3)
    try clock.advance(by: .milliseconds(5_500))
    try engine.addTime(.seconds(4), to: auction)
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(timeline.values, [3, 2, 1, 0, -1, -2, 2, 1, 0, -1])
    XCTAssertEqual(Array(timeline.instants.suffix(4)), [5_500, 6_000, 7_000, 8_000])
    engine.cancelAll()
  }

  func testSuspendedWhileRunningCatchesUpInOvertime() throws {
    let (engine, clock, timeline, talk) = try startOvertimeCountdown("talk", seconds: 3)
    try clock.advance(by: .milliseconds(2_500))
    engine.suspendTicking()
    try clock.advance(by: .seconds(4))
    engine.resumeTicking()
    try clock.advance(by: .milliseconds(600))
    XCTAssertEqual(timeline.values, [3, 2, 1, -3, -4], "caught up: 3.5 s past the deadline at 6.5 s")
    XCTAssertTrue(engine.contains(talk))
    engine.cancelAll()
  }

  func testSuspendedWhilePausingCountsOnAfterTheResume() throws {
    let (engine, clock) = try makeEngine()
    let timeline = Timeline(clock: clock)
    let talk = Receiver("talk")
    try engine.register(
      talk, .duration(.seconds(3)), whileSuspended: .pauses, pastTheEnd: .countsOvertime, handler: timeline.handler)
    try clock.advance(by: .milliseconds(2_500))
    engine.suspendTicking()
    try clock.advance(by: .seconds(4))
    engine.resumeTicking()
    try clock.advance(by: .milliseconds(2_600))
    XCTAssertEqual(timeline.values, [3, 2, 1, 1, 0, -1, -2])
    XCTAssertEqual(
      Array(timeline.instants.suffix(3)), [7_000, 8_000, 9_000], "0 at 3 s of running time, 7 s on the clock")
    engine.cancelAll()
  }

  func testPerCountdownAlignmentCountsOvertimeOnItsOwnBoundaries() throws {
    let (engine, clock) = try makeEngine(alignment: .perCountdown(tolerance: .milliseconds(50)))
    let grid = Receiver("grid")
    try engine.register(grid, .duration(.seconds(60))) { _, _ in }
    try clock.advance(by: .milliseconds(330))
    let timeline = Timeline(clock: clock)
    let auction = Receiver("auction")
    try engine.register(auction, .duration(.seconds(2)), pastTheEnd: .countsOvertime, handler: timeline.handler)
    try clock.advance(by: .milliseconds(5_100))
    XCTAssertEqual(timeline.values, [2, 1, 0, -1, -2, -3])
    let expected: [Int64] = [330, 1_330, 2_330, 3_330, 4_330, 5_330]
    for (seen, boundary) in zip(timeline.instants, expected) {
      XCTAssertTrue(
        (boundary...boundary + 50).contains(seen), "each value within 50 ms of its boundary: \(timeline.instants)")
    }
    engine.cancelAll()
    withExtendedLifetime((grid, auction)) {}
  }

  func testReplacingAnOvertimeCountdownStopsItsOvertime() throws {
    let (engine, clock) = try makeEngine()
    let first = Timeline(clock: clock)
    let second = Timeline(clock: clock)
    let cell = Receiver("cell")
    try engine.register(cell, .duration(.seconds(1)), pastTheEnd: .countsOvertime, handler: first.handler)
    try clock.advance(by: .milliseconds(2_500))
    try engine.register(cell, .duration(.seconds(1)), handler: second.handler)
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(first.values, [1, 0, -1])
    XCTAssertEqual(second.values, [1, 0], "the new countdown stops at 0")
    XCTAssertEqual(engine.count, 0)
  }

  func testCancelledFromAnotherThreadInOvertimeGetsNoFurtherCall() throws {
    let (engine, clock, timeline, talk) = try startOvertimeCountdown("talk", seconds: 1)
    try clock.advance(by: .milliseconds(3_500))
    let cancelled = DispatchQueue.global().sync { engine.cancel(talk) }
    XCTAssertTrue(cancelled, "a countdown in overtime is running")
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(timeline.values, [1, 0, -1, -2])
    XCTAssertEqual(engine.count, 0)
  }

  /// The value is derived from the instant, and stops moving at the most negative value a 32-bit
  /// `Int` holds as positive ones do.
  func testTheTimingDerivesOvertimeFromTheInstantAndClampsIt() {
    var timing = CountdownTiming(countdownTo: 0, policy: .keepsRunning)
    timing.countOvertime()
    XCTAssertEqual(timing.advance(to: 10, interval: 3), -3, "−floor(10 ÷ 3)")
    XCTAssertEqual(timing.nextChange(interval: 3), 12, "−4 once 4 intervals have passed")
    XCTAssertFalse(timing.isFinished)
    XCTAssertEqual(timing.advance(to: .max, interval: 1), -CountdownTiming.maximumValue)
    XCTAssertNil(timing.nextChange(interval: 1), "no change past the lowest value")
    var stops = CountdownTiming(countdownTo: 0, policy: .keepsRunning)
    XCTAssertEqual(stops.advance(to: 10, interval: 3), 0)
    XCTAssertTrue(stops.isFinished)
  }

  /// On a clock that fires late and early and moves during a pass, values stay consecutive through
  /// the 0 into overtime, the 0 never before the deadline, −k never before k intervals after it.
  func testOnAJitteredClockOvertimeValuesAreConsecutiveAndNeverEarly() throws {
    for seed in 1...8 as ClosedRange<UInt64> {
      let (engine, clock) = try makeJitteredEngine(interval: .milliseconds(100), seed: seed)
      let receivers = (0..<6).map { Receiver("r\($0)") }
      var timelines: [(Timeline, Int64)] = []
      for (index, receiver) in receivers.enumerated() {
        let timeline = Timeline(clock: clock)
        let deadline = clock.now.nanosecondsSinceOrigin / 1_000_000 + 250 + Int64(index) * 37
        try engine.register(
          receiver, .deadline(instant(milliseconds: deadline)), pastTheEnd: .countsOvertime, handler: timeline.handler)
        timelines.append((timeline, deadline))
        try clock.advance(by: .milliseconds(13))
      }
      for _ in 0..<120 { try clock.advance(by: .milliseconds(7)) }
      for (timeline, deadline) in timelines {
        let values = timeline.values
        XCTAssertGreaterThan(values.count, 6, "seed \(seed)")
        XCTAssertEqual(values, Array((values.last!...values.first!).reversed()), "consecutive, seed \(seed): \(values)")
        for (value, at) in zip(values, timeline.instants) where value <= 0 {
          // A wakeup may run up to 50 µs early and stand for the instant it was armed for: 1 ms slack.
          XCTAssertGreaterThanOrEqual(at + 1, deadline + Int64(-value) * 100, "\(value) early, seed \(seed)")
        }
      }
      engine.cancelAll()
      withExtendedLifetime(receivers) {}
    }
  }
}
