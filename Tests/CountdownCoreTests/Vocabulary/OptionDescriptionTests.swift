import CountdownCore
import XCTest

/// What a log line or a debugger shows for the option and error types: the static member that made
/// the value, not the struct's private storage.
final class OptionDescriptionTests: XCTestCase {
  func testEachOptionAndErrorPrintsAsItsStaticMember() {
    XCTAssertEqual("\(CountdownDeliveries.everyChange)", "everyChange")
    XCTAssertEqual("\(CountdownDeliveries.onlyTheEnd)", "onlyTheEnd")
    XCTAssertEqual("\(CountdownDeliveries.milestones([600, 10, 60]))", "milestones([10, 60, 600])")
    XCTAssertEqual("\(CountdownEnding.stops)", "stops")
    XCTAssertEqual("\(CountdownEnding.countsOvertime)", "countsOvertime")
    XCTAssertEqual("\(CountdownError.outOfRange)", "outOfRange")
    XCTAssertEqual(String(describing: [CountdownEnding.stops]), "[stops]")
  }
}
