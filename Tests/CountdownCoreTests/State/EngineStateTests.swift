import XCTest

@testable import CountdownCore

/// The engine's state machine, transition by transition, with no clock, timer or queue: what a
/// registration, a replacement, a pause and a cancel change, and the actions they return for the
/// engine to perform after its lock.
final class EngineStateTests: XCTestCase {
  private final class Receiver {}
  private let second: Int64 = 1_000_000_000

  private func makeState() -> EngineState {
    EngineState(grid: WakeupGrid(interval: second, window: second / 20, endWindow: second / 20), usesWheel: false)
  }

  private func countdown(to seconds: Int64) -> CountdownTiming {
    CountdownTiming(countdownTo: seconds * second, policy: .keepsRunning)
  }

  func testARegistrationOwesItsFirstValueAndAsksForTheTimer() {
    var state = makeState()
    let receiver = Receiver()
    let registration = state.register(receiver, { _, _ in }, countdown(to: 10), now: 0)
    XCTAssertTrue(registration.owesPromptDelivery, "its first value, before the next tick")
    XCTAssertNil(registration.replaced)
    guard case .make = registration.actions.timer else {
      return XCTFail("the first registration makes the timer: \(registration.actions.timer)")
    }
  }

  func testRegisteringTheSameReceiverAgainReplacesItsRegistration() {
    var state = makeState()
    let receiver = Receiver()
    _ = state.register(receiver, { _, _ in }, countdown(to: 10), now: 0)
    let again = state.register(receiver, { _, _ in }, countdown(to: 20), now: 0)
    XCTAssertNotNil(again.replaced, "the old handler, released after the lock")
    let cancellation = state.cancel(receiver)
    XCTAssertTrue(cancellation.found)
    XCTAssertNotNil(cancellation.released)
    XCTAssertFalse(state.cancel(receiver).found, "one registration, not two")
  }

  func testAPauseAndACancelOfAReceiverWithNoRegistrationFindNothing() {
    var state = makeState()
    let stranger = Receiver()
    XCTAssertFalse(state.pause(stranger, now: 0).found)
    XCTAssertFalse(state.resume(stranger, now: 0).found)
    XCTAssertFalse(state.cancel(stranger).found)
  }

  func testAPausedRegistrationResumesWithItsValueOwedAgain() {
    var state = makeState()
    let receiver = Receiver()
    _ = state.register(receiver, { _, _ in }, countdown(to: 10), now: 0)
    XCTAssertTrue(state.pause(receiver, now: 2 * second).found)
    let resumption = state.resume(receiver, now: 5 * second)
    XCTAssertTrue(resumption.found)
    XCTAssertTrue(resumption.owesPromptDelivery, "its current value, at once")
  }

  func testCancelAllReleasesEveryHandler() {
    var state = makeState()
    let receivers = (0..<3).map { _ in Receiver() }
    for receiver in receivers {
      _ = state.register(receiver, { _, _ in }, countdown(to: 10), now: 0)
    }
    XCTAssertEqual(state.cancelAll().released.count, 3)
    XCTAssertFalse(state.cancel(receivers[0]).found)
  }
}
