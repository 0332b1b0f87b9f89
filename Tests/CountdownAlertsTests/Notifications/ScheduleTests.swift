import CountdownCore
import XCTest

@testable import CountdownAlerts

/// The schedule alone: which countdowns are pending after each change, and what it asks of the center.
final class ScheduleTests: XCTestCase {
  func testTheSoonestAreKeptAndTheNextComesInAsOneGoes() {
    var schedule = NotificationsSchedule<String>(capacity: 2)
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
    var schedule = NotificationsSchedule<Int>(capacity: 1)
    _ = schedule.update(1, to: .running(deadline: 10))
    XCTAssertEqual(schedule.update(2, to: .running(deadline: 20)), [])
    XCTAssertEqual(schedule.update(1, to: .running(deadline: 15)), [.schedule(1, deadline: 15, previous: 10)])
    XCTAssertEqual(
      schedule.update(1, to: .running(deadline: 25)),
      [.unschedule(1, deadline: 15, gone: false), .schedule(2, deadline: 20, previous: nil)])
  }

  /// Countdowns start, move, freeze and go at random (their tokens freed and handed out again):
  /// after each change the pending ones are exactly the soonest-ending running ones, and the
  /// actions, applied to a set of pending keys, give that set.
  func testThePendingAreAlwaysTheSoonestWhateverTheOrderOfChanges() {
    var random = SplitMix64(seed: 0x5C4E_D01E)
    for capacity in [1, 3, 8] {
      var schedule = NotificationsSchedule<Int>(capacity: capacity)
      var running: [Int: Int64] = [:]
      var pendingByActions: [Int: Int64] = [:]
      var nextDeadline: Int64 = 0
      for step in 0..<5_000 {
        let key = Int.random(in: 0..<40, using: &random)
        let phase: NotificationsSchedule<Int>.Phase
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
          // Distinct deadlines, so that "the soonest" has one answer.
          nextDeadline += 1
          phase = .running(deadline: Int64.random(in: 0..<1_000, using: &random) * 100_000 + nextDeadline)
        case 6..<8: phase = .frozen
        default: phase = .gone
        }
        if case .running(let deadline) = phase { running[key] = deadline } else { running[key] = nil }
        for action in schedule.update(key, to: phase) {
          switch action {
          case .schedule(let k, let deadline, _): pendingByActions[k] = deadline
          case .unschedule(let k, _, _): pendingByActions[k] = nil
          }
        }
        let soonest = running.sorted { $0.value < $1.value }.prefix(capacity)
        let expected = Dictionary(uniqueKeysWithValues: soonest.map { ($0.key, $0.value) })
        XCTAssertEqual(pendingByActions, expected, "capacity \(capacity), step \(step)")
        XCTAssertEqual(
          Dictionary(uniqueKeysWithValues: schedule.pendingDeadlines.map { ($0.key, $0.deadline) }), expected)
        XCTAssertEqual(schedule.waitingCount, running.count - expected.count)
        guard pendingByActions == expected else { return }
      }
    }
  }
}
