import CountdownKit
import Foundation
import XCTest

/// What strict concurrency accepts: a plain, non-`Sendable` class as receiver, started and updated
/// on the main actor; id-keyed countdowns, cancels and queries from any thread.
///
/// (The other half, that the compiler rejects starting a non-`Sendable` receiver from another
/// thread, cannot be a test that runs: such a program does not build.)
final class IsolationTests: XCTestCase {
  func testPlainClassReceiverIsStartedAndUpdatedOnTheMainActor() throws {
    try withManualManager { manager, clock, _ in
      let tally = OrderModel()  // a plain class: no `Sendable`, no isolation of its own
      try manager.start(tally, seconds: 3) { tally, remaining, _ in
        tally.updates += 1
        tally.remaining = remaining
      }
      manager.listen(tally) { tally, _, stop in
        tally.updates += 100
        stop = true
      }
      tally.updates += 1_000  // the same actor as the callbacks: no race
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(
        tally.updates, 1_101,
        "the countdown's first value inside its start; the listener replaced it and stopped after one call")
      XCTAssertEqual(tally.remaining, 3)
      XCTAssertFalse(manager.contains(tally))

      try manager.start(tally, seconds: 3) { tally, remaining, _ in tally.remaining = remaining }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(tally.remaining, 2)
      XCTAssertEqual(manager.timeLeft(for: tally), .seconds(2))
      XCTAssertTrue(manager.cancel(tally))
    }
  }

  func testIDsCancelsAndQueriesWorkFromAnyThread() throws {
    try withManualManager { manager, clock, _ in
      let seen = LockedState<[Int]>([])
      let session = SessionToken()  // a `Sendable` receiver may be cancelled and asked from anywhere
      try DispatchQueue.global().sync {
        try manager.start(id: 7, for: .seconds(5)) { _, remaining, _ in seen.withLock { $0.append(remaining) } }
        XCTAssertTrue(manager.contains(id: 7))
        XCTAssertFalse(manager.contains(session))
        XCTAssertNil(manager.timeLeft(for: session))
      }
      try manager.start(session, seconds: 5) { _, _, _ in }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(seen.withLock { $0 }, [5, 4])
      DispatchQueue.global().sync {
        XCTAssertEqual(manager.timeLeft(id: 7), .seconds(4))
        XCTAssertEqual(manager.timeLeft(for: session), .seconds(4))
        XCTAssertTrue(manager.cancel(id: 7))
        XCTAssertTrue(manager.cancel(session))
      }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(seen.withLock { $0 }, [5, 4])
      XCTAssertEqual(manager.count, 0)
    }
  }
}
