import CountdownCore
import Dispatch
import XCTest

final class ManualClockTests: XCTestCase {
  func testDeliversSynchronouslyOnTheMainThread() throws {
    XCTAssertTrue(Thread.isMainThread)
    let (engine, clock) = try makeEngine()
    let recorder = Recorder()
    let receiver = Receiver("a")
    try engine.register(receiver, .duration(.seconds(3)), handler: recorder.handler("a"))
    XCTAssertEqual(recorder.values("a"), [], "the first delivery is asynchronous, never inside register")
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("a"), [3])
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(recorder.values("a"), [3, 2, 1, 0])
  }

  func testFiresTimersInDeadlineOrderAtTheirOwnInstants() throws {
    let clock = ManualCountdownClock()
    let fired = LockedState<[(String, CountdownInstant)]>([])
    let queue = DispatchQueue(label: "unused")
    let late = clock.makeTimer(on: queue) { if case .fired = $0 { fired.withLock { $0.append(("late", clock.now)) } } }
    let early = clock.makeTimer(on: queue) { if case .fired = $0 { fired.withLock { $0.append(("early", clock.now)) } } }
    late.schedule(at: try CountdownInstant.zero.advanced(by: .seconds(2)))
    early.schedule(at: try CountdownInstant.zero.advanced(by: .seconds(1)))
    try clock.advance(by: .seconds(5))
    let order = fired.withLock { $0 }
    XCTAssertEqual(order.map(\.0), ["early", "late"])
    XCTAssertEqual(order.map(\.1.nanosecondsSinceOrigin), [1_000_000_000, 2_000_000_000])
    XCTAssertEqual(clock.now, try CountdownInstant.zero.advanced(by: .seconds(5)))
    XCTAssertEqual(clock.armedTimerCount, 0)
  }

  func testRejectsGoingBackwards() throws {
    let clock = ManualCountdownClock(now: .init(nanosecondsSinceOrigin: 100))
    XCTAssertThrowsError(try clock.advance(by: .seconds(-1))) { XCTAssertEqual($0 as? CountdownError, .negativeDuration) }
    XCTAssertThrowsError(try clock.advance(to: .zero)) { XCTAssertEqual($0 as? CountdownError, .negativeDuration) }
    XCTAssertThrowsError(try clock.advance(by: .seconds(Int64.max))) { XCTAssertEqual($0 as? CountdownError, .outOfRange) }
    XCTAssertEqual(clock.now.nanosecondsSinceOrigin, 100)
  }
}
