@testable import CountdownAlerts
import XCTest

/// The schedule alone: which countdowns are pending after each change, and what it asks of the center.
final class ScheduleTests: XCTestCase {
  func testTheSoonestAreKeptAndTheNextComesInAsOneGoes() {
    var schedule = AlertSchedule<String>(capacity: 2)
    XCTAssertEqual(schedule.update("c", to: .running(deadline: 30)), [.schedule("c", deadline: 30, previous: nil)])
    XCTAssertEqual(schedule.update("a", to: .running(deadline: 10)), [.schedule("a", deadline: 10, previous: nil)])
    // "b" ends before "c": it takes c's place.
    XCTAssertEqual(
      schedule.update("b", to: .running(deadline: 20)),
      [.schedule("b", deadline: 20, previous: nil), .unschedule("c", deadline: 30, gone: false)])
    XCTAssertEqual(Set(schedule.pendingDeadlines.map(\.key)), ["a", "b"])
    // "a" goes: "c" comes back.
    XCTAssertEqual(
      schedule.update("a", to: .gone),
      [.unschedule("a", deadline: 10, gone: true), .schedule("c", deadline: 30, previous: nil)])
    // The same end again: nothing for the system.
    XCTAssertEqual(schedule.update("b", to: .running(deadline: 20)), [])
    // Frozen: its request goes, the waiting one... none waits.
    XCTAssertEqual(schedule.update("b", to: .frozen), [.unschedule("b", deadline: 20, gone: false)])
    XCTAssertEqual(schedule.waitingCount, 0)
  }

  func testAMovedEndReplacesInPlaceOrSwapsWithTheSoonestWaiting() {
    var schedule = AlertSchedule<Int>(capacity: 1)
    _ = schedule.update(1, to: .running(deadline: 10))
    XCTAssertEqual(schedule.update(2, to: .running(deadline: 20)), [])
    XCTAssertEqual(schedule.update(1, to: .running(deadline: 15)), [.schedule(1, deadline: 15, previous: 10)])
    XCTAssertEqual(
      schedule.update(1, to: .running(deadline: 25)),
      [.unschedule(1, deadline: 15, gone: false), .schedule(2, deadline: 20, previous: nil)])
  }
}
