import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// Through the manager: a countdown's 0 and an `after` action come at their deadline, within the
/// end tolerance, when a Live Activity's timer for the same deadline reaches zero.
final class ManagerEndOnTimeTests: XCTestCase {
  /// The Time semantics article's sample (DocCSamples.swift) starts what it says.
  func testTheSampleStartsACountdown() throws {
    try MainActor.assumeIsolated {
      let manager = try startPerMinuteDelivery()
      XCTAssertTrue(manager.contains(id: "delivery"))
      manager.cancelAll()
    }
  }

  func testAPerMinuteCountdownShowsZeroAtItsDeadline() throws {
    try withManualManager(interval: .seconds(60)) { manager, clock, wall in
      let seen = LockedState<[(Int, Int64)]>([])
      try manager.start(id: "delivery", until: wall.now.addingTimeInterval(90)) { _, remaining, _ in
        seen.withLock { $0.append((remaining, clock.now.nanosecondsSinceOrigin / 1_000_000_000)) }
      }
      XCTAssertEqual(manager.endDate(id: "delivery"), wall.now.addingTimeInterval(90))
      try clock.advance(by: .seconds(150))
      XCTAssertEqual(seen.withLock { $0.map(\.0) }, [2, 1, 0])
      XCTAssertEqual(seen.withLock { $0.map(\.1) }, [0, 60, 90], "the 0 at the deadline, not at 120 s")
    }
  }

  func testAnAfterRunsWithinTheEndToleranceOfItsDelay() throws {
    try withManualManager { manager, clock, _ in
      try manager.start(id: "label", for: .seconds(10)) { _, _, _ in }
      try clock.advance(by: .milliseconds(200))
      let ranAt = LockedState<Int64?>(nil)
      try manager.after(.milliseconds(1_500)) { ranAt.withLock { $0 = clock.now.nanosecondsSinceOrigin / 1_000_000 } }
      try clock.advance(by: .milliseconds(1_499))
      XCTAssertNil(ranAt.withLock { $0 }, "never before its time")
      try clock.advance(by: .milliseconds(1))
      XCTAssertEqual(ranAt.withLock { $0 }, 1_700, "at 1.7 s, not at the grid's 2 s")
    }
  }

  func testTheEndToleranceIsTheManagersToSet() throws {
    let manager = try CountdownManager(
      interval: .seconds(1), endTolerance: .milliseconds(5), clock: ManualCountdownClock())
    XCTAssertEqual(manager.engine.endTolerance, .milliseconds(5))
    XCTAssertEqual(try CountdownManager(interval: .seconds(60)).engine.endTolerance, .seconds(3))
  }
}
