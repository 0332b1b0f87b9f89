import Foundation
import XCTest

/// Every ```swift block of the README, of the catalogs' articles and of the doc comments has a
/// verbatim copy in a test file, between a `// README: name`, `// DOCC: name`, `// ARTICLE: name` or
/// `// SAMPLE: name` line and its `// END …` line, so that the compiler checks what users copy, as
/// it checks the tests, and tests run it. A block not meant to compile says so, with the reason, on
/// the line right before its opening fence: `<!-- sample: not compiled: why -->` (in a doc comment,
/// `/// <!-- … -->`); DocC and GitHub do not show the comment.
final class SampleCopyTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  func testEverySampleHasACopyInTheTests() throws {
    let copies = Set(try Self.files(under: "Tests", ending: ".swift").flatMap { Self.regions(in: try Self.text($0)) })
    let markdown =
      try ["Sources", "Documentation"].flatMap { try Self.files(under: $0, ending: ".md") } + ["README.md"]
    var checked = 0
    for file in try markdown + Self.files(under: "Sources", ending: ".swift") {
      let text = try Self.text(file)
      let blocks =
        file.hasSuffix(".swift") ? Self.swiftBlocks(in: Self.docComments(of: text)) : Self.swiftBlocks(in: text)
      for block in blocks {
        checked += 1
        XCTAssertTrue(copies.contains(block), "\(file): this sample has no copy in a test file:\n\(block)")
      }
    }
    XCTAssertGreaterThan(checked, 100, "the samples were not found")
  }

  /// The check's own parts: a block marked as not compiled is left out, a doc comment's block is
  /// read without its `///`, and a copy is compared without its indentation.
  func testTheCheckFindsBlocksAndCopies() {
    let markdown = """
      ```swift
      let a = 1
      ```
      <!-- sample: not compiled: pseudocode -->
      ```swift
      let b = …
      ```
      """
    XCTAssertEqual(Self.swiftBlocks(in: markdown), ["let a = 1"])
    let source = """
      /// Counts.
      ///
      /// ```swift
      /// let c = 3
      /// ```
      func counts() {}
      """
    XCTAssertEqual(Self.swiftBlocks(in: Self.docComments(of: source)), ["let c = 3"])
    let copy = """
      func sample() {
        // SAMPLE: Counts.swift
        let c = 3
        // END SAMPLE
      }
      """
    XCTAssertEqual(Self.regions(in: copy), ["let c = 3"])
  }

  /// The repository's files under `folder` (if it exists) whose names end with `suffix`, relative
  /// to the repository's root.
  static func files(under folder: String, ending suffix: String) throws -> [String] {
    let url = root.appendingPathComponent(folder)
    guard FileManager.default.fileExists(atPath: url.path) else { return [] }
    let paths = try FileManager.default.subpathsOfDirectory(atPath: url.path)
    return paths.filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
  }

  static func text(_ file: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
  }

  /// The doc comments of Swift source as Markdown: each `///` line without it, any other line blank.
  static func docComments(of source: String) -> String {
    source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("///") else { return "" }
      let text = trimmed.dropFirst(3)
      return String(text.hasPrefix(" ") ? text.dropFirst() : text)
    }.joined(separator: "\n")
  }

  /// The ```swift blocks of `markdown`, without those marked as not compiled.
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
      } else if let lines = current, trimmed == "```" {
        if !skipped { blocks.append(normalized(lines)) }
        current = nil
      } else {
        current?.append(line)
      }
      previous = trimmed
    }
    return blocks
  }

  /// The regions of `source` between a `// README:`, `// DOCC:`, `// ARTICLE:` or `// SAMPLE:`
  /// line and the next `// END` line.
  static func regions(in source: String) -> [String] {
    let markers = ["README", "DOCC", "ARTICLE", "SAMPLE"]
    var regions: [String] = []
    var current: [Substring]?
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, markers.contains(where: { trimmed.hasPrefix("// \($0):") }) {
        current = []
      } else if let lines = current, trimmed.hasPrefix("// END ") {
        regions.append(normalized(lines))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return regions
  }

  /// Lines without their common indentation or the blank lines around them.
  static func normalized(_ lines: [Substring]) -> String {
    let indent =
      lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
      .joined(separator: "\n").trimmingCharacters(in: .newlines)
  }
}
