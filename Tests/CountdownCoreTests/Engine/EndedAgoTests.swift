import CountdownCore
import CountdownTestSupport
import XCTest

/// In the call of a final 0, `endedAgo` says how late that 0 came, whatever held it: a
/// suspension, a device that slept, a deadline already past at the registration; `nil` for a 0 on
/// time, and outside that call.
final class EndedAgoTests: XCTestCase {
  /// Registers `receiver` for `target`, recording `endedAgo` as read in its 0's call.
  private func register(
    _ engine: CountdownEngine, _ receiver: Receiver, _ target: CountdownTarget, lateness: LockedState<[Duration?]>
  ) throws {
    try engine.register(receiver, target) { [weak receiver] value, _ in
      guard value == 0, let receiver else { return }
      let late = engine.endedAgo(receiver)
      lateness.withLock { $0.append(late) }
    }
  }

  func testAZeroOnTimeIsNotLate() throws {
    let (engine, clock) = try makeEngine()
    let receiver = Receiver("on time")
    let lateness = LockedState<[Duration?]>([])
    try register(engine, receiver, .duration(.seconds(3)), lateness: lateness)
    try clock.advance(by: .seconds(4))
    XCTAssertEqual(lateness.withLock { $0 }, [nil])
    XCTAssertNil(engine.endedAgo(receiver), "outside the call")
  }

  func testAZeroAfterASuspensionSaysHowLate() throws {
    let (engine, clock) = try makeEngine()
    let receiver = Receiver("suspended")
    let lateness = LockedState<[Duration?]>([])
    try register(engine, receiver, .duration(.seconds(10)), lateness: lateness)
    engine.suspendTicking()
    try clock.advance(by: .seconds(100))
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(lateness.withLock { $0 }, [.seconds(90)])
    XCTAssertNil(engine.endedAgo(receiver), "once its call returned")
  }

  func testAZeroAfterTheDeviceSleptSaysHowLate() throws {
    let (engine, clock) = try makeEngine()
    let receiver = Receiver("slept")
    let lateness = LockedState<[Duration?]>([])
    try register(engine, receiver, .duration(.seconds(10)), lateness: lateness)
    try clock.jump(by: .seconds(70))
    XCTAssertEqual(lateness.withLock { $0 }, [.seconds(60)])
  }

  func testAZeroOfADeadlineAlreadyPastSaysHowLongAgo() throws {
    let (engine, clock) = try makeEngine()
    try clock.advance(by: .seconds(100))
    let receiver = Receiver("past")
    let lateness = LockedState<[Duration?]>([])
    try register(engine, receiver, .deadline(clock.now.advanced(by: .seconds(-30))), lateness: lateness)
    XCTAssertEqual(lateness.withLock { $0 }, [.seconds(30)])
  }

  /// An earlier call of the same batch started the next countdown after taking its time: the 0 on
  /// time later in the batch is still on time, measured to the batch's instant.
  func testACallEarlierInTheBatchMovesNoLaterZerosLateness() throws {
    let (engine, clock) = try makeEngine()
    let (first, second, next) = (Receiver("first"), Receiver("second"), Receiver("next"))
    let lateness = LockedState<[String: Duration?]>([:])
    try engine.register(first, .duration(.seconds(3))) { value, _ in
      guard value == 0 else { return }
      lateness.withLock { $0["first"] = engine.endedAgo(first) }
      // A slow handler: 0.3 s pass before it starts the next countdown.
      try? clock.advance(by: .milliseconds(300))
      try? engine.register(next, .duration(.seconds(10))) { _, _ in }
    }
    try engine.register(second, .duration(.seconds(3))) { value, _ in
      guard value == 0 else { return }
      lateness.withLock { $0["second"] = engine.endedAgo(second) }
    }
    try clock.advance(by: .seconds(3))
    let seen = lateness.withLock { $0 }
    XCTAssertEqual(seen.count, 2, "both ends came in one batch: \(seen)")
    XCTAssertEqual(seen["first"], .some(nil), "on time")
    XCTAssertEqual(seen["second"], .some(nil), "on time, as the first: the batch's instant")
    engine.cancelAll()
  }

  /// Two late 0s of one batch: in each one's call, the other's lateness is `nil`, whether its call
  /// has returned or not begun.
  func testOutsideItsOwnCallAZeroSaysNothing() throws {
    let (engine, clock) = try makeEngine()
    let (early, late) = (Receiver("early"), Receiver("late"))
    let seen = LockedState<[String]>([])
    @Sendable func describe(_ duration: Duration?) -> String { duration.map { "\($0)" } ?? "nil" }
    try engine.register(early, .duration(.seconds(5))) { value, _ in
      guard value == 0 else { return }
      seen.withLock {
        $0.append("early's call: early \(describe(engine.endedAgo(early))), late \(describe(engine.endedAgo(late)))")
      }
    }
    try engine.register(late, .duration(.seconds(6))) { value, _ in
      guard value == 0 else { return }
      seen.withLock {
        $0.append("late's call: early \(describe(engine.endedAgo(early))), late \(describe(engine.endedAgo(late)))")
      }
    }
    try clock.jump(by: .seconds(10))
    XCTAssertEqual(
      seen.withLock { $0 },
      ["early's call: early 5.0 seconds, late nil", "late's call: early nil, late 4.0 seconds"])
    XCTAssertNil(engine.endedAgo(early))
    XCTAssertNil(engine.endedAgo(late))
  }

  func testNothingForARunningCountdownOrNoRegistration() throws {
    let (engine, _) = try makeEngine()
    let receiver = Receiver("running")
    try engine.register(receiver, .duration(.seconds(10))) { _, _ in }
    XCTAssertNil(engine.endedAgo(receiver))
    XCTAssertNil(engine.endedAgo(Receiver("none")))
    engine.cancelAll()
  }
}
