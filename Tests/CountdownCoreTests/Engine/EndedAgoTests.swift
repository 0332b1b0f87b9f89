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

  func testNothingForARunningCountdownOrNoRegistration() throws {
    let (engine, _) = try makeEngine()
    let receiver = Receiver("running")
    try engine.register(receiver, .duration(.seconds(10))) { _, _ in }
    XCTAssertNil(engine.endedAgo(receiver))
    XCTAssertNil(engine.endedAgo(Receiver("none")))
    engine.cancelAll()
  }
}
