import CountdownKit
import Foundation
import XCTest

/// Time taken past the end of a countdown that delivers only its end or milestones ends it inside
/// the call, with its `0`, as a past date's start of the same form does.
final class EndInsideTheCallTests: XCTestCase {
  func testOnlyTheEndAndMilestonesEndInsideAddTime() throws {
    for deliveries in [CountdownDeliveries.onlyTheEnd, .milestones([5])] {
      try withManualManager { manager, _, _ in
        let label = CountdownLabel("receiver")
        let log = ValueLog()
        try manager.start(label, for: .seconds(10), delivering: deliveries) { label, value, _ in
          label.shown.append(value)
        }
        try manager.start(id: "id", for: .seconds(10), delivering: deliveries, log.record("id"))
        XCTAssertTrue(try manager.addTime(.seconds(-20), to: label))
        XCTAssertTrue(try manager.addTime(.seconds(-20), id: "id"))
        XCTAssertEqual(label.shown, [0], "\(deliveries): the receiver's 0, inside the call")
        XCTAssertEqual(log.values("id"), [0], "\(deliveries): the id's 0, inside the call")
        XCTAssertFalse(manager.contains(label), "\(deliveries)")
        XCTAssertFalse(manager.contains(id: "id"), "\(deliveries)")
        XCTAssertNil(manager.endDate(id: "id"), "\(deliveries)")
        drainMainQueue()
        XCTAssertEqual(label.shown, [0], "\(deliveries): once")
        XCTAssertEqual(log.values("id"), [0], "\(deliveries): once")
      }
    }
  }

  func testAPausedOnlyTheEndShortenedToZeroEndsInsideResume() throws {
    try withManualManager { manager, _, _ in
      let log = ValueLog()
      try manager.start(id: "id", for: .seconds(10), delivering: .onlyTheEnd, log.record("id"))
      XCTAssertTrue(manager.pause(id: "id"))
      XCTAssertTrue(try manager.addTime(.seconds(-20), id: "id"))
      XCTAssertEqual(log.values("id"), [], "paused: silent")
      XCTAssertTrue(manager.resume(id: "id"))
      XCTAssertEqual(log.values("id"), [0], "its 0 inside resume")
      XCTAssertFalse(manager.contains(id: "id"))
      drainMainQueue()
      XCTAssertEqual(log.values("id"), [0], "once")
    }
  }
}
