import CountdownKit
import Foundation
import XCTest

/// `cancelAll()` ends every kind of countdown at once, with no further call, and leaves the
/// manager ready for new ones.
final class CancelAllTests: XCTestCase {
  func testCancelAllEndsEveryKindOfCountdownWithoutAFurtherCall() async throws {
    let (manager, clock, calls, values) = try await MainActor.run {
      let (manager, clock) = try makeManager()
      let calls = LockedState(0)
      let label = CountdownLabel("cell")
      try manager.start(label, seconds: 10) { _, _, _ in calls.withLock { $0 += 1 } }
      manager.listen(label) { _, _, _ in calls.withLock { $0 += 1 } }  // replaces the cell's countdown
      let listener = CountdownLabel("listener")
      manager.listen(listener) { _, _, _ in calls.withLock { $0 += 1 } }
      try manager.start(id: "order", seconds: 10) { _, _, _ in calls.withLock { $0 += 1 } }
      manager.listen(id: 9) { _, _, _ in calls.withLock { $0 += 1 } }
      let action = try manager.after(.seconds(3)) { calls.withLock { $0 += 100 } }
      let values = try manager.values(for: .seconds(10))
      XCTAssertEqual(manager.count, 6)
      XCTAssertEqual(calls.withLock { $0 }, 5, "each first value inside its call (a one-shot has none)")
      calls.withLock { $0 = 0 }
      manager.cancelAll()
      XCTAssertEqual(manager.count, 0)
      XCTAssertFalse(manager.contains(label))
      XCTAssertFalse(manager.contains(id: "order"))
      XCTAssertFalse(manager.contains(id: 9))
      XCTAssertFalse(action.isActive)
      XCTAssertFalse(manager.cancel(id: "order"), "the id was forgotten")
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(calls.withLock { $0 }, 0, "no call after cancelAll")
      _ = (label, listener)
      return (manager, clock, calls, values)
    }
    var received: [Int] = []
    for await value in values { received.append(value) }
    XCTAssertEqual(received, [10], "its first value, from inside the call, then it finished without its 0")

    // Usable again at once; an id that was cancelled starts afresh.
    try await MainActor.run {
      try manager.start(id: "order", seconds: 2) { _, _, _ in calls.withLock { $0 += 1 } }
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(calls.withLock { $0 }, 3)
      XCTAssertEqual(manager.count, 0)
    }
  }

  func testCancelAllFromInsideACallback() throws {
    try withManualManager { manager, clock, _ in
      let seen = LockedState<[String]>([])
      try manager.start(id: "a", seconds: 5) { [unowned manager] _, remaining, _ in
        seen.withLock { $0.append("a\(remaining)") }
        if remaining == 4 { manager.cancelAll() }
      }
      try manager.start(id: "b", seconds: 5) { _, remaining, _ in seen.withLock { $0.append("b\(remaining)") } }
      try clock.advance(by: .seconds(3))
      let delivered = seen.withLock { $0 }
      XCTAssertEqual(delivered.filter { $0.hasPrefix("a") }, ["a5", "a4"])
      // Nothing after cancelAll, not even the other countdown's value of the same batch.
      XCTAssertEqual(Array(delivered.drop { $0 != "a4" }.dropFirst()), [], "\(delivered)")
      XCTAssertEqual(manager.count, 0)
    }
  }
}
