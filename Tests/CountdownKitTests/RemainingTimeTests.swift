import CountdownKit
import Foundation
import XCTest

/// `RemainingTime` reads a duration the way a countdown's callback counts it: rounded up.
final class RemainingTimeTests: XCTestCase {
  func testTheQueriedRemainingTimeReadsAsTheCallbackAtTheSameInstant() throws {
    try MainActor.assumeIsolated {
      let (manager, clock) = try makeManager()
      let label = CountdownLabel("sale")
      try manager.start(label, seconds: 60) { label, remaining, _ in label.shown.append(remaining) }
      try clock.advance(by: .zero)
      for step in 1...25 {
        try clock.advance(by: .milliseconds(100))  // between ticks, too: 59.9 s, 59.8 s, ... left
        let shown = RemainingTime(seconds: try XCTUnwrap(label.shown.last))
        let queried = RemainingTime(try XCTUnwrap(manager.remaining(for: label)))
        XCTAssertEqual(
          [queried.minutes, queried.seconds], [shown.minutes, shown.seconds],
          "at \(step * 100) ms the query reads \(queried), the label \(shown)")
        XCTAssertEqual(queried.formatted(), shown.formatted())
      }
    }
  }

  func testPartsRoundUpToWholeSeconds() {
    let cases: [(Duration, [Int])] = [
      (.zero, [0, 0, 0, 0]),
      (.nanoseconds(1), [0, 0, 0, 1]),
      (.milliseconds(59_500), [0, 0, 1, 0]),
      (.seconds(59), [0, 0, 0, 59]),
      (.milliseconds(3_599_001), [0, 1, 0, 0]),
      (.milliseconds(86_399_999), [1, 0, 0, 0]),
      (.seconds(93_784), [1, 2, 3, 4]),
      (.milliseconds(-1), [0, 0, 0, 0]),
    ]
    for (duration, parts) in cases {
      let time = RemainingTime(duration)
      XCTAssertEqual([time.days, time.hours, time.minutes, time.seconds], parts, "\(duration)")
      XCTAssertEqual(time.formatted(), RemainingTime(seconds: parts[0] * 86_400 + parts[1] * 3_600 + parts[2] * 60 + parts[3]).formatted())
    }
  }
}
