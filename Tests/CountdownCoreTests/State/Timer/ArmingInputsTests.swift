// The state machine is internal: these tests reach it where the engine is built for testing (a
// debug build), so that `swift test -c release` still builds.
#if DEBUG
  import XCTest

  @testable import CountdownCore

  /// A re-arm that finds the same inputs as the last check that found the timer armed as it should
  /// be answers at once; a new arming, a repeating fire or an input that moved makes it check again,
  /// and a registration whose change comes first still re-arms.
  final class ArmingInputsTests: XCTestCase {
    private final class Receiver {}
    private struct SilentTimer: CountdownTimer {
      var supportsRepeating: Bool { true }
      func schedule(at deadline: CountdownInstant?, leeway: Duration) {}
      func cancel() {}
    }
    private let second: Int64 = 1_000_000_000
    private let inputs = ArmingInputs(earliestChange: 5, soonestEnd: nil, wakeupInstant: .min)

    func testASettledCheckIsStaleOnceTheArmingOrTheInputsChange() {
      var arming = TimerArming(period: 10)
      XCTAssertFalse(arming.isSettled(for: inputs), "disarmed, nothing noted")
      arming.install(SilentTimer(), repeats: true)
      _ = arming.arm(at: 10, repeating: true, leeway: 1)
      arming.noteSettled(for: inputs)
      XCTAssertTrue(arming.isSettled(for: inputs))
      XCTAssertFalse(arming.isSettled(for: ArmingInputs(earliestChange: 4, soonestEnd: nil, wakeupInstant: .min)))
      XCTAssertFalse(arming.isSettled(for: ArmingInputs(earliestChange: 5, soonestEnd: 30, wakeupInstant: .min)))
      XCTAssertFalse(arming.isSettled(for: ArmingInputs(earliestChange: 5, soonestEnd: nil, wakeupInstant: 0)))
      _ = arming.advanceAfterFire(at: 10)
      XCTAssertFalse(arming.isSettled(for: inputs), "a repeating fire moved where it is armed")
      arming.noteSettled(for: inputs)
      _ = arming.arm(at: 20, repeating: true, leeway: 1)
      XCTAssertFalse(arming.isSettled(for: inputs), "armed again")
    }

    func testInputsHoldRegardlessOfTimeOnlyWhileTheEarliestChangeIsToCome() {
      XCTAssertTrue(inputs.holdRegardlessOfTime(at: 4))
      XCTAssertFalse(inputs.holdRegardlessOfTime(at: 5))
      XCTAssertTrue(ArmingInputs(earliestChange: nil, soonestEnd: 9, wakeupInstant: 0).holdRegardlessOfTime(at: .max))
    }

    func testARegistrationChangingNothingLeavesTheArmingAndOneDueFirstReArms() throws {
      var state = EngineState(
        grid: WakeupGrid(interval: second, window: second / 20, endWindow: second / 20), usesWheel: false)
      let first = Receiver()
      let registration = try state.accept(
        first, { _, _ in }, RegistrationRequest(.duration(.seconds(10))), reading: 0)
      guard case .make = registration.actions.timer else { return XCTFail("\(registration.actions.timer)") }
      guard case .arm = state.install(SilentTimer(), repeats: true, now: 0) else { return XCTFail("not armed") }
      let armedAt = try XCTUnwrap(state.arming.armedAt)
      let receivers = (0..<3).map { _ in Receiver() }
      for receiver in receivers {
        let later = try state.accept(
          receiver, { _, _ in }, RegistrationRequest(.duration(.seconds(20))), reading: second / 2)
        guard case .none = later.actions.timer else { return XCTFail("re-armed: \(later.actions.timer)") }
      }
      XCTAssertEqual(state.arming.armedAt, armedAt)
      // A change due before the armed wakeup, noted as a registration notes its own.
      state.changeBound.lower(to: second / 4)
      XCTAssertNotNil(state.neededArming(now: second / 8), "an earlier change is armed for")
    }
  }
#endif
