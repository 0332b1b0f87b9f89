import CountdownCore
import CountdownKit
import XCTest

/// A one-shot action wakes the engine once, at its end, and makes one main-actor call.
final class OneShotTests: XCTestCase {
  func testAfterWakesOnceForItsAction() throws {
    try withManualManager { manager, clock, _ in
      let runs = LockedState(0)
      try manager.after(.seconds(600)) { runs.withLock { $0 += 1 } }
      try clock.advance(by: .seconds(599))
      XCTAssertEqual(runs.withLock { $0 }, 0, "not before its time")
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(runs.withLock { $0 }, 1)
      let statistics = manager.engine.statistics
      XCTAssertEqual(statistics.deliveries, 1, "one callback, not one per second")
      XCTAssertEqual(statistics.wakeups, 1, "one wakeup, not one per second")
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(runs.withLock { $0 }, 1, "once")
      XCTAssertEqual(manager.count, 0)
    }
  }

  func testAfterWithNoDelayRunsPromptlyAndCanBeCancelled() throws {
    try withManualManager { manager, clock, _ in
      let runs = LockedState(0)
      try manager.after(.zero) { runs.withLock { $0 += 1 } }
      XCTAssertEqual(runs.withLock { $0 }, 1, "inside the call, on the main thread")
      let cancelled = try manager.after(.seconds(5)) { runs.withLock { $0 += 10 } }
      XCTAssertTrue(cancelled.cancel())
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(runs.withLock { $0 }, 1)
    }
  }

  // A one-shot started from a one-shot's action runs at its own end (it never ran: the pass that
  // ran the first action lost the second's wakeup). Also with ends on the interval's grid (an end
  // tolerance of a whole interval), where nothing but the engine's bound on the next change wakes it.
  func testAnAfterStartedFromAnAfterRuns() throws {
    for endTolerance in [nil, Duration.seconds(1)] {
      try MainActor.assumeIsolated {
        let clock = ManualCountdownClock()
        let manager = try CountdownManager(endTolerance: endTolerance, clock: clock)
        let shown = LockedState(false)
        let hidden = LockedState(false)
        try manager.after(.seconds(1)) {
          shown.withLock { $0 = true }
          _ = try? manager.after(.seconds(3)) { hidden.withLock { $0 = true } }
        }
        try clock.advance(by: .seconds(1))
        XCTAssertTrue(shown.withLock { $0 })
        try clock.advance(by: .seconds(2))
        XCTAssertFalse(hidden.withLock { $0 }, "not before its time")
        try clock.advance(by: .seconds(1))
        XCTAssertTrue(hidden.withLock { $0 }, "end tolerance \(String(describing: endTolerance))")
        XCTAssertEqual(manager.count, 0)
      }
    }
  }
}
