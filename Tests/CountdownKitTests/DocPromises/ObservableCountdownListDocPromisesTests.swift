import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of ``ObservableCountdownList`` promise of its rows: what each call answers, the
/// order of ``ObservableCountdownList/ids``, and what removing a row does to its countdown.
final class ObservableCountdownListDocPromisesTests: XCTestCase {
  /// "Starting an id that has a row restarts that row's countdown (replace, never a second one)";
  /// `start` "Returns: The row"; `ids` are "in the order they were first started" and change "only
  /// when a row is added or removed".
  func testStartingAnIDAgainRestartsItsRowInPlace() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, wall in
      let list = ObservableCountdownList<String>(manager: manager)
      let a = try list.start(id: "a", for: .seconds(10))
      try list.start(id: "b", until: wall.now + 20)
      XCTAssertTrue(list["a"] === a, "the row returned is the list's")
      try clock.advance(by: .seconds(3))
      let membership = ObservationCounter { _ = list.ids }
      let again = try list.start(id: "a", for: .seconds(30))
      XCTAssertTrue(again === a, "the same row, restarted")
      XCTAssertEqual(a.remaining, 30)
      XCTAssertEqual(list.ids, ["a", "b"], "in the order first started")
      XCTAssertEqual(membership.changes, 0, "a restart adds no row")
      XCTAssertEqual(list.remaining(id: "b"), 17)
    }
  }

  /// The subscript: "The row of `id`, or `nil` if there is none"; `remaining(id:)`: "or `nil`
  /// without one"; `remove(id:)`: "Whether there was a row"; `addTime(_:id:)`: "Whether `id` had a
  /// row whose countdown is running or paused".
  func testCallsOnAMissingIDAnswerNilOrFalse() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, _ in
      let list = ObservableCountdownList<String>(manager: manager)
      XCTAssertNil(list["none"])
      XCTAssertNil(list.remaining(id: "none"))
      XCTAssertFalse(list.remove(id: "none"))
      XCTAssertFalse(try list.addTime(.seconds(5), id: "none"))
      try list.start(id: "short", for: .seconds(1))
      try clock.advance(by: .seconds(1))
      XCTAssertFalse(try list.addTime(.seconds(5), id: "short"), "its countdown ended: no time")
      XCTAssertEqual(list.remaining(id: "short"), 0)
    }
  }

  /// "A row that ended stays, with `hasEnded`, until `remove(id:)`"; `remove(id:)` "Removes the row
  /// of `id` and ends its countdown (a view still holding the row sees it stop)".
  func testAnEndedRowStaysUntilRemovedAndARemovedRowStops() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, _ in
      let list = ObservableCountdownList<String>(manager: manager)
      try list.start(id: "short", for: .seconds(2))
      let long = try list.start(id: "long", for: .seconds(10))
      try clock.advance(by: .seconds(4))
      XCTAssertEqual(list.ids, ["short", "long"], "the ended row stays")
      XCTAssertEqual(list["short"]?.hasEnded, true)
      XCTAssertTrue(list.remove(id: "long"))
      XCTAssertEqual(list.ids, ["short"])
      XCTAssertFalse(long.isActive, "its countdown ended")
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(long.remaining, 6, "a view holding it sees it stop")
      XCTAssertTrue(list.remove(id: "short"))
      XCTAssertEqual(list.ids, [])
    }
  }

  /// `removeAll()`: "Removes every row, ending their countdowns."
  func testRemoveAllEndsEveryRowsCountdown() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, _ in
      let list = ObservableCountdownList<String>(manager: manager)
      let a = try list.start(id: "a", for: .seconds(5))
      let b = try list.start(id: "b", for: .seconds(7))
      list.removeAll()
      XCTAssertEqual(list.ids, [])
      XCTAssertNil(list["a"])
      XCTAssertFalse(a.isActive)
      XCTAssertFalse(b.isActive)
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(a.remaining, 5)
      XCTAssertEqual(b.remaining, 7)
    }
  }

  /// `addTime(_:id:)` "Throws: `outOfRange` for an end beyond 292 years from now …; the row is
  /// then left as it was."
  func testARefusedAddTimeLeavesTheRowAsItWas() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, _ in
      let list = ObservableCountdownList<String>(manager: manager)
      let row = try list.start(id: "a", for: .seconds(5))
      let end = row.endDate
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        _ = try list.addTime(.seconds(Int64(300) * 365 * 86_400), id: "a")
      }
      XCTAssertEqual(row.remaining, 5)
      XCTAssertEqual(row.endDate, end)
      XCTAssertTrue(row.isActive)
    }
  }

  /// The same through a list: `ObservableCountdownList.start(id:until:)` restarts the row as
  /// `restart(until:)` does, and a row whose countdown had already ended shows the end of the
  /// countdown it replaced too, not the moment the new one ended (it kept both).
  func testARowRestartedToAPassedDateShowsNowAsItsEnd() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, wall in
      let list = ObservableCountdownList<String>(manager: manager)
      let running = try list.start(id: "running", for: .seconds(30))
      let ended = try list.start(id: "ended", for: .seconds(2))
      try clock.advance(by: 10, with: wall)
      XCTAssertTrue(ended.hasEnded)
      try list.start(id: "running", until: wall.now - 5)
      try list.start(id: "ended", until: wall.now - 5)
      XCTAssertTrue(running.hasEnded)
      XCTAssertEqual(running.endDate, wall.now, "ended now, not at the replaced countdown's deadline (20 s ahead)")
      XCTAssertEqual(ended.endDate, wall.now, "ended now, not when the replaced countdown ended (8 s ago)")
    }
  }
}
