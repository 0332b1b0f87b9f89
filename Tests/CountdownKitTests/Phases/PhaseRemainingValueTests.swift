import CountdownCore
import XCTest

@testable import CountdownKit

/// A phase's value, the steps left rounded up, read with the engine's value as a likely answer: the
/// likely value is taken only when it is that ceiling, never one step high at an exact step.
final class PhaseRemainingValueTests: XCTestCase {
  func testTheLikelyValueIsTakenOnlyWhenItIsTheStepsLeftRoundedUp() {
    let timing = SegmentCursor.Timing.running(deadline: 4_000)
    XCTAssertEqual(PhaseHandlers.remaining(of: timing, at: 0, interval: 1_000, likely: 4), 4)
    XCTAssertEqual(
      PhaseHandlers.remaining(of: timing, at: 0, interval: 1_000, likely: 5), 4,
      "4 steps left exactly: 4, not the likely 5")
    XCTAssertEqual(PhaseHandlers.remaining(of: timing, at: 1, interval: 1_000, likely: 4), 4, "3.999 steps: 4")
    XCTAssertEqual(PhaseHandlers.remaining(of: timing, at: 1, interval: 1_000, likely: 3), 4, "a likely value too low")
  }
}
