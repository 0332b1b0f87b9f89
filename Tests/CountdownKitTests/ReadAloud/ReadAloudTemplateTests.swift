import CountdownKit
import Foundation
import XCTest

/// A template is text with `%@` where the time goes: any other `%` in it is read as written,
/// never as a format specifier reading an argument that is not there. (Found by the public-API
/// fuzzer, seed 31: `phrase(for:)` with such a template read arguments that were not there, and
/// trapped.)
final class ReadAloudTemplateTests: XCTestCase {
  func testATemplateIsFilledInNotFormatted() throws {
    try MainActor.assumeIsolated {
      let cases: [(String, String)] = [
        ("%@ left", "10 seconds left"), ("%1$@ left", "10 seconds left"), ("%@ %@ %d", "10 seconds 10 seconds %d"),
        ("%n%s%", "%n%s%"), ("100%% sure: %@", "100% sure: 10 seconds"), ("", ""), ("%", "%"),
      ]
      for (template, phrase) in cases {
        let readAloud = try CountdownReadAloud(
          at: [.seconds(10)], locale: Locale(identifier: "en_US"), template: template,
          announcer: ReadAloudTests.Announcements())
        XCTAssertEqual(readAloud.phrase(for: 10), phrase, template)
      }
    }
  }
}
