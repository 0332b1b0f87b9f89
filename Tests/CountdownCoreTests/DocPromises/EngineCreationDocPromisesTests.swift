import CountdownCore
import CountdownTestSupport
import XCTest

/// What the docs of ``CountdownEngine/init(interval:alignment:endTolerance:clock:deliveryQueue:)``
/// promise of the end tolerance and of the values it refuses, beyond the engine's own tests.
final class EngineCreationDocPromisesTests: XCTestCase {
  /// "With per-countdown alignment … ``endTolerance`` is the tolerance (the tighter promise),
  /// whether one is given or not": a larger end tolerance given is replaced by the tolerance.
  func testPerCountdownEndToleranceIsTheToleranceEvenWhenALargerOneIsGiven() throws {
    let clock = ManualCountdownClock()
    for given: Duration? in [nil, .milliseconds(20), .milliseconds(500), .seconds(1)] {
      let engine = try CountdownEngine(
        interval: .seconds(1), alignment: .perCountdown(tolerance: .milliseconds(20)), endTolerance: given,
        clock: clock, deliveryQueue: .main)
      XCTAssertEqual(engine.endTolerance, .milliseconds(20), "given \(String(describing: given))")
    }
  }

  /// "Throws … ``CountdownError/invalidCombination`` for an end tolerance below the per-countdown
  /// tolerance" (also in ``CountdownError/invalidCombination``'s own words).
  func testAnEndToleranceBelowThePerCountdownToleranceIsAnInvalidCombination() {
    assertThrows(CountdownError.invalidCombination) { () throws(CountdownError) in
      _ = try CountdownEngine(
        interval: .seconds(1), alignment: .perCountdown(tolerance: .milliseconds(20)),
        endTolerance: .milliseconds(10), clock: ManualCountdownClock(), deliveryQueue: .main)
    }
  }

  /// "``CountdownError/outOfRange`` for one beyond 292 years": an interval that no clock can hold.
  func testAnIntervalBeyondTheClockIsOutOfRange() {
    assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
      _ = try CountdownEngine(
        interval: .seconds(Int64.max), clock: ManualCountdownClock(), deliveryQueue: .main)
    }
  }

  /// "`nil` (default): 5 % of the interval", for a shared grid: checked at a second, where the
  /// engine's own tests check a minute.
  func testTheDefaultEndToleranceIsFivePercentOfTheInterval() throws {
    let (engine, _) = try makeEngine(interval: .seconds(1))
    XCTAssertEqual(engine.endTolerance, .milliseconds(50))
    XCTAssertEqual(engine.interval, .seconds(1))
    XCTAssertEqual(engine.alignment, .shared)
  }
}
