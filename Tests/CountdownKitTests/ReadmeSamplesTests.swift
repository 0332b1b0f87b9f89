import CountdownKit
import Foundation
import XCTest

#if canImport(UIKit) && !canImport(WatchKit)
  import UIKit  // the cell sample's label, on iOS-like platforms
#endif

final class ReadmeSamplesTests: XCTestCase {
  /// Every ```swift block of the README not marked `<!-- sample: not compiled -->` must appear as
  /// a marked region of ReadmeSamples.swift or of this file, so that what the tests run is what
  /// users copy.
  func testReadmeSamplesAreTheCompiledOnes() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let compiled = try ["ReadmeSamples.swift", "ReadmeSamplesTests.swift"].flatMap { file in
      Self.regions(in: try String(contentsOf: here.appendingPathComponent(file), encoding: .utf8))
    }
    let blocks = Self.swiftBlocks(in: readme)
    XCTAssertFalse(blocks.isEmpty)
    for block in blocks {
      XCTAssertTrue(compiled.contains(block), "README sample not compiled by the tests:\n\(block)")
    }
  }

  /// A block marked as not compiled has no copy to compare with; the blocks around it still do.
  func testBlocksMarkedNotCompiledAreLeftOut() {
    let markdown = """
      ```swift
      let a = 1
      ```
      <!-- sample: not compiled: pseudocode -->
      ```swift
      let b = …
      ```

      ```swift
      let c = 3
      ```
      """
    XCTAssertEqual(Self.swiftBlocks(in: markdown), ["let a = 1", "let c = 3"])
  }

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

  /// The ```swift blocks of `markdown`, without those marked as not compiled (the line right before
  /// the fence starts with `<!-- sample: not compiled`, as .ci/check-samples reads it).
  static func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    var skipped = false
    var previous = ""
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
        skipped = previous.hasPrefix("<!-- sample: not compiled")
      } else if current != nil, trimmed == "```" {
        if !skipped { blocks.append(normalized(current!)) }
        current = nil
      } else {
        current?.append(line)
      }
      previous = trimmed
    }
    return blocks
  }

  /// The regions of `source` between lines starting with `// \(marker):` and `// END \(marker)`.
  static func regions(in source: String, marker: String = "README") -> [String] {
    var regions: [String] = []
    var current: [Substring]?
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("// \(marker):") {
        current = []
      } else if trimmed == "// END \(marker)" {
        if let lines = current { regions.append(normalized(lines)) }
        current = nil
      } else {
        current?.append(line)
      }
    }
    return regions
  }

  /// Lines without common indentation or surrounding blank lines.
  static func normalized(_ lines: [Substring]) -> String {
    let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
      .joined(separator: "\n").trimmingCharacters(in: .newlines)
  }
}
