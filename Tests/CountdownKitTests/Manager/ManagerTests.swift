import CountdownKit
import Foundation
import XCTest

/// The manager's promises through the API apps use, on the manual clock: re-registering replaces,
/// cancel is final, deallocated receivers end silently, values follow the clock across suspension.
///
/// XCTest runs test methods on the main thread; each body enters the main actor with
/// `MainActor.assumeIsolated` (a `@MainActor` XCTestCase cannot be discovered on Linux).
final class ManagerTests: XCTestCase {
  func testCountsDownOnTheMainActorWithAStopFlag() throws {
    try withManualManager { manager, clock, _ in
      let label = CountdownLabel("resend")
      try manager.start(label, seconds: 3) { label, remaining, _ in
        label.text = remaining > 0 ? "Resend in \(remaining) s" : "Resend code"
        label.shown.append(remaining)
      }
      try clock.advance(by: .zero)
      XCTAssertEqual(label.text, "Resend in 3 s")
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(label.shown, [3, 2, 1, 0])
      XCTAssertEqual(label.text, "Resend code")
      XCTAssertFalse(manager.contains(label))
    }
  }

  // Cell reuse: re-registered three times within one interval -> one callback per tick.
  func testCellReuseReplacesInsteadOfDoubling() throws {
    try withManualManager { manager, clock, _ in
      let cell = CountdownLabel("cell")
      for item in [10, 20, 30] {
        try manager.start(cell, for: .seconds(item)) { cell, remaining, _ in cell.shown.append(remaining) }
        try clock.advance(by: .milliseconds(100))
      }
      XCTAssertEqual(cell.shown, [10, 20, 30], "each reuse shows its own item's time at once")
      cell.shown = []
      try clock.advance(by: .seconds(3))
      // Registered at 0.2 s for 30 s: the wakeup at 1 s still shows 30 (no call), then one per tick.
      XCTAssertEqual(cell.shown, [29, 28], "one callback per tick, at the right speed")
      XCTAssertEqual(manager.count, 1)
    }
  }

  // Cancel from inside a callback: the canceller's own later values and the other's stop at once.
  func testCancelInsideACallbackStopsAtOnce() throws {
    try withManualManager { manager, clock, _ in
      let first = CountdownLabel("first"), second = CountdownLabel("second")
      for label in [first, second] {
        try manager.start(label, seconds: 10) { label, remaining, _ in
          label.shown.append(remaining)
          if remaining == 8 {
            manager.cancel(first)
            manager.cancel(second)
          }
        }
      }
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(first.shown.count + second.shown.count, 5, "10, 10, 9, 9, then one 8 only")
      XCTAssertEqual(manager.count, 0)
    }
  }

  /// A tick's batch is prepared before any of its callbacks runs. Main-actor code that runs while
  /// it is being delivered (here the first callback of the batch, whichever receiver that is)
  /// cancels the other countdown, whose callback is already in the batch: that callback must be
  /// skipped. Each callback cancels the other, so the test does not depend on the batch's order.
  func testCancelOnTheMainActorSkipsACallbackAlreadyInTheBatch() throws {
    try withManualManager { manager, clock, _ in
      let left = CountdownLabel("left"), right = CountdownLabel("right")
      for (label, other) in [(left, right), (right, left)] {
        try manager.start(label, seconds: 10) { label, remaining, _ in
          label.shown.append(remaining)
          if remaining == 9 { manager.cancel(other) }
        }
      }
      try clock.advance(by: .zero)
      XCTAssertEqual(left.shown + right.shown, [10, 10], "both first deliveries, in one batch")
      try clock.advance(by: .seconds(1))
      XCTAssertEqual((left.shown + right.shown).filter { $0 == 9 }, [9], "the cancelled one's 9 was skipped")
      XCTAssertEqual(manager.count, 1)
    }
  }

  /// Time moves on another thread, so the tick's pass is queued on the main queue, not run. A
  /// cancel before the pass runs ends the countdown: the pass delivers nothing for it.
  func testCancelBeforeAQueuedPassRunsEndsTheCountdown() throws {
    try withManualManager { manager, clock, _ in
      let label = CountdownLabel("a")
      try manager.start(label, seconds: 10) { label, remaining, _ in label.shown.append(remaining) }
      try clock.advance(by: .zero)
      DispatchQueue.global().sync { try? clock.advance(by: .seconds(1)) }
      XCTAssertEqual(label.shown, [10])
      XCTAssertTrue(manager.cancel(label))
      drainMainQueue()
      XCTAssertEqual(label.shown, [10], "nothing after cancel returned")
    }
  }

  // A deallocated receiver gets no callback; the manager keeps nothing alive.
  func testDeallocatedReceiverEndsSilently() throws {
    try withManualManager { manager, clock, _ in
      var label: CountdownLabel? = CountdownLabel("gone")
      let weakLabel = WeakWatch(label!)
      let calls = LockedState(0)
      try manager.start(label!, seconds: 10) { _, _, _ in calls.withLock { $0 += 1 } }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(calls.withLock { $0 }, 2)
      label = nil
      XCTAssertNil(weakLabel.object, "not retained by the manager")
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(calls.withLock { $0 }, 2)
      XCTAssertEqual(manager.count, 0, "its node is freed at the next tick")
    }
  }

  /// Once a receiver is gone, the allocator may give its address to a new object before the next
  /// tick removes the dead one's countdown. That object must never be taken for the dead one: it
  /// has no countdown, and starting one does not inherit the old one's time or callback.
  func testAnObjectAtADeadReceiversAddressIsNeverTakenForIt() throws {
    try withManualManager { manager, clock, _ in
      var dead = Set<ObjectIdentifier>()
      var reused = 0
      let oldCalls = LockedState(0)
      // Each model dies at once; its countdown lives until the next tick notices.
      for _ in 0..<10_000 {
        let model = OrderModel()
        if dead.contains(ObjectIdentifier(model)) {
          reused += 1
          XCTAssertFalse(manager.contains(model), "a new object was taken for a dead one at its address")
          XCTAssertNil(manager.timeLeft(for: model))
          XCTAssertFalse(manager.pause(model))
          XCTAssertFalse(manager.resume(model))
        }
        try manager.start(model, seconds: 100) { _, _, _ in oldCalls.withLock { $0 += 1 } }
        dead.insert(ObjectIdentifier(model))
      }
      XCTAssertEqual(oldCalls.withLock { $0 }, 10_000, "each model's first value, inside its start, while it lived")
      oldCalls.withLock { $0 = 0 }
      // Whether addresses were reused is the allocator's business (an address sanitizer never
      // reuses them); the checks above ran for every one that was.
      print("addresses reused by new receivers: \(reused) of 10000")
      let survivor = OrderModel()
      try manager.start(survivor, seconds: 5) { model, remaining, _ in model.remaining = remaining }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(manager.count, 1, "dead receivers' countdowns end at the next tick")
      XCTAssertEqual(survivor.remaining, 4)
      XCTAssertEqual(oldCalls.withLock { $0 }, 0, "no dead receiver was called")
    }
  }

  // Suspend 90 s with countdowns of 30 s and 120 s; a quiz clock pauses with the app.
  func testSuspendAndResumeCorrectsEveryCountdown() throws {
    try withManualManager { manager, clock, _ in
      let sale = CountdownLabel("30"), delivery = CountdownLabel("120"), quiz = CountdownLabel("quiz")
      try manager.start(sale, seconds: 30) { label, value, _ in label.shown.append(value) }
      try manager.start(delivery, seconds: 120) { label, value, _ in label.shown.append(value) }
      try manager.start(quiz, for: .seconds(20), whileSuspended: .pauses) { label, value, _ in label.shown.append(value)
      }
      try clock.advance(by: .zero)
      manager.suspendTicking()
      XCTAssertTrue(manager.isSuspended)
      let wakeups = manager.engine.statistics.wakeups
      try clock.advance(by: .seconds(90))
      XCTAssertEqual(manager.engine.statistics.wakeups, wakeups, "no wakeups while suspended")
      manager.resumeTicking()
      try clock.advance(by: .zero)
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(sale.shown, [30, 0])
      XCTAssertEqual(delivery.shown, [120, 30, 29, 28])
      XCTAssertEqual(quiz.shown, [20, 20, 19, 18])
    }
  }

  func testNotificationsDriveSuspendAndResume() throws {
    try withManualManager { manager, clock, _ in
      let center = NotificationCenter()
      let background = Notification.Name("test.background"), foreground = Notification.Name("test.foreground")
      var observation: LifecycleObservation? = manager.suspendAndResume(
        on: [background], and: [foreground], center: center)
      let label = CountdownLabel("a")
      try manager.start(label, seconds: 100) { label, value, _ in label.shown.append(value) }
      try clock.advance(by: .zero)
      center.post(name: background, object: nil)
      XCTAssertTrue(manager.isSuspended)
      try clock.advance(by: .seconds(40))
      center.post(name: foreground, object: nil)
      XCTAssertFalse(manager.isSuspended)
      try clock.advance(by: .zero)
      XCTAssertEqual(label.shown, [100, 60])
      observation = nil
      _ = observation
      center.post(name: background, object: nil)
      XCTAssertFalse(manager.isSuspended, "the observation ended with its object")
    }
  }

  func testDateDeadlineIsNotMovedByAWallClockChange() throws {
    try withManualManager { manager, clock, wall in
      let label = CountdownLabel("sale")
      try manager.start(label, until: wall.now.addingTimeInterval(60)) { label, value, _ in label.shown.append(value) }
      try clock.advance(by: .seconds(1))
      wall.jump(by: 3_600)  // the user sets the clock an hour ahead
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(label.shown, [60, 59, 58])
      XCTAssertEqual(manager.timeLeft(for: label), .seconds(58))
    }
  }

  func testPastDateEndsAtOnceWithOneZero() throws {
    try withManualManager { manager, clock, wall in
      let label = CountdownLabel("over")
      try manager.start(label, until: wall.now.addingTimeInterval(-5)) { label, value, _ in label.shown.append(value) }
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(label.shown, [0])
    }
  }

  func testServerCalibrationCountsFromTheServersClock() throws {
    try withManualManager { manager, clock, wall in
      try manager.calibrate(serverNow: wall.now.addingTimeInterval(10))  // server is 10 s ahead
      XCTAssertEqual(manager.serverOffset, .seconds(10))
      let label = CountdownLabel("sale")
      // The sale ends 60 s from now in server time: 50 s from now on this device's clock.
      try manager.start(label, until: wall.now.addingTimeInterval(60)) { label, value, _ in label.shown.append(value) }
      try clock.advance(by: .zero)
      XCTAssertEqual(label.shown, [50])
    }
  }

  func testADateNearNowIsAheadOrPastOnTheServersClockNotTheDevices() throws {
    try withManualManager { manager, clock, wall in
      let log = ValueLog()
      // The server is 10 s ahead: 5 s ahead on this device is 5 s past on the server.
      try manager.calibrate(serverNow: wall.now + 10, receivedAt: wall.now)
      try manager.start(id: "past", until: wall.now + 5, log.record("past"))
      try manager.start(id: "overtime", until: wall.now + 5, pastTheEnd: .countsOvertime, log.record("overtime"))
      XCTAssertEqual(manager.timeLeft(id: "overtime"), .seconds(-5))
      try manager.start(id: "now", until: wall.now + 10, log.record("now"))
      try manager.start(id: "ahead", until: wall.now + 12.5, log.record("ahead"))
      XCTAssertEqual(manager.timeLeft(id: "ahead"), .milliseconds(2_500))
      // The server is 10 s behind: 5 s ago on this device is 5 s ahead on the server.
      try manager.calibrate(serverNow: wall.now - 10, receivedAt: wall.now)
      try manager.start(id: "behind", until: wall.now - 5, log.record("behind"))
      XCTAssertEqual(manager.timeLeft(id: "behind"), .seconds(5))
      try manager.start(id: "long past", until: wall.now - 15, log.record("long past"))
      try clock.advance(by: .zero)
      XCTAssertEqual(log.values("past"), [0])
      XCTAssertEqual(log.values("overtime"), [-5])
      XCTAssertEqual(log.values("now"), [0])
      XCTAssertEqual(log.values("ahead"), [3])
      XCTAssertEqual(log.values("behind"), [5])
      XCTAssertEqual(log.values("long past"), [0])
    }
  }

  func testADateFarOnTheDevicesClockButNearOnTheServersIsCounted() throws {
    try withManualManager { manager, _, wall in
      // The server is 285 years ahead (a clock the calibration accepts): a date 294 years ahead on
      // this device is 9.5 years ahead on the server, which the clock holds.
      try manager.calibrate(serverNow: wall.now + 9e9, receivedAt: wall.now)
      try manager.start(id: "far", until: wall.now + 9.3e9) { _, _, _ in }
      XCTAssertEqual(manager.timeLeft(id: "far"), .seconds(300_000_000))
      // And 285 years behind: a date 294 years ago is 9.5 years ago on the server, where an overtime
      // countdown starts.
      try manager.calibrate(serverNow: wall.now - 9e9, receivedAt: wall.now)
      try manager.start(id: "late", until: wall.now - 9.3e9, pastTheEnd: .countsOvertime) { _, _, _ in }
      XCTAssertEqual(manager.timeLeft(id: "late"), .seconds(-300_000_000))
    }
  }

  func testPauseAndResumeOneCountdown() throws {
    try withManualManager { manager, clock, _ in
      let label = CountdownLabel("a"), other = CountdownLabel("b")
      try manager.start(label, seconds: 10) { label, value, _ in label.shown.append(value) }
      try manager.start(other, seconds: 10) { label, value, _ in label.shown.append(value) }
      try clock.advance(by: .seconds(2))
      XCTAssertTrue(manager.pause(label))
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(manager.timeLeft(for: label), .seconds(8))
      XCTAssertTrue(manager.resume(label))
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(label.shown, [10, 9, 8, 8, 7])
      XCTAssertEqual(other.shown, [10, 9, 8, 7, 6, 5, 4, 3, 2])
      XCTAssertFalse(manager.pause(CountdownLabel("unknown")))
    }
  }

  func testListenersCountUpUntilStoppedAndAreHeldWeakly() throws {
    try withManualManager { manager, clock, _ in
      let call = CountdownLabel("call")
      manager.listen(call) { call, elapsed, stop in
        call.shown.append(elapsed)
        if elapsed == 3 { stop = true }
      }
      var poller: CountdownLabel? = CountdownLabel("poll")
      manager.listen(poller!) { label, value, _ in label.shown.append(value) }
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(poller?.shown, [0, 1, 2])
      poller = nil
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(call.shown, [0, 1, 2, 3])
      XCTAssertEqual(manager.count, 0)
    }
  }

  func testHashableIDsReplaceAndEnd() throws {
    try withManualManager { manager, clock, _ in
      let seen = LockedState<[String: [Int]]>([:])
      for duration in [5, 3] {
        try manager.start(id: "order-1", for: .seconds(duration)) { id, remaining, _ in
          seen.withLock { $0[id, default: []].append(remaining) }
        }
      }
      try manager.start(id: 42, for: .seconds(10)) { _, remaining, _ in
        seen.withLock { $0["42", default: []].append(remaining) }
      }
      XCTAssertTrue(manager.contains(id: "order-1"))
      // A rejected start leaves the running countdown, and its bookkeeping, as they were.
      XCTAssertThrowsError(try manager.start(id: "order-1", for: .seconds(-1)) { _, _, _ in })
      try clock.advance(by: .seconds(4))
      XCTAssertEqual(
        seen.withLock { $0["order-1"] }, [5, 3, 2, 1, 0], "the first start's first value, inside its call")
      XCTAssertFalse(manager.contains(id: "order-1"), "the id is forgotten once its countdown ends")
      XCTAssertEqual(manager.timeLeft(id: 42), .seconds(6))
      XCTAssertTrue(manager.cancel(id: 42))
      XCTAssertFalse(manager.cancel(id: 42))
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(seen.withLock { $0["42"] }, [10, 9, 8, 7, 6])
    }
  }

  func testEqualIDsOfDifferentTypesAreDifferentCountdowns() throws {
    try withManualManager { manager, clock, _ in
      // Two kinds of model whose ids happen to be equal numbers: a product (Int) and a shipment (Int64).
      let productID = 7, shipmentID: Int64 = 7
      let products = LockedState<[Int]>([]), shipments = LockedState<[Int]>([])
      try manager.start(id: productID, for: .seconds(10)) { _, remaining, _ in
        products.withLock { $0.append(remaining) }
      }
      try manager.start(id: shipmentID, for: .seconds(5)) { _, remaining, _ in
        shipments.withLock { $0.append(remaining) }
      }
      XCTAssertEqual(manager.count, 2, "two countdowns, not one replaced by the other")
      try clock.advance(by: .seconds(1))
      XCTAssertTrue(manager.cancel(id: shipmentID))
      XCTAssertFalse(manager.contains(id: shipmentID))
      XCTAssertTrue(manager.contains(id: productID), "cancelling the shipment left the product's countdown")
      XCTAssertEqual(manager.timeLeft(id: productID), .seconds(9))
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(products.withLock { $0 }, [10, 9, 8, 7])
      XCTAssertEqual(shipments.withLock { $0 }, [5, 4])
    }
  }

  func testOneShotRunsOnceAndCanBeCancelled() throws {
    try withManualManager { manager, clock, _ in
      let fired = LockedState<[String]>([])
      try manager.after(.seconds(2)) { fired.withLock { $0.append("a") } }
      let cancelled = try manager.after(.seconds(2)) { fired.withLock { $0.append("b") } }
      XCTAssertTrue(cancelled.isActive)
      XCTAssertTrue(cancelled.cancel())
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(fired.withLock { $0 }, ["a"])
      XCTAssertEqual(manager.count, 0)
    }
  }
}
