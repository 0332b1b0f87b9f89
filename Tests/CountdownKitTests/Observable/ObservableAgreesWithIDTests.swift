import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// An observable model, a list row and the same countdown started by id, put through the same
/// steps: after each one, at that moment, the model's dates, flags and value say what the id form
/// says (its dates, `isPaused(id:)`, `contains(id:)` and `timeLeft(id:)`).
final class ObservableAgreesWithIDTests: XCTestCase {
  func testAPausesModelAndRowAgreeWithTheIDThroughSuspensionsAndPauses() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let twins = try Twins(manager: manager, clock: clock, wall: wall, whileSuspended: .pauses)
      try twins.step(10)
      twins.check("running")
      manager.suspendTicking()
      twins.check("at the suspension")
      XCTAssertEqual(twins.model.timerDates, manager.timerDates(id: "id"), "equal at that moment")
      XCTAssertEqual(twins.model.timerDates.isFrozen, true, "frozen while suspended")
      XCTAssertNil(twins.model.endDate, "no end until the manager resumes")
      XCTAssertEqual(twins.model.pauseTime, wall.now, "frozen from the suspension on")
      try twins.step(5)
      twins.check("5 s into the suspension")
      twins.pause()
      twins.check("paused while suspended")
      manager.resumeTicking()
      twins.check("resumed ticking, still paused")
      try twins.step(3)
      twins.check("paused, ticking")
      twins.resume()
      twins.check("resumed")
      XCTAssertEqual(twins.model.endDate, wall.now + 50)
      try twins.step(2)
      twins.check("running again")
      twins.pause()
      manager.suspendTicking()
      twins.check("paused, then suspended")
      twins.resume()
      twins.check("resumed while suspended: still frozen by the suspension")
      XCTAssertEqual(twins.model.isPaused, false)
      XCTAssertEqual(twins.model.timerDates.isFrozen, true)
      try twins.step(4)
      manager.resumeTicking()
      twins.check("at the resume")
      XCTAssertEqual(twins.model.endDate, wall.now + 48, "the time suspended did not count")
      try twins.step(1)
      twins.check("a second after the resume")
      try twins.step(47)
      twins.check("at its end")
      XCTAssertEqual(twins.model.hasEnded, true)
    }
  }

  func testASuspensionFromAnotherThreadFreezesTheModelOnTheMainQueuesNextTurn() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let frozen = try manager.countdown(for: .seconds(60), whileSuspended: .pauses)
      let running = try manager.countdown(for: .seconds(60))
      try clock.advance(by: .seconds(10))
      wall.jump(by: 10)
      onAnotherThread { manager.suspendTicking() }
      XCTAssertEqual(frozen.endDate, wall.now + 50, "not yet: the main actor is busy with this test")
      drainMainQueue()
      XCTAssertNil(frozen.endDate, "frozen on the main queue's next turn")
      XCTAssertEqual(frozen.pauseTime, wall.now)
      XCTAssertEqual(running.endDate, wall.now + 50, "a countdown that keeps running keeps its end")
      XCTAssertNil(running.pauseTime)
      try clock.advance(by: .seconds(5))
      wall.jump(by: 5)
      onAnotherThread { manager.resumeTicking() }
      drainMainQueue()
      XCTAssertEqual(frozen.endDate, wall.now + 50, "the time suspended did not count")
      XCTAssertNil(frozen.pauseTime)
      XCTAssertEqual(frozen.remaining, 50)
      XCTAssertEqual(running.remaining, 45)
    }
  }

  func testAPausedModelShortenedPastItsEndStaysPausedAtZeroUntilItResumesAsTheIDDoes() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let twins = try Twins(manager: manager, clock: clock, wall: wall)
      try twins.step(10)
      twins.pause()
      try twins.addTime(.seconds(-100))
      twins.check("paused, shortened past its end")
      for model in [twins.model, twins.row] {
        XCTAssertEqual(model.remaining, 0, "its new value at once")
        XCTAssertFalse(model.hasEnded, "paused at 0: not ended until it resumes")
        XCTAssertTrue(model.isPaused)
        XCTAssertTrue(model.isActive)
        XCTAssertNil(model.endDate)
        XCTAssertEqual(
          model.timerDates, CountdownTimerDates(timerInterval: (wall.now - 10)...wall.now, pauseTime: wall.now))
      }
      XCTAssertEqual(twins.log.values("id").last, 50, "the id's handler hears nothing while paused")
      try twins.step(3)
      twins.check("still paused")
      twins.resume()
      twins.check("resumed: its single 0")
      for model in [twins.model, twins.row] {
        XCTAssertTrue(model.hasEnded)
        XCTAssertFalse(model.isPaused)
        XCTAssertFalse(model.isActive)
        XCTAssertEqual(model.endDate, wall.now, "it ended as it resumed")
      }
      XCTAssertEqual(twins.log.values("id").suffix(2), [50, 0])
    }
  }

  func testARunningModelShortenedPastItsEndIsEndedAtOnceAndNothingElse() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let twins = try Twins(manager: manager, clock: clock, wall: wall)
      try twins.step(10)
      try twins.addTime(.seconds(-100))
      for model in [twins.model, twins.row] {
        XCTAssertEqual(model.remaining, 0, "inside the call")
        XCTAssertTrue(model.hasEnded, "inside the call")
        XCTAssertFalse(model.isActive, "ended: not active")
        XCTAssertFalse(model.isPaused)
        XCTAssertEqual(model.endDate, wall.now)
      }
      twins.check("shortened past its end")
      XCTAssertEqual(twins.log.values("id").suffix(2), [50, 0])
    }
  }
}

/// Runs `body` on a thread other than the main one, and waits for it (`DispatchQueue.sync` would
/// run it on the calling thread).
private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  DispatchQueue.global().async {
    body()
    done.signal()
  }
  done.wait()
}

/// A model, a list row and an id started alike, and what each step does to all three.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
private final class Twins {
  let manager: CountdownManager
  let clock: ManualCountdownClock
  let wall: TestWallClock
  let list: ObservableCountdownList<String>
  let log = ValueLog()
  let model: ObservableCountdown
  let row: ObservableCountdown

  /// Starts the three, 60 s each with `policy`: the id `"id"` on `manager` (its values logged
  /// under `"id"`), a model, and the row `"row"` of a new list.
  init(
    manager: CountdownManager, clock: ManualCountdownClock, wall: TestWallClock,
    whileSuspended policy: SuspensionPolicy = .keepsRunning
  ) throws {
    self.manager = manager
    self.clock = clock
    self.wall = wall
    list = ObservableCountdownList<String>(manager: manager)
    try manager.start(id: "id", for: .seconds(60), whileSuspended: policy, log.record("id"))
    model = try manager.countdown(for: .seconds(60), whileSuspended: policy)
    row = try list.start(id: "row", for: .seconds(60), whileSuspended: policy)
  }

  /// Lets `seconds` pass on the manual clock and on the wall clock alike.
  func step(_ seconds: Int) throws {
    try clock.advance(by: .seconds(seconds))
    wall.jump(by: TimeInterval(seconds))
  }

  func pause() {
    model.pause()
    row.pause()
    manager.pause(id: "id")
  }

  func resume() {
    model.resume()
    row.resume()
    manager.resume(id: "id")
  }

  func addTime(_ time: Duration) throws {
    try model.addTime(time)
    try list.addTime(time, id: "row")
    try manager.addTime(time, id: "id")
  }

  /// Checks the dates at this moment, then lets the deliveries queued come (no time passes) and
  /// checks the rest.
  ///
  /// The id's dates are worked out on each call, a frozen countdown's laid out from now; a model's
  /// are kept from the moment it froze: the two agree on what the system shows (the time left at
  /// the pause time, the span), and are equal at that moment. An ended model's range is its end
  /// alone, where the id form has no dates once its `0` came.
  func check(_ state: String, file: StaticString = #filePath, line: UInt = #line) {
    let idDates = manager.timerDates(id: "id")
    for (name, model) in [("model", model), ("row", row)] {
      let what = "\(name), \(state)"
      let dates = model.timerDates
      if model.hasEnded {
        XCTAssertEqual(
          dates, CountdownTimerDates(timerInterval: wall.now...wall.now), "\(what): ended now", file: file, line: line)
        XCTAssertEqual(idDates?.endDate ?? wall.now, wall.now, "\(what): the id ends now too", file: file, line: line)
      } else if let idDates, let pauseTime = dates.pauseTime, let idPauseTime = idDates.pauseTime {
        XCTAssertEqual(
          dates.timerInterval.upperBound.timeIntervalSince(pauseTime),
          idDates.timerInterval.upperBound.timeIntervalSince(idPauseTime), "\(what): frozen at the same time left",
          file: file, line: line)
        XCTAssertEqual(
          dates.timerInterval.upperBound.timeIntervalSince(dates.timerInterval.lowerBound),
          idDates.timerInterval.upperBound.timeIntervalSince(idDates.timerInterval.lowerBound), "\(what): the span",
          file: file, line: line)
        XCTAssertNil(model.endDate, "\(what): frozen, no end date", file: file, line: line)
      } else {
        XCTAssertEqual(dates, idDates, "\(what): the dates", file: file, line: line)
        XCTAssertEqual(model.endDate, idDates?.endDate, "\(what): the end date", file: file, line: line)
      }
    }
    drainMainQueue()
    let left = manager.timeLeft(id: "id")
    for (name, model) in [("model", model), ("row", row)] {
      let what = "\(name), \(state)"
      XCTAssertEqual(model.isPaused, manager.isPaused(id: "id"), "\(what): isPaused", file: file, line: line)
      XCTAssertEqual(model.isActive, manager.contains(id: "id"), "\(what): isActive", file: file, line: line)
      XCTAssertEqual(model.hasEnded, left == nil, "\(what): hasEnded", file: file, line: line)
      XCTAssertEqual(
        model.remaining, left.map { Int(($0 / .seconds(1)).rounded(.up)) } ?? 0, "\(what): remaining", file: file,
        line: line)
    }
  }
}
