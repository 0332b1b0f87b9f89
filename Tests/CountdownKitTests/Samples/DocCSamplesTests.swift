// swift-format-ignore-file
// (The documentation's samples are copied here verbatim, checked by SampleCopyTests: a formatter
// that changed a copy would part it from its sample.)
import CountdownKit
import Foundation
import XCTest

/// The documentation catalog's articles' testing samples, run here as tests, between `// DOCC:`
/// and `// END DOCC` markers (`SampleCopyTests` checks that every article's sample has a copy).
final class DocCSamplesTests: XCTestCase {
  func testTheTestAnnouncerKeepsWhatIsRead() throws {
    try withManualManager { manager, clock, _ in
      let (readAloud, texts) = try readAloudKeepingTheTexts(on: manager)
      try manager.start(id: "exam", for: .seconds(90), delivering: readAloud.deliveries) { _, left, _ in readAloud.read(left) }
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(texts(), ["1 minute left"])
    }
  }

  /// What the migration samples do, run on a manager of their own where they take one.
  func testTheTimerManagerMigrationSampleLeavesTheSessionCounting() throws {
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      let manager = try CountdownManager(clock: clock)
      try scheduleTasks(on: manager, saleStart: Date() + 3_600)
      XCTAssertTrue(manager.contains(id: "session"))
      XCTAssertFalse(manager.contains(id: "poll"))
      XCTAssertEqual(manager.count, 2, "the session and the sale's action")
      manager.cancelAll()
    }
  }

  // DOCC: testing-swift-clock
  @MainActor
  func testTheHintComesWithTheZero() async throws {
    let clock = ManualCountdownClock()  // also a Swift `Clock`
    let manager = try CountdownManager(clock: clock)
    let button = ResendButton()
    var shown: [Int] = []
    try manager.start(button, seconds: 3) { _, remaining, _ in shown.append(remaining) }
    // App code that waits on the clock it is given, for the same moment.
    let end = clock.now.advanced(by: .seconds(3))
    let hint = Task { try await Task.sleep(until: end, clock: clock) }
    try clock.advance(by: .seconds(3))
    try await hint.value  // woken by the same advance
    XCTAssertEqual(shown, [3, 2, 1, 0])
  }
  // END DOCC

  // DOCC: testing-observable
  func testObservableCountdownEnds() throws {
    guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { throw XCTSkip("Observation") }
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      let manager = try CountdownManager(clock: clock)
      let countdown = try manager.countdown(for: .seconds(3))
      XCTAssertEqual(countdown.remaining, 3)  // there at once
      try clock.advance(by: .seconds(3))
      XCTAssertTrue(countdown.hasEnded)
    }
  }
  // END DOCC

  // DOCC: testing-dates
  func testSaleEndsAtItsDate() throws {
    guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { throw XCTSkip("Observation") }
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      let now = Date(timeIntervalSince1970: 1_800_000_000)
      let manager = try CountdownManager(clock: clock, wallClock: { now })
      let sale = try manager.countdown(until: now + 90)
      try clock.advance(by: .seconds(90))
      XCTAssertTrue(sale.hasEnded)
    }
  }
  // END DOCC

  // DOCC: testing-jitter
  func testValuesStayConsecutiveOnAJitteryClock() throws {
    try MainActor.assumeIsolated {
      let jitter = ManualClockJitter(late: .milliseconds(300), early: .milliseconds(300), drift: .microseconds(50), seed: 7)
      let clock = try ManualCountdownClock(jitter: jitter)
      let manager = try CountdownManager(clock: clock)
      let button = ResendButton()
      var shown: [Int] = []
      try manager.start(button, seconds: 5) { _, remaining, _ in shown.append(remaining) }
      try clock.advance(by: .seconds(6))
      XCTAssertEqual(shown, [5, 4, 3, 2, 1, 0])
    }
  }
  // END DOCC
}
