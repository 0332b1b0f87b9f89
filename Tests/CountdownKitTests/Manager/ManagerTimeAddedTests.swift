import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// Time added to a manager's countdowns, by id and by receiver: the same handler shows the new
/// value at once, and the dates handed to the system and the length a snapshot keeps follow.
final class ManagerTimeAddedTests: XCTestCase {
  func testAnIDsNewValueShowsAtOnceAndItsDatesAndLengthFollow() throws {
    try withManualManager { manager, clock, wall in
      let start = wall.now
      var values: [Int] = []
      try manager.start(id: "lot", for: .seconds(10)) { _, remaining, _ in values.append(remaining) }
      try clock.advance(by: .seconds(5))
      wall.jump(by: 5)
      XCTAssertTrue(try manager.addTime(.seconds(30), id: "lot"))
      try clock.advance(by: .zero)
      XCTAssertEqual(values, [10, 9, 8, 7, 6, 5, 35], "the same handler, the new value at once")
      XCTAssertEqual(manager.endDate(id: "lot"), start + 40)
      XCTAssertEqual(manager.timerInterval(id: "lot"), start...(start + 40), "progress keeps its start")
      XCTAssertEqual(manager.snapshot(of: String.self).entries.first?.length, .seconds(40))
      XCTAssertTrue(try manager.addTime(.seconds(-20), id: "lot"))
      try clock.advance(by: .zero)
      XCTAssertEqual(values.last, 15)
      XCTAssertEqual(manager.timerInterval(id: "lot"), start...(start + 20))
      XCTAssertEqual(manager.snapshot(of: String.self).entries.first?.length, .seconds(20))
      XCTAssertTrue(try manager.addTime(.seconds(-100), id: "lot"))
      try clock.advance(by: .zero)
      XCTAssertEqual(values.suffix(2), [15, 0], "past its end: its single 0, at once")
      XCTAssertNil(manager.timerDates(id: "lot"), "ended")
      XCTAssertFalse(try manager.addTime(.seconds(30), id: "lot"))
      XCTAssertFalse(try manager.addTime(.seconds(30), id: "unknown"))
    }
  }

  func testOnTheMainThreadTheNewValueComesInsideTheCallOnceAsAModelsDoes() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      var values: [Int] = []
      try manager.start(id: "lot", for: .seconds(10)) { _, remaining, _ in values.append(remaining) }
      let cell = CountdownLabel("cell")
      try manager.start(cell, for: .seconds(10)) { label, remaining, _ in label.shown.append(remaining) }
      let model = try manager.countdown(for: .seconds(10))
      try clock.advance(by: .seconds(5))
      XCTAssertTrue(try manager.addTime(.seconds(30), id: "lot"))
      XCTAssertTrue(try manager.addTime(.seconds(30), to: cell))
      XCTAssertTrue(try model.addTime(.seconds(30)))
      XCTAssertEqual(values.last, 35, "inside the call")
      XCTAssertEqual(cell.shown.last, 35, "inside the call")
      XCTAssertEqual(model.remaining, 35, "the model's value changes inside the call")
      XCTAssertEqual(manager.timeLeft(id: "lot"), .seconds(35), "the id's time, as soon as the call returns")
      XCTAssertEqual(manager.timeLeft(for: cell), .seconds(35))
      drainMainQueue()  // no time passes: no tick
      XCTAssertEqual(values.suffix(2), [5, 35], "once: nothing more at the main queue's next turn")
      XCTAssertEqual(cell.shown.suffix(2), [5, 35])
      XCTAssertEqual(model.remaining, 35)
    }
  }

  func testAPausedOrSuspendedIDKeepsItsNewTimeFrozen() throws {
    try withManualManager { manager, clock, wall in
      var game: [Int] = []
      try manager.start(id: "quiz", for: .seconds(10)) { _, _, _ in }
      try manager.start(id: "game", for: .seconds(10), whileSuspended: .pauses) { _, remaining, _ in
        game.append(remaining)
      }
      try clock.advance(by: .seconds(5))
      wall.jump(by: 5)
      manager.pause(id: "quiz")
      manager.suspendTicking()
      XCTAssertTrue(try manager.addTime(.seconds(30), id: "quiz"))
      XCTAssertTrue(try manager.addTime(.seconds(30), id: "game"))
      try clock.advance(by: .seconds(100))
      wall.jump(by: 100)
      XCTAssertEqual(game.last, 35, "shown while suspended, as a first value is")
      for id in ["quiz", "game"] {
        XCTAssertEqual(manager.timeLeft(id: id), .seconds(35), id)
        XCTAssertEqual(manager.timerInterval(id: id), (wall.now - 5)...(wall.now + 35), "\(id): laid out from now")
        XCTAssertEqual(manager.timerDates(id: id)?.pauseTime, wall.now, id)
      }
      manager.resumeTicking()
      manager.resume(id: "quiz")
      XCTAssertEqual(manager.endDate(id: "quiz"), wall.now + 35)
      XCTAssertEqual(manager.endDate(id: "game"), wall.now + 35)
    }
  }

  func testAReceiversCountdownTakesItsNewTimeWithTheSameHandler() throws {
    try withManualManager { manager, clock, _ in
      final class Cell {
        var text: [Int] = []
      }
      let cell = Cell()
      try manager.start(cell, for: .seconds(10)) { cell, remaining, _ in cell.text.append(remaining) }
      try clock.advance(by: .seconds(5))
      XCTAssertTrue(try manager.addTime(.seconds(30), to: cell))
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(cell.text, [10, 9, 8, 7, 6, 5, 35, 34])
      XCTAssertEqual(manager.count, 1)
    }
  }

  func testWhatCannotBeThrowsAndLeavesTheCountdownAndItsDatesUntouched() throws {
    try withManualManager { manager, clock, wall in
      let start = wall.now
      var calls: [Int] = []
      manager.listen(id: "call") { _, elapsed, _ in calls.append(elapsed) }
      try manager.start(id: "lot", for: .seconds(10)) { _, _, _ in }
      try clock.advance(by: .seconds(2))
      assertThrows(CountdownError.invalidCombination, "time added to a listener") { () throws(CountdownError) in
        _ = try manager.addTime(.seconds(30), id: "call")
      }
      assertThrows(CountdownError.outOfRange, "an end beyond the clock") { () throws(CountdownError) in
        _ = try manager.addTime(.nanoseconds(Int64.max), id: "lot")
      }
      try clock.advance(by: .seconds(1))
      wall.jump(by: 3)
      XCTAssertEqual(calls, [0, 1, 2, 3], "the listener counts on")
      XCTAssertEqual(manager.timeLeft(id: "lot"), .seconds(7))
      XCTAssertEqual(manager.timerInterval(id: "lot"), start...(start + 10))
      XCTAssertEqual(manager.snapshot(of: String.self).entries.first { $0.id == "lot" }?.length, .seconds(10))
    }
  }

  /// Time taken from a countdown whose deadline has passed, in the moments before its end's wakeup
  /// came (a wakeup may come up to the end tolerance late), ends it with its `0` inside the call, as
  /// time taken past the end does earlier: it does not wait for the wakeup, nor for the next grid
  /// instant a minute later.
  func testTimeTakenAfterTheDeadlineBeforeTheZeroCameEndsItAtOnce() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager(interval: .seconds(60)) { manager, clock, wall in
      // Every wakeup as late as its leeway allows: the end's comes 3 s (5 % of a minute) after it.
      clock.firesAtTheEndOfTheLeeway = true
      var values: [Int] = []
      try manager.start(id: "oven", for: .seconds(60)) { _, remaining, _ in values.append(remaining) }
      let cell = CountdownLabel("cell")
      try manager.start(cell, for: .seconds(60)) { label, remaining, _ in label.shown.append(remaining) }
      let model = try manager.countdown(for: .seconds(60))
      try clock.advance(by: .milliseconds(60_010))
      XCTAssertEqual(values, [1], "10 ms after the deadline, the end's wakeup has not come yet")
      XCTAssertTrue(try manager.addTime(.seconds(-5), id: "oven"))
      XCTAssertTrue(try manager.addTime(.seconds(-5), to: cell))
      XCTAssertTrue(try model.addTime(.seconds(-5)))
      XCTAssertEqual(values, [1, 0], "time taken past the end: its 0, inside the call")
      XCTAssertEqual(cell.shown, [1, 0])
      XCTAssertTrue(model.hasEnded, "the model's 0, inside the call")
      XCTAssertEqual(model.remaining, 0)
      XCTAssertEqual(model.endDate, wall.now)
      XCTAssertFalse(manager.contains(id: "oven"), "ended")
      XCTAssertFalse(manager.contains(cell))
      XCTAssertEqual(manager.count, 0)
      try clock.advance(by: .seconds(120))
      XCTAssertEqual(values, [1, 0], "one 0, and nothing after it")
      XCTAssertEqual(cell.shown, [1, 0])
    }
  }
}
