import CountdownKit
import Foundation
import XCTest

/// Receivers, managers and engines come and go at any time; nothing leaks, crashes or is confused.
final class LifetimeTests: XCTestCase {
  func testReceiverDeallocatedMidBatchIsNotCalled() throws {
    try withManualManager { manager, clock, _ in
      var labels: [CountdownLabel?] = (0..<600).map { CountdownLabel("l\($0)") }
      let calls = LockedState([String: [Int]]())
      for index in labels.indices {
        try manager.start(labels[index]!, seconds: 10) { label, remaining, _ in
          calls.withLock { $0[label.name, default: []].append(remaining) }
          if remaining == 9 {
            // The first one called this tick releases every other receiver.
            for other in labels.indices where labels[other] !== label { labels[other] = nil }
          }
        }
      }
      try clock.advance(by: .seconds(3))
      let nines = calls.withLock { $0.values.filter { $0.contains(9) }.count }
      XCTAssertEqual(nines, 1, "released receivers get no call, even later in the same batch")
      XCTAssertEqual(manager.count, 1)
    }
  }

  func testReceiverReleasedOnAnotherThread() throws {
    try withManualManager { manager, clock, _ in
      let calls = LockedState(0)
      var model: OrderModel? = OrderModel()
      try manager.start(model!, seconds: 10) { _, _, _ in calls.withLock { $0 += 1 } }
      try clock.advance(by: .zero)
      let box = LockedState<OrderModel?>(model)
      model = nil
      DispatchQueue.global().sync { box.withLock { $0 = nil } }
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(calls.withLock { $0 }, 1)
      XCTAssertEqual(manager.count, 0)
    }
  }

  func testManagerAndEngineDeallocateWithLiveCountdowns() throws {
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      weak var weakManager: CountdownManager?
      weak var weakEngine: CountdownEngine?
      let label = CountdownLabel("a")
      try {
        let manager = try CountdownManager(clock: clock)
        weakManager = manager
        weakEngine = manager.engine
        try manager.start(label, seconds: 100) { label, remaining, _ in label.shown.append(remaining) }
        manager.listen(label) { _, _, _ in }
        try manager.start(id: "order", for: .seconds(50)) { _, _, _ in }
        try manager.after(.seconds(10)) {}
        _ = try manager.values(for: .seconds(10))
        _ = manager.suspendAndResume(on: [Notification.Name("bg")], and: [Notification.Name("fg")])
        try clock.advance(by: .seconds(1))
        XCTAssertEqual(clock.liveTimerCount, 1)
      }()
      XCTAssertNil(weakManager, "no cycle keeps a released manager alive")
      XCTAssertNil(weakEngine)
      XCTAssertEqual(clock.liveTimerCount, 0, "its timer is gone")
      try clock.advance(by: .seconds(5))  // nothing runs, nothing crashes
    }
  }

  /// A new object is never taken for a dead receiver, whether or not the allocator gives it the
  /// dead one's address (it often does; under the address sanitizer, which quarantines freed
  /// memory, it never does): every new object is checked, not only those at a reused address.
  func testANewObjectIsNeverTakenForADeadReceiver() throws {
    try withManualManager { manager, clock, _ in
      var reused = 0
      var seen = Set<ObjectIdentifier>()
      for round in 0..<3_000 {
        // A dead receiver's address is reserved until a tick ends its countdown: tick now and then.
        if round % 100 == 99 { try clock.advance(by: .seconds(1)) }
        let model = OrderModel()
        if !seen.insert(ObjectIdentifier(model)).inserted { reused += 1 }
        XCTAssertFalse(manager.contains(model), "round \(round)")
        XCTAssertNil(manager.timeLeft(for: model), "round \(round)")
        try manager.start(model, seconds: 5) { model, remaining, _ in
          model.remaining = remaining
          model.updates += 1
        }
        try clock.advance(by: .zero)
        XCTAssertEqual(model.remaining, 5, "round \(round): its own countdown's first value")
        XCTAssertEqual(model.updates, 1, "round \(round): one call, not also a dead receiver's")
        // Most end by their receiver dying at the end of the round, some by cancel.
        if round.isMultiple(of: 10) { XCTAssertTrue(manager.cancel(model)) }
      }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(manager.count, 0, "every dead receiver's node was freed (\(reused) addresses reused)")
    }
  }
}
