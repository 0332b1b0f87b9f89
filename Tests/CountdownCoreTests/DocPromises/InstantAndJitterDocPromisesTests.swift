import CountdownCore
import XCTest

/// What the docs of ``CountdownInstant``, ``ManualClockJitter`` and ``CountdownDeliveries/milestones``
/// promise of their values: the arithmetic an app does on instants, and the defaults it relies on.
final class InstantAndJitterDocPromisesTests: XCTestCase {
  /// `advanced(by:)` is "held at the first or last instant a clock can represent … where it would
  /// lie beyond", where `exactlyAdvanced(by:)` throws ``CountdownError/outOfRange`` instead.
  func testAdvancingBeyondTheClockHoldsAtItsEdgeOrThrows() {
    let late = CountdownInstant(nanosecondsSinceOrigin: Int64.max - 5)
    XCTAssertEqual(late.advanced(by: .seconds(1)).nanosecondsSinceOrigin, Int64.max, "held at the last instant")
    let early = CountdownInstant(nanosecondsSinceOrigin: Int64.min + 5)
    XCTAssertEqual(early.advanced(by: .seconds(-1)).nanosecondsSinceOrigin, Int64.min, "held at the first instant")
    XCTAssertEqual(late.advanced(by: .nanoseconds(5)).nanosecondsSinceOrigin, Int64.max, "the last one itself fits")
    assertThrows(CountdownError.outOfRange, "past the last instant") { () throws(CountdownError) in
      _ = try late.exactlyAdvanced(by: .seconds(1))
    }
    assertThrows(CountdownError.outOfRange, "before the first instant") { () throws(CountdownError) in
      _ = try early.exactlyAdvanced(by: .seconds(-1))
    }
    XCTAssertEqual(try? late.exactlyAdvanced(by: .nanoseconds(5)).nanosecondsSinceOrigin, Int64.max)
  }

  /// `duration(to:)` is "negative when `other` is earlier"; `zero` is the origin; the description
  /// reads as "the time since the origin, such as `1.5 seconds`".
  func testDurationsBetweenInstantsAndTheirDescription() {
    let a = CountdownInstant(nanosecondsSinceOrigin: 3_000_000_000)
    let b = CountdownInstant.zero.advanced(by: .milliseconds(1_500))
    XCTAssertEqual(b.duration(to: a), .milliseconds(1_500))
    XCTAssertEqual(a.duration(to: b), .milliseconds(-1_500), "negative toward an earlier instant")
    XCTAssertEqual(CountdownInstant.zero.nanosecondsSinceOrigin, 0)
    XCTAssertTrue(b < a)
    XCTAssertFalse(a < b)
    XCTAssertEqual("\(b)", "1.5 seconds")
  }

  /// ``ManualClockJitter/none`` is "perfect timing": no lateness, earliness or drift; and the
  /// initialiser's parameters all default to that.
  func testNoJitterIsAllZeroAndTheDefaults() {
    XCTAssertEqual(ManualClockJitter.none, ManualClockJitter())
    XCTAssertEqual(ManualClockJitter.none.late, .zero)
    XCTAssertEqual(ManualClockJitter.none.early, .zero)
    XCTAssertEqual(ManualClockJitter.none.drift, .zero)
    XCTAssertEqual(ManualClockJitter.none.seed, 0)
  }

  /// ``CountdownDeliveries/milestones`` is the set given to ``CountdownDeliveries/milestones(_:)``,
  /// "`nil` for any other choice".
  func testTheMilestonesOfEachChoice() {
    XCTAssertEqual(CountdownDeliveries.milestones([10, 60]).milestones, [10, 60])
    XCTAssertEqual(CountdownDeliveries.milestones([]).milestones, [], "an empty set is still a set")
    XCTAssertNil(CountdownDeliveries.everyChange.milestones)
    XCTAssertNil(CountdownDeliveries.onlyTheEnd.milestones)
  }
}
