import CountdownAlerts
import CountdownKit
import Foundation
import XCTest

/// The catalog's samples that run, copied verbatim between `// ARTICLE` and `// END ARTICLE`; a
/// test fails when the catalog and the copy drift apart.
final class ArticleSampleTests: XCTestCase {
  // ARTICLE: testing
  func testTheTeaRingsAtItsEnd() throws {
    let clock = ManualCountdownClock()
    let start = Date()
    let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
    let manager = try CountdownManager(clock: clock, wallClock: wall)
    let center = FakeNotificationCenter(now: wall)
    let alerts = try CountdownAlerts(String.self, manager: manager, center: center) { id, _ in
      CountdownAlertContent(title: id, body: "Done")
    }
    try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    manager.pause(id: "tea")
    center.drain()
    XCTAssertEqual(center.pending.count, 0)  // paused: nothing rings
    manager.resume(id: "tea")
    center.drain()
    XCTAssertEqual(center.pending.first?.identifier, alerts.identifier(for: "tea"))
    XCTAssertEqual(center.pending.first?.fireDate, manager.endDate(id: "tea"))
  }

  func testOnlyTheSoonestEndsArePending() throws {
    let clock = ManualCountdownClock()
    let start = Date()
    let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
    let manager = try CountdownManager(clock: clock, wallClock: wall)
    let center = FakeNotificationCenter(now: wall)
    let alerts = try CountdownAlerts(String.self, manager: manager, center: center, budget: 2) { id, _ in
      CountdownAlertContent(title: id, body: "Done")
    }
    for (id, minutes) in [("tea", 3), ("eggs", 9), ("bread", 40)] {
      try manager.start(id: id, for: .seconds(minutes * 60)) { _, _, _ in }
    }
    center.drain()
    XCTAssertEqual(Set(center.pending.map(\.identifier)), [alerts.identifier(for: "tea"), alerts.identifier(for: "eggs")])
    try clock.advance(by: .seconds(180))  // the tea ends: its alert fires, the bread's is added
    center.drain()
    XCTAssertEqual(center.delivered.map(\.identifier), [alerts.identifier(for: "tea")])
    XCTAssertEqual(Set(center.pending.map(\.identifier)), [alerts.identifier(for: "eggs"), alerts.identifier(for: "bread")])
  }
  // END ARTICLE

  func testTheCatalogsSamplesAreTheOnesRunHere() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let article = try String(
      contentsOf: root.appendingPathComponent("Sources/CountdownAlerts/CountdownAlerts.docc/AlertsOverview.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    var copy: [Substring] = []
    var inside = false
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("// ARTICLE:") { inside = true } else if trimmed == "// END ARTICLE" { inside = false } else if inside {
        copy.append(line.hasPrefix("  ") ? line.dropFirst(2) : line)
      }
    }
    XCTAssertTrue(article.contains("```swift\n" + copy.joined(separator: "\n") + "\n```"), "the article's testing sample differs from the copy run here")
  }
}
