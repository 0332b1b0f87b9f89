import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// `ObservableCountdown.addTime(_:)`: `remaining` and the dates change at once, the range keeps
/// its start, the snapshot its new length; on a jittered clock the new value is on the grid.
final class ObservableTimeAddedTests: XCTestCase {
  func testRemainingAndTheDatesChangeAtOnce() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let start = wall.now
      let quiz = try manager.countdown(for: .seconds(10))
      try clock.advance(by: .seconds(5))
      wall.jump(by: 5)
      XCTAssertTrue(try quiz.addTime(.seconds(30)))
      XCTAssertEqual(quiz.remaining, 35, "before any callback")
      XCTAssertEqual(quiz.endDate, start + 40)
      XCTAssertEqual(quiz.timerInterval, start...(start + 40), "progress keeps its start")
      XCTAssertEqual(quiz.snapshot(id: "quiz").entries.first?.length, .seconds(40))
      try clock.advance(by: .seconds(1))
      wall.jump(by: 1)
      XCTAssertEqual(quiz.remaining, 34)
      XCTAssertTrue(quiz.pause())
      XCTAssertTrue(try quiz.addTime(.seconds(-4)))
      XCTAssertEqual(quiz.remaining, 30, "paused: the new value at once too")
      XCTAssertEqual(quiz.timerInterval, (wall.now - 6)...(wall.now + 30))
      XCTAssertEqual(quiz.pauseTime, wall.now)
      XCTAssertTrue(quiz.resume())
      XCTAssertTrue(try quiz.addTime(.seconds(-100)))
      XCTAssertEqual(quiz.remaining, 0)
      XCTAssertTrue(quiz.hasEnded, "taken past its end: ended now")
      XCTAssertEqual(quiz.endDate, wall.now)
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(quiz.remaining, 0)
      XCTAssertFalse(try quiz.addTime(.seconds(30)), "an ended countdown gets no time")
      assertThrows(CountdownError.outOfRange, "an end beyond the clock") { () throws(CountdownError) in
        let other = try manager.countdown(for: .seconds(10))
        defer { XCTAssertEqual(other.remaining, 10, "left as it was") }
        _ = try other.addTime(.nanoseconds(Int64.max))
      }
    }
  }

  func testOnAJitteredClockTheNewValueFlipsWithTheOthers() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try MainActor.assumeIsolated {
      for seed in UInt64(1)...5 {
        let clock = try ManualCountdownClock(
          jitter: .init(late: .milliseconds(2), early: .microseconds(50), drift: .microseconds(30), seed: seed))
        let manager = try CountdownManager(interval: .milliseconds(100), clock: clock)
        let first = try manager.countdown(for: .seconds(60))
        let bonus = try manager.countdown(for: .seconds(60))
        for _ in 0..<20 { try clock.advance(by: .milliseconds(100)) }
        // Made microseconds after the first, whose reading set the grid, it shows one more.
        let apart = bonus.remaining - first.remaining
        XCTAssertTrue(try bonus.addTime(.seconds(3)))
        XCTAssertGreaterThanOrEqual(bonus.remaining, first.remaining + apart + 29, "seed \(seed)")
        for step in 0..<30 {
          try clock.advance(by: .milliseconds(100))
          XCTAssertEqual(bonus.remaining, first.remaining + apart + 30, "seed \(seed), step \(step)")
        }
      }
    }
  }
  func testAListRowGetsTimeAloneAndItsSnapshotKeepsTheNewLength() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let start = wall.now
      let lots = ObservableCountdownList<String>(manager: manager)
      try lots.start(id: "vase", for: .seconds(10))
      try lots.start(id: "lamp", for: .seconds(10))
      try clock.advance(by: .seconds(4))
      wall.jump(by: 4)
      XCTAssertTrue(try lots.addTime(.seconds(30), id: "vase"))
      XCTAssertEqual(lots.remaining(id: "vase"), 36, "at once")
      XCTAssertEqual(lots.remaining(id: "lamp"), 6, "the other row untouched")
      XCTAssertEqual(lots["vase"]?.timerInterval, start...(start + 40), "progress keeps its start")
      let lengths = Dictionary(uniqueKeysWithValues: lots.snapshot().entries.map { ($0.id, $0.length) })
      XCTAssertEqual(lengths["vase"], .seconds(40))
      XCTAssertEqual(lengths["lamp"], .seconds(10))
      XCTAssertFalse(try lots.addTime(.seconds(5), id: "chair"), "no such row")
      try clock.advance(by: .seconds(6))
      XCTAssertEqual(lots["lamp"]?.hasEnded, true)
      XCTAssertFalse(try lots.addTime(.seconds(5), id: "lamp"), "an ended row gets no time")
      XCTAssertEqual(lots.remaining(id: "lamp"), 0)
      assertThrows(CountdownError.outOfRange, "an end beyond the clock") { () throws(CountdownError) in
        _ = try lots.addTime(.nanoseconds(Int64.max), id: "vase")
      }
      XCTAssertEqual(lots.remaining(id: "vase"), 30, "left as it was")
    }
  }
}
