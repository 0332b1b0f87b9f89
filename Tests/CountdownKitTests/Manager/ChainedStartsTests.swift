import CountdownKit
import Foundation
import XCTest

/// A chain of starts, each made from the previous one's first call: a "next bus" label catching
/// up past departures, each one's `0` starting the next. Its first 17 links come inside the first
/// start (its own first value, then 16 passes), as the start's documentation says; the rest on
/// the main queue's next turn, so that a chain that never ends cannot hold the main queue.
final class ChainedStartsTests: XCTestCase {
  func testAChainOfTwentyPastDeparturesGetsSeventeenInsideTheFirstStartAndTheRestAtTheNextTurn() throws {
    try withManualManager { manager, _, wall in
      let label = CountdownLabel("next bus")
      // Departures 20 … 1 minutes ago, then one in 5 minutes.
      let departures = (0..<20).map { wall.now - Double((20 - $0) * 60) } + [wall.now + 300]
      @MainActor func follow(_ index: Int) throws {
        try manager.start(label, until: departures[index]) { label, remaining, _ in
          label.shown.append(remaining)
          if remaining == 0, index + 1 < departures.count { try? follow(index + 1) }
        }
      }
      try follow(0)
      XCTAssertEqual(label.shown, Array(repeating: 0, count: 17), "the first 17 links, inside the call")
      drainMainQueue()
      XCTAssertEqual(label.shown, Array(repeating: 0, count: 20) + [300], "the rest, once each, at the next turn")
    }
  }
}
