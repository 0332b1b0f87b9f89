import CountdownKit
import Foundation
import XCTest

/// Countdowns that ran out while the app was not running get their `0`s at the restore in the
/// order of their ends, ties in the snapshot's order, as ends delivered together always do.
final class RestoredEndsOrderTests: XCTestCase {
  func testEndsPassedWhileTheAppWasNotRunningComeInTheOrderOfTheirEnds() throws {
    try withManualManager { first, _, wall in
      let durations = [("c", 40), ("a", 10), ("e", 70), ("running", 500), ("b", 25), ("d", 55), ("tie", 25)]
      for (id, seconds) in durations {
        try first.start(id: id, for: .seconds(seconds)) { _, _, _ in }
      }
      let snapshot = first.snapshot(of: String.self)
      let data = try JSONEncoder().encode(snapshot)
      first.cancelAll()
      // Ties in the snapshot's order, whatever it is.
      let listed = snapshot.entries.map(\.id)
      let tied = listed.filter { $0 == "b" || $0 == "tie" }

      wall.jump(by: 100)
      let (manager, _) = try makeManager(wall: wall)
      var zeros: [String] = []
      let restoration = try manager.restore(CountdownSnapshot<String>(decoding: data)) { id, value, _ in
        if value == 0 { zeros.append(id) }
      }
      XCTAssertEqual(zeros, ["a"] + tied + ["c", "d", "e"])
      XCTAssertEqual(restoration.ids, listed, "in the snapshot's order")
      XCTAssertEqual(Set(restoration.ended.keys), ["a", "b", "c", "d", "e", "tie"])
      manager.cancelAll()
    }
  }
}
