// swift-format-ignore-file
// (The documentation's samples are copied here verbatim, checked by SampleCopyTests: a formatter
// that changed a copy would part it from its sample.)
import CountdownKit
import Foundation
import XCTest

#if canImport(UIKit) && !canImport(WatchKit)
  import UIKit  // the cell sample's label, on iOS-like platforms
#endif

final class ReadmeSamplesTests: XCTestCase {
  func testSaleCellShowsADashForARejectedDateAndKeepsIt() throws {
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock(), wall = TestWallClock()
      let cell = SaleCell()
      cell.countdowns = try CountdownManager(clock: clock, wallClock: { wall.now })
      cell.configure(with: SaleItem(endsAt: wall.now + 3_600))
      try clock.advance(by: .zero)
      XCTAssertEqual(cell.timeLabel.text, RemainingTime(seconds: 3_600).formatted())
      // Reused for an item whose end cannot be counted down to: the dash stays, the previous
      // item's countdown does not come back over it.
      cell.configure(with: SaleItem(endsAt: .distantFuture))
      XCTAssertEqual(cell.timeLabel.text, "—")
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(cell.timeLabel.text, "—", "the previous item's time overwrote the dash")
      XCTAssertFalse(cell.countdowns.contains(cell))
    }
  }

  func testThePomodoroShowsItsPhaseAndMovesOnAtItsEnd() throws {
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock(), wall = TestWallClock()
      let manager = try CountdownManager(clock: clock, wallClock: { wall.now })
      let label = UILabel()
      try startPomodoro(on: manager, label: label)
      XCTAssertEqual(label.text, "Focus · \(RemainingTime(seconds: 25 * 60).formatted())", "inside the call")
      try clock.advance(by: .seconds(25 * 60))
      XCTAssertEqual(label.text, "Break · \(RemainingTime(seconds: 5 * 60).formatted())")
      manager.cancel(id: "focus")
    }
  }

  // README: testing
  func testResendButtonCountsDownThirtySeconds() throws {
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      let manager = try CountdownManager(clock: clock)
      let button = ResendButton()
      try manager.start(button, seconds: 30) { button, remaining, _ in
        button.title = remaining > 0 ? "Resend in \(remaining) s" : "Resend code"
      }
      XCTAssertEqual(button.title, "Resend in 30 s")  // the first value, delivered inside start
      try clock.advance(by: .seconds(30))  // 30 ticks, delivered synchronously
      XCTAssertEqual(button.title, "Resend code")
    }
  }
  // END README
}
