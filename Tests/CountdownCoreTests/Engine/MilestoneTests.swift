import CountdownCore
import XCTest

/// Milestones (``CountdownDeliveries/milestones(_:)``): deliveries at chosen values only, each
/// within the end tolerance after its instant (deadline − value × interval), one wakeup each.
final class MilestoneTests: XCTestCase {
  /// A handler recording each value with the clock instant it came at.
  final class Log: Sendable {
    let clock: ManualCountdownClock
    private let seen = LockedState<[(value: Int, at: Int64)]>([])
    init(clock: ManualCountdownClock) { self.clock = clock }
    var handler: CountdownHandler {
      { value, _ in self.seen.withLock { $0.append((value, self.clock.now.nanosecondsSinceOrigin)) } }
    }
    var values: [Int] { seen.withLock { $0.map(\.value) } }
    var entries: [(value: Int, at: Int64)] { seen.withLock { $0 } }
  }

  private static let second: Int64 = 1_000_000_000

  /// Each delivered value came no earlier than its instant and within `tolerance` after it.
  private func assertOnTime(
    _ log: Log, deadline: Int64, tolerance: Int64, file: StaticString = #filePath, line: UInt = #line
  ) {
    for (value, at) in log.entries {
      let due = deadline - Int64(value) * Self.second
      XCTAssertTrue(at >= due && at <= due + tolerance, "\(value) at \(at), due at \(due)", file: file, line: line)
    }
  }

  /// A countdown of `seconds`, "timer", registered at 0 on a new engine with these options: the
  /// engine, its clock, the log keeping its callbacks, and the receiver (for the test to keep alive).
  private func startTimer(
    seconds: Int64, delivering deliveries: CountdownDeliveries, whileSuspended policy: SuspensionPolicy = .keepsRunning
  ) throws -> (CountdownEngine, ManualCountdownClock, Log, Receiver) {
    let (engine, clock) = try makeEngine()
    let log = Log(clock: clock)
    let timer = Receiver("timer")
    try engine.register(
      timer, .duration(.seconds(seconds)), whileSuspended: policy, delivering: deliveries, handler: log.handler)
    return (engine, clock, log, timer)
  }

  func testATwoHourCountdownWithThreeMilestonesWakesFourTimes() throws {
    let (engine, clock, log, timer) = try startTimer(seconds: 7_200, delivering: .milestones([600, 60, 10]))
    defer { withExtendedLifetime(timer) {} }
    try clock.advance(by: .milliseconds(7_200_500))
    XCTAssertEqual(log.values, [600, 60, 10, 0])
    assertOnTime(log, deadline: 7_200 * Self.second, tolerance: 50_000_000)
    XCTAssertEqual(engine.statistics.wakeups, 4, "one per milestone and one for the end")
    XCTAssertFalse(engine.contains(timer))
    // The timer, kept for a registration to come, is disarmed: no wakeup follows the end.
    try clock.advance(by: .seconds(100))
    XCTAssertEqual(engine.statistics.wakeups, 4)
    XCTAssertEqual(clock.armedTimerCount, 0)
  }

  func testBetweenGridInstantsMilestonesComeWithinTheEndTolerance() throws {
    let (engine, clock) = try makeEngine(endTolerance: .milliseconds(10))
    let log = Log(clock: clock)
    let grid = Receiver("grid")
    let timer = Receiver("timer")
    defer { withExtendedLifetime((grid, timer)) {} }
    try engine.register(grid, .duration(.seconds(100)), handler: { _, _ in })
    try clock.advance(by: .milliseconds(370))
    try engine.register(timer, .duration(.seconds(30)), delivering: .milestones([20, 5]), handler: log.handler)
    for _ in 0..<3_200 { try clock.advance(by: .milliseconds(10)) }
    XCTAssertEqual(log.values, [20, 5, 0])
    assertOnTime(log, deadline: 30_370_000_000, tolerance: 10_000_000)
  }

  func testOnAJitteredClockMilestonesAreNeverEarly() throws {
    for seed in UInt64(1)...5 {
      let (engine, clock) = try makeJitteredEngine(interval: .seconds(1), seed: seed)
      let log = Log(clock: clock)
      let timer = Receiver("timer")
      try engine.register(timer, .duration(.seconds(40)), delivering: .milestones([30, 10, 3]), handler: log.handler)
      let start = clock.now.nanosecondsSinceOrigin
      for _ in 0..<4_500 { try clock.advance(by: .milliseconds(10)) }
      XCTAssertEqual(log.values, [30, 10, 3, 0], "seed \(seed)")
      // The deadline counts from the registration's reading; a wakeup early by less than half the
      // end tolerance stands for the instant it was armed for.
      for (value, at) in log.entries {
        let due = start + 40 * Self.second - Int64(value) * Self.second
        XCTAssertTrue(
          at >= due - 25_000_000 && at <= due + 50_000_000 + 2_100_000, "seed \(seed): \(value) at \(at), due \(due)")
      }
      XCTAssertEqual(engine.value(for: timer), nil)
      withExtendedLifetime(timer) {}
    }
  }

  func testMilestonesPassedAtRegistrationAreNotDeliveredNorIsAFirstValue() throws {
    let (engine, clock, log, timer) = try startTimer(seconds: 30, delivering: .milestones([60, 30, 20]))
    defer { withExtendedLifetime(timer) {} }
    try clock.advance(by: .milliseconds(500))
    XCTAssertEqual(log.values, [], "no prompt first delivery; 60 and 30 had passed")
    XCTAssertEqual(engine.value(for: timer), 30, "the value is still readable")
    try clock.advance(by: .seconds(31))
    XCTAssertEqual(log.values, [20, 0])
  }

  func testMilestonesPassedWhileSuspendedCollapseIntoTheLatestOne() throws {
    let (engine, clock, log, timer) = try startTimer(seconds: 100, delivering: .milestones([90, 60, 40, 10]))
    defer { withExtendedLifetime(timer) {} }
    try clock.advance(by: .seconds(5))
    engine.suspendTicking()
    try clock.advance(by: .seconds(60))
    XCTAssertEqual(log.values, [])
    engine.resumeTicking()
    try clock.advance(by: .milliseconds(100))
    XCTAssertEqual(log.values, [40], "90, 60 and 40 passed while suspended: one delivery, of 40")
    try clock.advance(by: .seconds(40))
    XCTAssertEqual(log.values, [40, 10, 0])
  }

  func testPausingHoldsTheNextMilestoneAndResumingKeepsIt() throws {
    let (engine, clock, log, timer) = try startTimer(seconds: 30, delivering: .milestones([20, 10]))
    defer { withExtendedLifetime(timer) {} }
    try clock.advance(by: .seconds(15))
    XCTAssertEqual(log.values, [20])
    XCTAssertTrue(engine.pause(timer))
    try clock.advance(by: .seconds(60))
    XCTAssertEqual(log.values, [20], "frozen: no milestone passes")
    XCTAssertTrue(engine.resume(timer))
    try clock.advance(by: .milliseconds(100))
    XCTAssertEqual(log.values, [20], "no prompt delivery on resume")
    try clock.advance(by: .seconds(5))
    XCTAssertEqual(log.values, [20, 10])
    try clock.advance(by: .seconds(11))
    XCTAssertEqual(log.values, [20, 10, 0])
  }

  func testAMilestoneAPauseSkippedComesAfterTheResume() throws {
    for alignment in [CountdownAlignment.shared, .perCountdown(tolerance: .milliseconds(50))] {
      let (engine, clock) = try makeEngine(alignment: alignment)
      let first = Receiver("first")
      let second = Receiver("second")
      let seen = LockedState<[String]>([])
      // Both reach 20 in the same pass; whichever is called first pauses the other, whose callback,
      // prepared and not begun, is skipped: removal is final.
      func handler(_ name: String, pausing other: Receiver) -> CountdownHandler {
        { [weak engine] value, _ in
          let isFirst = seen.withLock {
            $0.append("\(name) \(value)")
            return $0.count == 1
          }
          if isFirst { _ = engine?.pause(other) }
        }
      }
      try engine.register(
        first, .duration(.seconds(30)), delivering: .milestones([20]), handler: handler("first", pausing: second))
      try engine.register(
        second, .duration(.seconds(30)), delivering: .milestones([20]), handler: handler("second", pausing: first))
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(seen.withLock { $0.count }, 1, "\(alignment): one of them was paused before its callback began")
      try clock.advance(by: .seconds(5))
      XCTAssertTrue(engine.resume(first) && engine.resume(second))
      try clock.advance(by: .milliseconds(100))
      XCTAssertEqual(
        seen.withLock { $0.sorted() }, ["first 20", "second 20"],
        "\(alignment): the milestone the pause skipped comes once the countdown resumes")
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(seen.withLock { $0.filter { $0.hasSuffix(" 0") }.count }, 2, "\(alignment)")
      withExtendedLifetime((first, second)) {}
    }
  }

  func testAddingTimeReplansTheNextMilestone() throws {
    let (engine, clock, log, timer) = try startTimer(seconds: 30, delivering: .milestones([20, 10]))
    defer { withExtendedLifetime(timer) {} }
    try clock.advance(by: .seconds(11))
    XCTAssertEqual(log.values, [20])
    // 19 s left; 20 s more: 39 s, so 20 comes again, 19 s from now.
    XCTAssertTrue(try engine.addTime(.seconds(20), to: timer))
    try clock.advance(by: .seconds(18))
    XCTAssertEqual(log.values, [20])
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(log.values, [20, 20])
    // 20 s left; 15 s taken: 5 s left, 10 was jumped over, as if passed at registration.
    XCTAssertTrue(try engine.addTime(.seconds(-15), to: timer))
    try clock.advance(by: .seconds(6))
    XCTAssertEqual(log.values, [20, 20, 0])
  }

  func testReplacingAndCancellingStopTheMilestones() throws {
    let (engine, clock, log, timer) = try startTimer(seconds: 30, delivering: .milestones([20, 10]))
    defer { withExtendedLifetime(timer) {} }
    try clock.advance(by: .seconds(5))
    try engine.register(timer, .duration(.seconds(30)), delivering: .milestones([25]), handler: log.handler)
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(log.values, [25], "the replaced registration's 20 never comes")
    XCTAssertTrue(engine.cancel(timer))
    try clock.advance(by: .seconds(30))
    XCTAssertEqual(log.values, [25])
  }

  func testPerCountdownMilestonesComeWithinTheTolerance() throws {
    let (engine, clock) = try makeEngine(alignment: .perCountdown(tolerance: .milliseconds(50)))
    let log = Log(clock: clock)
    let timer = Receiver("timer")
    defer { withExtendedLifetime(timer) {} }
    try clock.advance(by: .milliseconds(230))
    try engine.register(timer, .duration(.seconds(20)), delivering: .milestones([15, 3]), handler: log.handler)
    for _ in 0..<2_100 { try clock.advance(by: .milliseconds(10)) }
    XCTAssertEqual(log.values, [15, 3, 0])
    assertOnTime(log, deadline: 20_230_000_000, tolerance: 50_000_000)
  }

  func testOnRunningTimeNoMilestonePassesWhileSuspended() throws {
    let (engine, clock, log, timer) = try startTimer(
      seconds: 30, delivering: .milestones([20, 10]), whileSuspended: .pauses)
    defer { withExtendedLifetime(timer) {} }
    try clock.advance(by: .seconds(5))
    engine.suspendTicking()
    try clock.advance(by: .seconds(60))
    engine.resumeTicking()
    try clock.advance(by: .milliseconds(100))
    XCTAssertEqual(log.values, [], "25 s left when suspended, 25 s left at the resume: no milestone passed")
    try clock.advance(by: .seconds(15))
    XCTAssertEqual(log.values, [20, 10])
    // The deadline moved by the 60 s spent suspended.
    assertOnTime(log, deadline: 90 * Self.second, tolerance: 50_000_000)
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(log.values, [20, 10, 0])
  }

  func testBadMilestonesAreRejectedAndChangeNothing() throws {
    let (engine, clock) = try makeEngine()
    let log = Log(clock: clock)
    let timer = Receiver("timer")
    defer { withExtendedLifetime(timer) {} }
    try engine.register(timer, .duration(.seconds(10)), handler: log.handler)
    assertThrows(.invalidCombination, "milestones of a count-up") { () throws(CountdownError) in
      try engine.register(timer, .countingUp, delivering: .milestones([5])) { _, _ in }
    }
    assertThrows(.invalidMilestone, "a negative milestone") { () throws(CountdownError) in
      try engine.register(timer, .duration(.seconds(10)), delivering: .milestones([5, -1])) { _, _ in }
    }
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(log.values, [10, 9], "the countdown registered before runs on")
  }
}
