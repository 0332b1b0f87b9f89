import CountdownCore
import XCTest

/// A timer fire whose handler began before another thread re-armed the timer belongs to the old
/// arming: it is a wakeup at the instant it reads, never an early fire of the new arming (which
/// would stand for a grid instant still to come, and deliver its values and ends before their time).
final class StaleTimerFireTests: XCTestCase {
  func testAFireThatRacedASuspensionAndAReArmIsNotTakenForTheNewArming() throws {
    let second: Int64 = 1_000_000_000
    let clock = try PreemptingClock()
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
    let label = Receiver("label")
    let shown = LockedState<[(value: Int, at: Int64)]>([])
    try engine.register(label, .duration(.seconds(10))) { value, _ in
      shown.withLock { $0.append((value, clock.base.now.nanosecondsSinceOrigin)) }
    }
    let (other, action) = (Receiver("other"), Receiver("action"))
    let endedAt = LockedState<Int64?>(nil)
    // The timer, armed for 1 s, fires late, at 1.6 s; its handler is preempted right after its
    // clock reading. Meanwhile the engine is suspended and resumed, a label registered on the
    // delivery queue runs the pass the resume owes (the values at 1.6 s, the tick at 1 s), the
    // engine is suspended and resumed again, and a one-shot for 2 s is registered, which arms the
    // timer for 2 s: the late fire is not that arming's.
    clock.preemptAfterNextRead {
      engine.suspendTicking()
      engine.resumeTicking()
      try? engine.register(other, .duration(.seconds(30))) { _, _ in }
      engine.suspendTicking()
      engine.resumeTicking()
      try? engine.register(action, .duration(.milliseconds(400)), delivering: .onlyTheEnd) { value, _ in
        if value == 0 { endedAt.withLock { $0 = clock.base.now.nanosecondsSinceOrigin } }
      }
    }
    try clock.base.jump(by: .milliseconds(1_600))
    try clock.base.advance(by: .zero)
    try clock.base.advance(by: .seconds(3))
    for (value, at) in shown.withLock({ $0 }) {
      // Never less time than is left: ceil((10 s − t) / 1 s).
      let left = Int((10 * second - at + second - 1) / second)
      XCTAssertGreaterThanOrEqual(value, left, "the label showed \(value) at \(at) ns, with \(left) intervals left")
    }
    let end = try XCTUnwrap(endedAt.withLock { $0 }, "the one-shot ended")
    XCTAssertGreaterThanOrEqual(end, 2 * second, "the one-shot's 0 came before its deadline")
    XCTAssertLessThanOrEqual(end, 2 * second + 50_000_000, "the one-shot's 0 came past its end tolerance")
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    withExtendedLifetime([label, other, action]) {}
  }
}
