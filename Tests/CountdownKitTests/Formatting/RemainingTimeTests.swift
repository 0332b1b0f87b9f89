import CountdownKit
import Foundation
import XCTest

/// `RemainingTime` reads a duration the way a countdown's callback counts it: rounded up.
final class RemainingTimeTests: XCTestCase {
  func testTheQueriedRemainingTimeReadsAsTheCallbackAtTheSameInstant() throws {
    try withManualManager { manager, clock, _ in
      let label = CountdownLabel("sale")
      try manager.start(label, seconds: 60) { label, remaining, _ in label.shown.append(remaining) }
      try clock.advance(by: .zero)
      for step in 1...25 {
        try clock.advance(by: .milliseconds(100))  // between ticks, too: 59.9 s, 59.8 s, ... left
        let shown = RemainingTime(seconds: try XCTUnwrap(label.shown.last))
        let queried = RemainingTime(try XCTUnwrap(manager.timeLeft(for: label)))
        XCTAssertEqual(
          [queried.minutes, queried.seconds], [shown.minutes, shown.seconds],
          "at \(step * 100) ms the query reads \(queried), the label \(shown)")
        XCTAssertEqual(queried.formatted(), shown.formatted())
      }
    }
  }

  /// Texts are checked in pinned locales: the machine's own may be any.
  func testFormattingUsesFoundationDurationStyles() {
    let english = Locale(identifier: "en_US")
    XCTAssertEqual(RemainingTime(seconds: 59).formatted(locale: english), "0:59")
    XCTAssertEqual(RemainingTime(seconds: 3_725).formatted(locale: english), "1:02:05")
    XCTAssertEqual(RemainingTime(seconds: 93_784).formatted(locale: english), "1d 02:03:04")
    XCTAssertEqual(RemainingTime(seconds: 93_784).formatted(.units, locale: english), "1d 2h 3m 4s")
    XCTAssertEqual(
      RemainingTime(seconds: 93_784).formatted(.spelledOut, locale: english), "1 day, 2 hours, 3 minutes, 4 seconds")
    let time = RemainingTime(seconds: 93_784)
    XCTAssertEqual([time.days, time.hours, time.minutes, time.seconds], [1, 2, 3, 4])
    XCTAssertEqual(RemainingTime(seconds: -5).formatted(locale: english), "\u{2212}0:05", "overtime: a minus sign")
  }

  func testFormattingFollowsTheGivenLocale() {
    let german = Locale(identifier: "de_DE"), english = Locale(identifier: "en_US")
    let time = RemainingTime(seconds: 93_784)
    XCTAssertEqual(time.formatted(.spelledOut, locale: german), "1 Tag, 2 Stunden, 3 Minuten und 4 Sekunden")
    XCTAssertNotEqual(time.formatted(.spelledOut, locale: german), time.formatted(.spelledOut, locale: english))
    XCTAssertEqual(RemainingTime(seconds: 3_725).formatted(locale: Locale(identifier: "fi_FI")), "1.02.05")
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
      XCTAssertEqual(
        time.formatted(),
        RemainingTime(seconds: parts[0] * 86_400 + parts[1] * 3_600 + parts[2] * 60 + parts[3]).formatted())
    }
  }
}
