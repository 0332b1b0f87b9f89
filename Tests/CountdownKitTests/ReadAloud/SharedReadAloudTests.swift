import CountdownKit
import Foundation
import XCTest

/// One read-aloud shared by the cells of a list announces each cell's milestones once, as one per
/// cell would.
final class SharedReadAloudTests: XCTestCase {
  @MainActor
  final class Announcements: CountdownAnnouncer {
    var texts: [String] = []
    func announce(_ text: String) { texts.append(text) }
  }

  func testOneReadAloudServesEveryCellOfAList() throws {
    try withManualManager { manager, clock, _ in
      let announcements = Announcements()
      let readAloud = try manager.readAloud(
        at: [.seconds(5)], locale: Locale(identifier: "en_US"), announcer: announcements)
      let cells = (0..<3).map { CountdownLabel("\($0)") }
      for (index, cell) in cells.enumerated() {
        try manager.start(cell, for: .seconds(10 + index)) { _, left, _ in readAloud.read(left) }
      }
      try manager.start(id: "row", for: .seconds(20)) { _, left, _ in readAloud.read(left) }
      try clock.advance(by: .seconds(21))
      XCTAssertEqual(announcements.texts, Array(repeating: "5 seconds left", count: 4), "each cell's 5 s, once")
    }
  }
}
