import CountdownKit
import Foundation
import XCTest

/// Callbacks that call back into the manager: no deadlock, and defined results.
///
/// The callbacks hold their manager `unowned`: the manager keeps its callbacks, so a strong
/// reference back would be a cycle that outlives the test.
final class ReentrancyTests: XCTestCase {
  func testCallbacksCancelThemselvesAndOthers() throws {
    try withManualManager { manager, clock, _ in
      let selfCancelling = CountdownLabel("self"), victim = CountdownLabel("victim"), killer = CountdownLabel("killer")
      try manager.start(selfCancelling, seconds: 10) { [unowned manager] label, remaining, _ in
        label.shown.append(remaining)
        if remaining == 9 { manager.cancel(label) }
      }
      try manager.start(victim, seconds: 10) { label, remaining, _ in label.shown.append(remaining) }
      try manager.start(killer, seconds: 10) { [unowned manager] label, remaining, _ in
        label.shown.append(remaining)
        if remaining == 8 { manager.cancel(victim) }
      }
      try clock.advance(by: .seconds(4))
      XCTAssertEqual(selfCancelling.shown, [10, 9])
      XCTAssertEqual(killer.shown, [10, 9, 8, 7, 6])
      XCTAssertLessThanOrEqual(victim.shown.count, 3, "at most 10, 9 and (if called before the killer) 8")
      XCTAssertFalse(victim.shown.contains(7))
    }
  }

  func testCallbacksRegisterNewReceiversAndReRegisterThemselves() throws {
    try withManualManager { manager, clock, _ in
      let parent = CountdownLabel("parent")
      var children: [CountdownLabel] = []
      try manager.start(parent, seconds: 3) { [unowned manager] label, remaining, _ in
        label.shown.append(remaining)
        if remaining == 2 {
          let child = CountdownLabel("child")
          children.append(child)
          try? manager.start(child, seconds: 5) { child, remaining, _ in child.shown.append(remaining) }
        }
        if remaining == 1 {
          // Restart myself with a longer duration from inside my own callback.
          try? manager.start(label, seconds: 4) { label, remaining, _ in label.shown.append(100 + remaining) }
        }
      }
      try clock.advance(by: .seconds(6))
      XCTAssertEqual(
        parent.shown, [3, 2, 1, 104, 103, 102, 101, 100], "the 1 is followed by the new countdown, not by 0")
      XCTAssertEqual(children.count, 1)
      XCTAssertEqual(children.first?.shown, [5, 4, 3, 2, 1, 0])
    }
  }

  func testCallbacksSuspendAndResumeTheManager() throws {
    try withManualManager { manager, clock, _ in
      let label = CountdownLabel("a")
      try manager.start(label, seconds: 20) { [unowned manager] label, remaining, _ in
        label.shown.append(remaining)
        if remaining == 18 { manager.suspendTicking() }
      }
      try clock.advance(by: .seconds(5))
      XCTAssertTrue(manager.isSuspended)
      XCTAssertEqual(label.shown, [20, 19, 18])
      let resumer = CountdownLabel("resumer")
      // Its first delivery still comes.
      try manager.start(resumer, seconds: 1) { [unowned manager] _, _, _ in manager.resumeTicking() }
      try clock.advance(by: .zero)
      XCTAssertFalse(manager.isSuspended)
      try clock.advance(by: .zero)
      XCTAssertEqual(label.shown, [20, 19, 18, 15], "one catch-up with the true value (20 s − 5 s)")
    }
  }

  func testAdvancingTheClockFromACallbackDoesNotDeadlock() throws {
    try withManualManager { manager, clock, _ in
      let label = CountdownLabel("a")
      try manager.start(label, seconds: 5) { label, remaining, _ in
        label.shown.append(remaining)
        if remaining == 4 { try? clock.advance(by: .seconds(1)) }  // nested: queued, not re-entered
      }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(label.shown, [5, 4, 3], "the nested wakeup is delivered once the outer pass is done")
    }
  }
}
