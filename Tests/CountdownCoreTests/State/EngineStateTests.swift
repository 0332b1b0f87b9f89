// The state machine is internal: these tests reach it where the engine is built for testing (a
// debug build), so that `swift test -c release` (the simulation's long runs) still builds.
#if DEBUG
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

    /// Registers `receiver` for a countdown of `seconds` at clock instant `now`, as the engine does
    /// once it has checked the request and read its clock.
    private func register(
      _ receiver: AnyObject, for seconds: Int64, at now: Int64 = 0, in state: inout EngineState
    ) throws -> Registration {
      try state.accept(receiver, { _, _ in }, RegistrationRequest(.duration(.seconds(seconds))), reading: now)
    }

    func testARegistrationOwesItsFirstValueAndAsksForTheTimer() throws {
      var state = makeState()
      let receiver = Receiver()
      let registration = try register(receiver, for: 10, in: &state)
      XCTAssertTrue(registration.owesPromptDelivery, "its first value, before the next tick")
      XCTAssertNil(registration.replaced)
      guard case .make = registration.actions.timer else {
        return XCTFail("the first registration makes the timer: \(registration.actions.timer)")
      }
    }

    func testRegisteringTheSameReceiverAgainReplacesItsRegistration() throws {
      var state = makeState()
      let receiver = Receiver()
      _ = try register(receiver, for: 10, in: &state)
      let again = try register(receiver, for: 20, in: &state)
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

    func testAPausedRegistrationResumesWithItsValueOwedAgain() throws {
      var state = makeState()
      let receiver = Receiver()
      _ = try register(receiver, for: 10, in: &state)
      XCTAssertTrue(state.pause(receiver, now: 2 * second).found)
      let resumption = state.resume(receiver, now: 5 * second)
      XCTAssertTrue(resumption.found)
      XCTAssertTrue(resumption.owesPromptDelivery, "its current value, at once")
    }

    func testCancelAllReleasesEveryHandler() throws {
      var state = makeState()
      let receivers = (0..<3).map { _ in Receiver() }
      for receiver in receivers {
        _ = try register(receiver, for: 10, in: &state)
      }
      XCTAssertEqual(state.cancelAll().released.count, 3)
      XCTAssertFalse(state.cancel(receivers[0]).found)
    }
  }
#endif
