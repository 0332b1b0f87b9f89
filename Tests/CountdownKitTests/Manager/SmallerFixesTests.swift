import CountdownKit
import Foundation
import XCTest

/// Small promises of the API, each checked as its documentation words it.
final class SmallerFixesTests: XCTestCase {
  /// Time taken from a countdown counting overtime past its deadline moves its deadline back:
  /// it is further past its end, as its documentation says, rather than nothing changing.
  func testTimeTakenFromAnOvertimeCountdownPastItsDeadlineMovesItFurtherPast() throws {
    try withManualManager { manager, clock, _ in
      var shown: [Int] = []
      try manager.start(id: "talk", for: .seconds(10), pastTheEnd: .countsOvertime) { _, left, _ in shown.append(left) }
      try clock.advance(by: .seconds(20))
      XCTAssertEqual(shown.last, -10)
      XCTAssertTrue(try manager.addTime(.seconds(-5), id: "talk"))
      XCTAssertEqual(manager.timeLeft(id: "talk"), .seconds(-15))
      drainMainQueue()
      XCTAssertEqual(shown.last, -15, "the new value, promptly")
      // Paused in overtime: its frozen time past the end grows too.
      XCTAssertTrue(manager.pause(id: "talk"))
      XCTAssertTrue(try manager.addTime(.seconds(-5), id: "talk"))
      XCTAssertEqual(manager.timeLeft(id: "talk"), .seconds(-20))
      // Before its deadline, time taken beyond what is left goes past the end: it counts on from there.
      try manager.start(id: "late", for: .seconds(3), pastTheEnd: .countsOvertime) { _, _, _ in }
      XCTAssertTrue(try manager.addTime(.seconds(-5), id: "late"))
      XCTAssertEqual(manager.timeLeft(id: "late"), .seconds(-2))
    }
  }

  /// A style prints as the static member that made it, as `CountdownEnding` does, not its internals.
  func testARemainingTimeStylePrintsItsName() {
    XCTAssertEqual("\(RemainingTime.Style.clock)", "clock")
    XCTAssertEqual(String(describing: RemainingTime.Style.units), "units")
    XCTAssertEqual(String(reflecting: RemainingTime.Style.spelledOut), "spelledOut")
    XCTAssertEqual("\([RemainingTime.Style.clock, .units])", "[clock, units]")
  }

  /// `CountdownError`'s sample, in a closure: `do throws(CountdownError)` matches its cases there.
  func testATypedCatchMatchesACaseInAClosure() throws {
    try withManualManager { manager, _, _ in
      var caught: CountdownError?
      let action = {
        do throws(CountdownError) {
          try manager.start(id: "bake", for: .seconds(-5)) { _, _, _ in }
        } catch .negativeDuration {
          caught = .negativeDuration
        } catch {
          caught = error
        }
      }
      action()
      XCTAssertEqual(caught, .negativeDuration)
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  func testTimeTakenFromAnOvertimeModelMovesItFurtherPast() throws {
    try withManualManager { manager, clock, _ in
      let talk = try manager.countdown(for: .seconds(10), pastTheEnd: .countsOvertime)
      try clock.advance(by: .seconds(20))
      XCTAssertEqual(talk.remaining, -10)
      XCTAssertTrue(try talk.addTime(.seconds(-5)))
      XCTAssertEqual(talk.remaining, -15, "inside the call")
      XCTAssertTrue(talk.isOvertime)
      XCTAssertFalse(talk.hasEnded)
    }
  }
}

/// The manager wired twice for the same names (the automatic wiring and an observation) is
/// suspended and resumed once: one catch-up value per countdown, not two.
final class DoubleLifecycleWiringTests: XCTestCase {
  func testAManagerWiredTwiceIsSuspendedAndResumedOnce() throws {
    try withManualManager { manager, clock, _ in
      let center = NotificationCenter()
      let (suspend, resume) = (
        LifecycleObservation.applicationDidEnterBackground, LifecycleObservation.applicationWillEnterForeground
      )
      manager.followLifecycle(suspendOn: [suspend], resumeOn: [resume], center: center)
      let observation = manager.suspendAndResume(on: [suspend], and: [resume], center: center)
      let label = CountdownLabel("twice")
      try manager.start(label, seconds: 100) { label, value, _ in label.shown.append(value) }
      try clock.advance(by: .zero)
      center.post(name: suspend, object: nil)
      XCTAssertTrue(manager.isSuspended)
      try clock.advance(by: .seconds(30))
      center.post(name: resume, object: nil)
      XCTAssertFalse(manager.isSuspended)
      try clock.advance(by: .zero)
      drainMainQueue()
      XCTAssertEqual(label.shown, [100, 70], "one catch-up value")
      // Turning one wiring off leaves the other at work, as the documentation says.
      observation.cancel()
      center.post(name: suspend, object: nil)
      XCTAssertTrue(manager.isSuspended)
      manager.suspendsInBackground = false
      center.post(name: resume, object: nil)
      XCTAssertTrue(manager.isSuspended, "neither wiring is left")
      manager.resumeTicking()
    }
  }
}

/// What the models' starts throw for their options, as their `Throws:` lists say: a milestone below
/// zero (or beyond a duration) and overtime with anything but every change, besides the lengths
/// and dates; each leaves the model as it was.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
final class ModelOptionErrorsTests: XCTestCase {
  func testTheModelsThrowForTheirOptions() throws {
    try withManualManager { manager, _, wall in
      let beyond = CountdownDeliveries.milestones([120])
      let below = CountdownDeliveries.milestones([-1])
      let later = wall.now + 60
      assertThrows(.invalidMilestone, "countdown(for:) beyond") { () throws(CountdownError) in
        _ = try manager.countdown(for: .seconds(60), delivering: beyond)
      }
      assertThrows(.invalidMilestone, "countdown(until:) below zero") { () throws(CountdownError) in
        _ = try manager.countdown(until: later, delivering: below)
      }
      assertThrows(.invalidCombination, "countdown(for:) overtime at milestones") { () throws(CountdownError) in
        _ = try manager.countdown(for: .seconds(60), delivering: .milestones([10]), pastTheEnd: .countsOvertime)
      }
      assertThrows(.invalidCombination, "countdown(until:) overtime, only the end") { () throws(CountdownError) in
        _ = try manager.countdown(until: later, delivering: .onlyTheEnd, pastTheEnd: .countsOvertime)
      }

      let model = try manager.countdown(for: .seconds(30))
      assertThrows(.invalidMilestone, "restart(for:) beyond") { () throws(CountdownError) in
        try model.restart(for: .seconds(60), delivering: beyond)
      }
      assertThrows(.invalidMilestone, "restart(until:) below zero") { () throws(CountdownError) in
        try model.restart(until: later, delivering: below)
      }
      assertThrows(.invalidCombination, "restart(for:) overtime at milestones") { () throws(CountdownError) in
        try model.restart(for: .seconds(60), delivering: .milestones([10]), pastTheEnd: .countsOvertime)
      }
      assertThrows(.invalidCombination, "restart(until:) overtime, only the end") { () throws(CountdownError) in
        try model.restart(until: later, delivering: .onlyTheEnd, pastTheEnd: .countsOvertime)
      }
      XCTAssertEqual(model.remaining, 30, "left as it was")

      let list = ObservableCountdownList<String>(manager: manager)
      assertThrows(.invalidMilestone, "list start(id:for:) beyond") { () throws(CountdownError) in
        try list.start(id: "a", for: .seconds(60), delivering: beyond)
      }
      assertThrows(.invalidMilestone, "list start(id:until:) below zero") { () throws(CountdownError) in
        try list.start(id: "a", until: later, delivering: below)
      }
      assertThrows(.invalidCombination, "list start(id:for:) overtime at milestones") { () throws(CountdownError) in
        try list.start(id: "a", for: .seconds(60), delivering: .milestones([10]), pastTheEnd: .countsOvertime)
      }
      assertThrows(.invalidCombination, "list start(id:until:) overtime, only the end") { () throws(CountdownError) in
        try list.start(id: "a", until: later, delivering: .onlyTheEnd, pastTheEnd: .countsOvertime)
      }
      XCTAssertEqual(list.ids, [], "no row added")
    }
  }
}
