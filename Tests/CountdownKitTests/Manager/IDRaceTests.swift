import CountdownKit
import Foundation
import XCTest

/// A cancel that lands between `start(id:)` claiming its id and the engine registering the
/// countdown wins, as if it came after: no countdown is left running that the id can no longer
/// reach (it could not be cancelled, and a new start would run a second one beside it).
final class IDRaceTests: XCTestCase {
  func testCancelByIDBetweenClaimAndRegistrationLeavesNoOrphan() throws {
    let clock = InterleavingClock()
    let manager = try CountdownManager(clock: clock)
    clock.beforeNextRead { manager.cancel(id: "code") }
    try manager.start(id: "code", seconds: 10) { _, _, _ in }
    XCTAssertFalse(manager.contains(id: "code"))
    XCTAssertEqual(manager.count, 0, "an orphaned countdown runs on")
    try manager.start(id: "code", seconds: 10) { _, _, _ in }
    XCTAssertEqual(manager.count, 1, "one countdown for the id, not two")
  }

  func testCancelAllBetweenClaimAndRegistrationLeavesNoOrphan() throws {
    let clock = InterleavingClock()
    let manager = try CountdownManager(clock: clock)
    clock.beforeNextRead { manager.cancelAll() }
    try manager.start(id: 5, seconds: 10) { _, _, _ in }
    XCTAssertEqual(manager.count, 0, "an orphaned countdown runs on")
    try manager.start(id: 5, seconds: 10) { _, _, _ in }
    XCTAssertEqual(manager.count, 1)
  }

  func testAReplacingStartInBetweenIsKept() throws {
    let clock = InterleavingClock()
    let manager = try CountdownManager(clock: clock)
    let seen = LockedState<[Int]>([])
    clock.beforeNextRead {
      try? manager.start(id: "x", seconds: 3) { _, remaining, _ in seen.withLock { $0.append(remaining) } }
    }
    try manager.start(id: "x", seconds: 10) { _, remaining, _ in seen.withLock { $0.append(100 + remaining) } }
    XCTAssertTrue(manager.contains(id: "x"), "the id's countdown (the later registration) runs")
    XCTAssertEqual(manager.count, 1)
  }

  // An id started on another thread and cancelled on the main actor before its first callback ran:
  // nothing is called, not even the first delivery already queued for it.
  func testAMainActorCancelAfterAnOffThreadStartLeavesNoCallback() throws {
    try withManualManager { manager, clock, _ in
      let calls = LockedState(0)
      let started = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        try? manager.start(id: "code", seconds: 10) { _, _, _ in calls.withLock { $0 += 1 } }
        started.signal()
      }
      started.wait()
      XCTAssertTrue(manager.cancel(id: "code"))
      drainMainQueue()
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(calls.withLock { $0 }, 0)
      XCTAssertEqual(manager.count, 0)
    }
  }
}
