import CountdownKit
import Foundation
import XCTest

/// Negative remaining times (a countdown in overtime) in every style and in pinned locales: the
/// magnitude as the style shows a positive time, after a minus sign (U+2212).
final class OvertimeFormattingTests: XCTestCase {
  let english = Locale(identifier: "en_US")
  let german = Locale(identifier: "de_DE")
  /// Arabic as written in Egypt: right to left, with Arabic-Indic digits.
  let arabic = Locale(identifier: "ar_EG")
  let minus = "\u{2212}"

  func testANegativeTimeIsKeptAndRoundsUpTowardZero() {
    let late = RemainingTime(.milliseconds(-65_400))
    XCTAssertEqual(late.duration, .milliseconds(-65_400))
    XCTAssertTrue(late.isOvertime)
    XCTAssertEqual([late.days, late.hours, late.minutes, late.seconds], [0, 0, 1, 5], "the magnitude of −65 s")
    XCTAssertFalse(RemainingTime(.milliseconds(-400)).isOvertime, "less than a second late rounds up to 0")
    XCTAssertFalse(RemainingTime(seconds: 0).isOvertime)
    XCTAssertFalse(RemainingTime(seconds: 5).isOvertime)
  }

  func testEveryStyleInEnglish() {
    let late = RemainingTime(seconds: -5)
    XCTAssertEqual(late.formatted(.clock, locale: english), minus + "0:05")
    XCTAssertEqual(late.formatted(.units, locale: english), minus + "5s")
    XCTAssertEqual(late.formatted(.spelledOut, locale: english), minus + "5 seconds")
    XCTAssertEqual(RemainingTime(seconds: -93_784).formatted(.clock, locale: english), minus + "1d 02:03:04")
    XCTAssertEqual(
      RemainingTime(seconds: -3_725).formatted(.spelledOut, locale: english), minus + "1 hour, 2 minutes, 5 seconds")
    XCTAssertEqual(RemainingTime(.milliseconds(-400)).formatted(locale: english), "0:00", "no sign on a zero")
    XCTAssertEqual(late.description, late.formatted())
  }

  func testEveryStyleInGerman() {
    let late = RemainingTime(seconds: -3_725)
    XCTAssertEqual(late.formatted(.clock, locale: german), minus + "1:02:05")
    XCTAssertEqual(late.formatted(.spelledOut, locale: german), minus + "1 Stunde, 2 Minuten und 5 Sekunden")
    XCTAssertEqual(
      late.formatted(.units, locale: german), minus + RemainingTime(seconds: 3_725).formatted(.units, locale: german))
  }

  func testEveryStyleInArabicKeepsItsDigitsBehindTheSign() {
    for style in [RemainingTime.Style.clock, .units, .spelledOut] {
      let positive = RemainingTime(seconds: 65).formatted(style, locale: arabic)
      let negative = RemainingTime(seconds: -65).formatted(style, locale: arabic)
      XCTAssertEqual(negative, minus + positive, "\(style)")
    }
    XCTAssertFalse(
      RemainingTime(seconds: -65).formatted(.clock, locale: arabic).contains("5"),
      "Arabic-Indic digits, as the style gives them")
  }

  func testTheFormatStyleFormatsNegativesToo() {
    XCTAssertEqual(RemainingTime(seconds: -59).formatted(CountdownFormatStyle(.clock, locale: english)), minus + "0:59")
    XCTAssertEqual(
      RemainingTime(seconds: -60).formatted(CountdownFormatStyle(.spelledOut, locale: german)), minus + "1 Minute")
  }
}
