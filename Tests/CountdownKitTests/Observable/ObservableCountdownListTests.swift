import CountdownKit
import Foundation
import Observation
import XCTest

/// `ObservableCountdownList`: a row's change does not invalidate another row; membership is
/// observed through `ids`; starting an id again restarts its row.
final class ObservableCountdownListTests: XCTestCase {
  func testARowsChangeDoesNotInvalidateOtherRows() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let list = ObservableCountdownList<Int>(manager: manager)
      // 500 rows: row n ends after n + 1 seconds, so each second changes every row still running.
      // Row 0 ends after 1 s and then never changes again; row 499 changes every second.
      for id in 0..<500 { try list.start(id: id, for: .seconds(id + 1)) }
      let rowViews = (0..<500).map { id in ObservationCounter { _ = list.remaining(id: id) } }
      let listView = ObservationCounter { _ = list.ids }
      try clock.advance(by: .zero)
      XCTAssertEqual(rowViews.map(\.changes).reduce(0, +), 0)
      try clock.advance(by: .seconds(3))
      for id in 0..<500 {
        // Row `id` went from id + 1 down by one per second, to 0 at the latest.
        XCTAssertEqual(rowViews[id].changes, min(3, id + 1), "row \(id)")
      }
      XCTAssertEqual(listView.changes, 0, "values changing is no membership change")
      XCTAssertEqual(list.remaining(id: 0), 0)
      XCTAssertEqual(list[0]?.hasEnded, true, "an ended row stays until removed")
      XCTAssertEqual(list.remaining(id: 499), 497)
    }
  }

  func testOneRowChangingLeavesAnIdleRowUntouched() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager(interval: .seconds(60)) { manager, clock, _ in
      let list = ObservableCountdownList<String>(manager: manager)
      try list.start(id: "soon", for: .seconds(30))
      try list.start(id: "later", for: .seconds(600))
      let soon = ObservationCounter { _ = list["soon"]?.remaining }
      let later = ObservationCounter { _ = list["later"]?.remaining }
      try clock.advance(by: .seconds(60))
      XCTAssertEqual(soon.changes, 1, "soon: 1 -> 0")
      XCTAssertEqual(later.changes, 1, "later: 10 -> 9")
      try list.start(id: "soon", for: .seconds(120))  // restarts the row: 2 minutes
      XCTAssertEqual(soon.changes, 2)
      XCTAssertEqual(later.changes, 1, "restarting another row is no change here")
    }
  }

  func testMembershipIsObservedThroughIDs() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let list = ObservableCountdownList<String>(manager: manager)
      let missing = ObservationCounter { _ = list["b"] }
      let listView = ObservationCounter { _ = list.ids }
      try list.start(id: "a", for: .seconds(5))
      try list.start(id: "b", for: .seconds(5))
      XCTAssertEqual(list.ids, ["a", "b"])
      XCTAssertEqual(listView.changes, 2)
      XCTAssertGreaterThanOrEqual(missing.changes, 1, "a reader of a missing row hears it come")
      let rowA = try XCTUnwrap(list["a"])
      try list.start(id: "a", for: .seconds(9))
      XCTAssertTrue(list["a"] === rowA, "the same row, restarted")
      XCTAssertEqual(list.ids, ["a", "b"])
      XCTAssertEqual(listView.changes, 2, "restarting is no membership change")
      XCTAssertEqual(manager.count, 2)
      XCTAssertTrue(list.remove(id: "a"))
      XCTAssertFalse(list.remove(id: "a"))
      XCTAssertEqual(list.ids, ["b"])
      XCTAssertFalse(rowA.isActive, "removing a row ends its countdown")
      list.removeAll()
      XCTAssertEqual(list.ids, [])
      XCTAssertEqual(manager.count, 0)
      try clock.advance(by: .seconds(1))
    }
  }

  func testBadInputAddsNoRowAndKeepsTheExistingOne() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let list = ObservableCountdownList<Int>(manager: manager)
      try list.start(id: 1, for: .seconds(10))
      do throws(CountdownError) {
        try list.start(id: 2, for: .seconds(-1))
        XCTFail("accepted")
      } catch {
        XCTAssertEqual(error, .negativeDuration)
      }
      XCTAssertThrowsError(try list.start(id: 1, until: .distantFuture))
      XCTAssertThrowsError(try list.start(id: 1, for: .seconds(-5)))
      XCTAssertEqual(list.ids, [1])
      XCTAssertNil(list[2])
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(list.remaining(id: 1), 9, "the existing row runs on")
    }
  }

  func testReleasingTheListEndsItsCountdowns() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, _, _ in
      weak var released: ObservableCountdownList<Int>?
      do {
        let list = ObservableCountdownList<Int>(manager: manager)
        for id in 0..<10 { try list.start(id: id, for: .seconds(60)) }
        released = list
        XCTAssertEqual(manager.count, 10)
      }
      XCTAssertNil(released)
      XCTAssertEqual(manager.count, 0)
    }
  }
}
