import CountdownKit
import Foundation
import XCTest

/// `CountdownFormatStyle` in pinned locales (never the machine's): clock, units and truly
/// spelled-out units, `formatted(_:locale:)` in the locale it is given, and a style that takes the locale
/// it is given, as SwiftUI's `Text(_:format:)` gives it the view's.
final class CountdownFormatStyleTests: XCTestCase {
  let english = Locale(identifier: "en_US")
  let german = Locale(identifier: "de_DE")
  let french = Locale(identifier: "fr_FR")

  func testSpelledOutSpellsUnitsOutInEnglish() {
    let style = CountdownFormatStyle(.spelledOut, locale: english)
    XCTAssertEqual(style.format(RemainingTime(seconds: 93_784)), "1 day, 2 hours, 3 minutes, 4 seconds")
    XCTAssertEqual(style.format(RemainingTime(seconds: 1)), "1 second")
    XCTAssertEqual(style.format(RemainingTime(seconds: 3_600)), "1 hour", "zero units are left out")
    XCTAssertEqual(style.format(RemainingTime(seconds: 0)), "0 seconds")
    XCTAssertEqual(style.format(RemainingTime(.milliseconds(59_001))), "1 minute", "rounded up")
  }

  func testSpelledOutInGermanAndFrench() {
    let time = RemainingTime(seconds: 93_784)
    XCTAssertEqual(
      time.formatted(CountdownFormatStyle(.spelledOut, locale: german)), "1 Tag, 2 Stunden, 3 Minuten und 4 Sekunden")
    // French puts no-break spaces between numbers and units (ICU's data, not every one of them):
    // compared as plain spaces so the test pins the words, not the data's choice of space.
    let frenchText = time.formatted(CountdownFormatStyle(.spelledOut, locale: french))
    XCTAssertEqual(
      frenchText.replacingOccurrences(of: "\u{A0}", with: " "), "1 jour, 2 heures, 3 minutes et 4 secondes")
    XCTAssertEqual(RemainingTime(seconds: 1).formatted(CountdownFormatStyle(.spelledOut, locale: german)), "1 Sekunde")
  }

  func testClockAndUnitsInTwoLocales() {
    let cases: [(Int, RemainingTime.Style, Locale, String)] = [
      (59, .clock, english, "0:59"),
      (3_725, .clock, english, "1:02:05"),
      (93_784, .clock, english, "1d 02:03:04"),
      (93_784, .units, english, "1d 2h 3m 4s"),
      (3_725, .clock, german, "1:02:05"),
      (93_784, .units, german, RemainingTime(seconds: 93_784).formatted(.units, locale: german)),
    ]
    for (seconds, style, locale, text) in cases {
      XCTAssertEqual(RemainingTime(seconds: seconds).formatted(CountdownFormatStyle(style, locale: locale)), text)
    }
    XCTAssertEqual(
      RemainingTime(seconds: 3_725).formatted(CountdownFormatStyle(locale: Locale(identifier: "fi_FI"))), "1.02.05",
      "the locale's separators")
  }

  func testTheStaticMembersAndTheLocaleMethodMakeTheSameStyles() {
    XCTAssertEqual(CountdownFormatStyle.countdown, CountdownFormatStyle(.clock))
    XCTAssertEqual(CountdownFormatStyle.countdown(.units), CountdownFormatStyle(.units))
    // What SwiftUI does with the view's locale:
    let localized = CountdownFormatStyle.countdown(.spelledOut).locale(german)
    XCTAssertEqual(localized, CountdownFormatStyle(.spelledOut, locale: german))
    XCTAssertEqual(RemainingTime(seconds: 120).formatted(localized), "2 Minuten")
    // Type-checks where `formatted(_:)` is given the static member, as apps write it.
    let text: String = RemainingTime(seconds: 5).formatted(.countdown(.units))
    XCTAssertFalse(text.isEmpty)
  }

  /// `formatted(_:locale:)` spells in the locale it is given, not the machine's.
  func testFormattedWithALocaleUsesThatLocale() {
    let time = RemainingTime(seconds: 93_784)
    XCTAssertEqual(time.formatted(.spelledOut, locale: german), "1 Tag, 2 Stunden, 3 Minuten und 4 Sekunden")
    XCTAssertEqual(time.formatted(.spelledOut, locale: english), "1 day, 2 hours, 3 minutes, 4 seconds")
    XCTAssertEqual(RemainingTime(seconds: 3_725).formatted(.clock, locale: Locale(identifier: "fi_FI")), "1.02.05")
  }

  func testTheStyleIsCodable() throws {
    let style = CountdownFormatStyle(.spelledOut, locale: french)
    let decoded = try JSONDecoder().decode(CountdownFormatStyle.self, from: JSONEncoder().encode(style))
    XCTAssertEqual(decoded, style)
  }
}
