import CountdownCore
import Dispatch
import Foundation
import XCTest

/// A registration, a resume or time added on the engine's delivery queue delivers the value it owes
/// inside the call (any delivery queue: the main one, or one of the caller's); from elsewhere, on the
/// delivery queue as before.
final class DeliveryQueueInlineTests: XCTestCase {
  private let recorder = Recorder()

  func testARegistrationOnItsOwnDeliveryQueueIsDeliveredInsideTheCall() throws {
    let queue = DispatchQueue(label: "session")
    let engine = try CountdownEngine(interval: .seconds(1), clock: ManualCountdownClock(), deliveryQueue: queue)
    let session = Receiver("session")
    let seenInside = try queue.sync {
      try engine.register(session, .duration(.seconds(30)), handler: recorder.handler("session"))
      return recorder.values("session")
    }
    XCTAssertEqual(seenInside, [30], "inside the call, on the caller's delivery queue")
    queue.sync {}
    XCTAssertEqual(recorder.values("session"), [30], "once")
    engine.cancelAll()
  }

  func testARegistrationFromAnotherQueueIsDeliveredOnTheDeliveryQueueAsBefore() throws {
    let queue = DispatchQueue(label: "delivery")
    let engine = try CountdownEngine(interval: .seconds(1), clock: ManualCountdownClock(), deliveryQueue: queue)
    let gate = DispatchSemaphore(value: 0)
    queue.async { gate.wait() }  // holds the delivery queue: nothing can be delivered before the check
    let other = Receiver("other")
    try engine.register(other, .duration(.seconds(30)), handler: recorder.handler("other"))
    XCTAssertEqual(recorder.values("other"), [], "not inside a call made off the delivery queue")
    gate.signal()
    queue.sync {}
    XCTAssertEqual(recorder.values("other"), [30], "on the delivery queue, once")
    engine.cancelAll()
  }

  /// The main thread is the main queue's: an engine delivering there delivers inside the call,
  /// every target and option with a first value, once; a past deadline's single 0 ends it there.
  func testOnTheMainQueueEveryTargetIsDeliveredInsideTheCallOnce() throws {
    let (engine, clock) = try makeEngine()
    let receivers = (0..<5).map { Receiver("\($0)") }
    try engine.register(receivers[0], .duration(.seconds(10)), handler: recorder.handler("duration"))
    try engine.register(
      receivers[1], .deadline(clock.now.advanced(by: .milliseconds(2500))), whileSuspended: .pauses,
      handler: recorder.handler("deadline"))
    try engine.register(receivers[2], .countingUp, handler: recorder.handler("up"))
    try engine.register(receivers[3], .deadline(clock.now), handler: recorder.handler("past"))
    try engine.register(
      receivers[4], .duration(.zero), pastTheEnd: .countsOvertime, handler: recorder.handler("overtime"))
    XCTAssertEqual(
      ["duration", "deadline", "up", "past", "overtime"].map(recorder.values), [[10], [3], [0], [0], [0]],
      "inside each call")
    XCTAssertFalse(engine.contains(receivers[3]), "a past deadline's single 0 ended it inside the call")
    XCTAssertTrue(engine.contains(receivers[4]), "overtime goes on past its 0")
    try clock.advance(by: .zero)
    XCTAssertEqual(
      ["duration", "deadline", "up", "past", "overtime"].map(recorder.values), [[10], [3], [0], [0], [0]], "once")
    XCTAssertEqual(engine.statistics.deliveries, 5)
    engine.cancelAll()
  }

  func testResumeAndTimeAddedAreDeliveredInsideTheCall() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(10)), handler: recorder.handler("a"))
    try clock.advance(by: .seconds(2))
    XCTAssertTrue(engine.pause(a))
    try clock.advance(by: .seconds(5))
    XCTAssertTrue(engine.resume(a))
    XCTAssertEqual(recorder.values("a"), [10, 9, 8, 8], "the resumed value, inside the call")
    XCTAssertTrue(try engine.addTime(.seconds(20), to: a))
    XCTAssertEqual(recorder.values("a"), [10, 9, 8, 8, 28], "the new value, inside the call")
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("a"), [10, 9, 8, 8, 28], "once")
    engine.cancelAll()
  }

  /// A registration made from a callback of a running pass cannot begin a pass of its own (one
  /// runs at a time): it is delivered right after that pass, before the main queue's turn ends:
  /// before the wakeup that ran the callback returns.
  func testARegistrationFromACallbackIsDeliveredRightAfterItsPass() throws {
    let (engine, clock) = try makeEngine()
    let (a, b) = (Receiver("a"), Receiver("b"))
    let recorder = recorder
    try engine.register(a, .duration(.seconds(2))) { value, _ in
      recorder.record("a", value)
      if value == 1 {
        try? engine.register(b, .duration(.seconds(5)), handler: recorder.handler("b"))
        recorder.record("b registered", 0)
      }
    }
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(
      recorder.events.map(\.name), ["a", "a", "b registered", "b"], "b's first value right after the pass")
    XCTAssertEqual(recorder.values("b"), [5])
    engine.cancelAll()
  }

  /// A registration chain from first callbacks (each one's first value registers the next) is
  /// delivered within the call that began it, for a bounded number of passes; the rest follow on
  /// the delivery queue's next turns, so that a chain that never ends cannot hold the queue.
  func testAChainOfRegistrationsFromFirstCallbacksNeverHoldsTheQueue() throws {
    let (engine, _) = try makeEngine()
    let receivers = (0..<100).map { Receiver("\($0)") }
    let count = LockedState(0)
    @Sendable func start(_ index: Int) {
      guard index < receivers.count else { return }
      try? engine.register(receivers[index], .duration(.seconds(10))) { _, _ in
        let first =
          count.withLock {
            $0 += 1
            return $0
          } == index + 1
        if first { start(index + 1) }
      }
    }
    start(0)
    XCTAssertGreaterThan(count.withLock { $0 }, 1, "the chain goes on inside the first call")
    XCTAssertLessThan(count.withLock { $0 }, receivers.count, "but not without bound")
    while count.withLock({ $0 }) < receivers.count {
      _ = RunLoop.main.run(mode: .default, before: .init(timeIntervalSinceNow: 0.01))
    }
    XCTAssertEqual(count.withLock { $0 }, receivers.count, "every one delivered, once")
    engine.cancelAll()
  }
}
