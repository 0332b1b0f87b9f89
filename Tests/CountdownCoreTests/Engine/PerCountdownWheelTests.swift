import CountdownCore
import Dispatch
import XCTest

/// Per-countdown alignment at the cost of what is due: a wakeup looks only at the registrations
/// the wheel holds for the windows that passed, not at the whole table.
final class PerCountdownWheelTests: XCTestCase {
  func testAWakeupLooksOnlyAtWhatIsDue() throws {
    let (engine, clock) = try makeEngine(alignment: .perCountdown(tolerance: .milliseconds(50)))
    let receivers = (0..<4_000).map { Receiver("r\($0)") }
    var values: [Int] = Array(repeating: -1, count: receivers.count)
    let log = LockedState(values)
    for (index, receiver) in receivers.enumerated() {
      // Deadlines spread over one second: each window of 50 ms holds a twentieth of them.
      let deadline = 60_000_000_000 + Int64(index) * 250_000
      try engine.register(receiver, .deadline(CountdownInstant(nanosecondsSinceOrigin: deadline))) { value, _ in
        log.withLock { $0[index] = value }
      }
    }
    try clock.advance(by: .zero)
    let examinedBefore = engine.examinedRegistrations
    let deliveriesBefore = engine.statistics.deliveries
    let wakeupsBefore = engine.statistics.wakeups
    try clock.advance(by: .seconds(10))
    let examined = engine.examinedRegistrations - examinedBefore
    let deliveries = engine.statistics.deliveries - deliveriesBefore
    XCTAssertEqual(deliveries, 40_000, "every countdown, every second")
    XCTAssertLessThanOrEqual(engine.statistics.wakeups - wakeupsBefore, 200, "20 windows a second")
    // A walk of the table at each wakeup would look at 4 000 registrations 200 times (800 000).
    XCTAssertLessThanOrEqual(examined, deliveries + deliveries / 10, "looked at what was due, not the table")
    values = log.withLock { $0 }
    let now = clock.now.nanosecondsSinceOrigin
    for (index, value) in values.enumerated() {
      let left = 60_000_000_000 + Int64(index) * 250_000 - now
      XCTAssertEqual(Int64(value), (left - 1) / 1_000_000_000 + 1, "receiver \(index)")
    }
    engine.cancelAll()
  }

  /// One-shots far ahead wait in the wheel for their window, looked at only then; paused countdowns
  /// are probed, and a resume of the engine rebuilds the wheel.
  func testOneShotsPausesAndResumesKeepTheirWindows() throws {
    let (engine, clock) = try makeEngine(alignment: .perCountdown(tolerance: .milliseconds(100)))
    let recorder = Recorder()
    let once = Receiver("once")
    try engine.register(
      once, .duration(.milliseconds(3_250)), delivering: .onlyTheEnd, handler: recorder.handler("once"))
    let paused = Receiver("paused")
    try engine.register(paused, .duration(.milliseconds(2_500)), handler: recorder.handler("paused"))
    let running = Receiver("running")
    try engine.register(running, .duration(.milliseconds(4_050)), handler: recorder.handler("running"))
    try clock.advance(by: .milliseconds(700))
    XCTAssertTrue(engine.pause(paused))
    try clock.advance(by: .milliseconds(1_000))
    engine.suspendTicking()
    try clock.advance(by: .milliseconds(500))
    engine.resumeTicking()
    try clock.advance(by: .milliseconds(500))
    XCTAssertTrue(engine.resume(paused))
    try clock.advance(by: .seconds(5))
    XCTAssertEqual(recorder.values("once"), [0])
    XCTAssertEqual(recorder.values("running"), [5, 4, 3, 2, 1, 0])
    XCTAssertEqual(recorder.values("paused"), [3, 2, 2, 1, 0], "frozen at 2 while paused, 2 again on its resume")
    XCTAssertEqual(engine.count, 0)
    withExtendedLifetime((once, paused, running)) {}
  }

  /// A countdown paused and resumed keeps its old entry in the wheel, in the window of the change
  /// it had before the pause. A late wakeup whose pass covers that window and the new one must not
  /// take the old entry for the current change: it would move the countdown to the wrong window's
  /// list, where it is dropped, and the countdown never changes again.
  func testAnEntryLeftFromBeforeAPauseIsNotTakenForTheChangeOfALateWakeup() throws {
    let (engine, clock) = try makeEngine(
      interval: .milliseconds(100), alignment: .perCountdown(tolerance: .milliseconds(20)))
    let recorder = Recorder()
    let countdown = Receiver("countdown")
    let other = Receiver("other")
    try engine.register(countdown, .duration(.milliseconds(1_000)), handler: recorder.handler("countdown"))
    try clock.advance(by: .milliseconds(80))
    // Another countdown, so that the wheel is visited at 180 ms too.
    try engine.register(other, .duration(.milliseconds(1_000)), handler: recorder.handler("other"))
    try clock.advance(by: .milliseconds(70))  // 9 since 100 ms; its next change at 200 ms, window 10
    XCTAssertTrue(engine.pause(countdown))
    try clock.advance(by: .milliseconds(10))
    XCTAssertTrue(engine.resume(countdown))  // 850 ms left at 160 ms: next change at 210 ms, window 11
    try clock.advance(by: .milliseconds(30))
    try clock.jump(by: .milliseconds(30))  // one late wakeup at 220 ms visits windows 10 and 11
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(recorder.values("countdown"), [10, 9, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
    XCTAssertEqual(recorder.values("other"), [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
    XCTAssertEqual(engine.count, 0)
    XCTAssertEqual(engine.tableInvariantViolations(), [])
  }

  /// A one-shot whose deadline passed while it was paused owes its 0 at its resume. Resumed from a
  /// callback of a window pass, at that window's very instant, its change falls in the window the
  /// pass is visiting, whose entries the pass has already taken: its 0 is owed promptly, as a start
  /// past its deadline, right after that pass, not left in the window just visited, which no pass
  /// looks at again.
  func testAOneShotResumedAtItsDeadlineFromAWindowPassEndsRightAfterThatPass() throws {
    let (engine, clock) = try makeEngine(
      interval: .milliseconds(100), alignment: .perCountdown(tolerance: .milliseconds(20)))
    let once = Receiver("once")
    let ticker = Receiver("ticker")
    let ends = LockedState<[Int64]>([])
    try engine.register(once, .duration(.milliseconds(1_000)), delivering: .onlyTheEnd) { _, _ in
      ends.withLock { $0.append(clock.now.nanosecondsSinceOrigin) }
    }
    try engine.register(ticker, .duration(.seconds(10))) { _, _ in
      if clock.now.nanosecondsSinceOrigin == 2_100_000_000 { _ = engine.resume(once) }
    }
    try clock.advance(by: .milliseconds(500))
    engine.suspendTicking()
    try clock.advance(by: .milliseconds(1_500))  // past the one-shot's deadline, no wakeups
    engine.resumeTicking()  // its 0 is owed; the pass that delivers it has not run yet
    XCTAssertTrue(engine.pause(once))  // so it stays paused with nothing left
    try clock.advance(by: .milliseconds(100))  // the ticker's callback at 2.1 s resumes it
    try clock.advance(by: .milliseconds(500))
    XCTAssertEqual(ends.withLock { $0 }, [2_100_000_000], "its 0 right after the pass that resumed it")
    XCTAssertEqual(engine.count, 1)
    engine.cancelAll()
    withExtendedLifetime((once, ticker)) {}
  }
}
