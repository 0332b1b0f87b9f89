import CountdownKit
import Foundation
import XCTest

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// The README's and the articles' SwiftUI samples, run: the tracker fills its observable list, a
/// row reads its own countdown, and (where the stand-ins let a test look inside a view) the views
/// show what they should.
final class SwiftUISampleTests: XCTestCase {
  func testTheDeliveryTrackerFillsOneRowPerOrder() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try MainActor.assumeIsolated {
      let tracker = try DeliveryTracker()
      let soon = Order(id: 1, deliveryDeadline: Date() + 3_590), late = Order(id: 2, deliveryDeadline: Date() + 7_190)
      try tracker.track(soon)
      try tracker.track(late)
      try tracker.track(soon)  // tracked again: the same row, restarted
      XCTAssertEqual(tracker.minutesLeft.ids, [1, 2])
      XCTAssertEqual(tracker.minutesLeft.remaining(id: 1), 60, "59.8 minutes, rounded up")
      XCTAssertEqual(tracker.minutesLeft.remaining(id: 2), 120)
      XCTAssertEqual(tracker.minutesLeft.manager.count, 2)
      XCTAssertThrowsError(try tracker.track(Order(id: 3, deliveryDeadline: .distantFuture)))
      XCTAssertNil(tracker.minutesLeft[3])
      #if !canImport(SwiftUI)
        let view = DeliveriesView(orders: [soon, late, Order(id: 3, deliveryDeadline: Date())], tracker: tracker)
        let rows = try XCTUnwrap(view.body as? List<DeliveryRow>).rows
        XCTAssertEqual(rows.map { ($0.body as? Text)?.content }, ["60 min", "120 min", "—"])
      #endif
    }
  }

  #if !canImport(SwiftUI)
    func testTheResendButtonWaitsThirtySecondsAfterATap() {
      MainActor.assumeIsolated {
        var sent = 0
        let button = ResendCodeButton { sent += 1 }
        XCTAssertEqual((button.body as? Button)?.title, "Resend code")
        (button.body as? Button)?.action()
        XCTAssertEqual(sent, 1)
        XCTAssertEqual((button.body as? Button)?.title, "Resend in 30 s")
        CountdownManager.shared.cancelAll()
      }
    }
  #endif
}
