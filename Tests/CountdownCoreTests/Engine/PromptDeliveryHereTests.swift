import CountdownCore
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

/// A first value owed by a call on the delivery queue, when it is all there is to deliver, is made
/// by a pass of its own one callback: begun in the registration's lock, finished in one more.
final class PromptDeliveryHereTests: XCTestCase {
  private let recorder = Recorder()

  func testAFirstValueInsideTheCallTakesTheRegistrationsLockAndOneMore() throws {
    let (engine, _) = try makeEngine()
    let first = Receiver("first")
    try engine.register(first, .duration(.seconds(10)), handler: recorder.handler("first"))
    let receiver = Receiver("second")
    let statistics = engine.statistics
    let locks = engine.lockEntries  // read last: reading the statistics takes the lock
    try engine.register(receiver, .duration(.seconds(10)), handler: recorder.handler("second"))
    XCTAssertEqual(recorder.values("second"), [10], "inside the call")
    XCTAssertEqual(engine.lockEntries - locks, 2, "the registration's lock, and the one that finishes its pass")
    XCTAssertEqual(engine.statistics.batches - statistics.batches, 1, "one batch")
    XCTAssertEqual(engine.statistics.deliveries - statistics.deliveries, 1)
    engine.cancelAll()
  }

  func testStopSetInTheFirstCallEndsItAndReleasesItsHandlerInsideTheCall() throws {
    let (engine, clock) = try makeEngine()
    let receiver = Receiver("stops")
    final class Captured: Sendable {}
    weak var captured: Captured?
    try {
      let object = Captured()
      captured = object
      let recorder = recorder
      try engine.register(receiver, .duration(.seconds(10))) { value, stop in
        _ = object
        recorder.record("stops", value)
        stop = true
      }
    }()
    XCTAssertEqual(recorder.values("stops"), [10])
    XCTAssertFalse(engine.contains(receiver), "ended inside the call")
    XCTAssertNil(captured, "its handler released once the call returned")
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(recorder.values("stops"), [10], "nothing after")
  }

  func testAPastDeadlinesZeroEndsItInsideTheCallOnce() throws {
    let (engine, clock) = try makeEngine()
    let receiver = Receiver("past")
    try engine.register(
      receiver, .deadline(clock.now.advanced(by: .seconds(-5))), handler: recorder.handler("past"))
    XCTAssertEqual(recorder.values("past"), [0])
    XCTAssertFalse(engine.contains(receiver))
    XCTAssertEqual(engine.count, 0)
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(recorder.values("past"), [0], "once")
  }

  /// Made from inside the first callback, a registration waits until that callback has returned,
  /// and is still delivered before the outer call returns.
  func testARegistrationFromTheFirstCallbackComesRightAfterIt() throws {
    let (engine, _) = try makeEngine()
    let (a, b) = (Receiver("a"), Receiver("b"))
    let recorder = recorder
    try engine.register(a, .duration(.seconds(3))) { value, _ in
      recorder.record("a", value)
      try? engine.register(b, .duration(.seconds(7)), handler: recorder.handler("b"))
      recorder.record("a returns", 0)
    }
    XCTAssertEqual(recorder.events.map(\.name), ["a", "a returns", "b"])
    XCTAssertEqual(recorder.values("b"), [7])
    engine.cancelAll()
  }

  func testAFirstCallbackThatCancelsItselfGetsNothingMore() throws {
    let (engine, clock) = try makeEngine()
    let receiver = Receiver("self")
    let recorder = recorder
    try engine.register(receiver, .duration(.seconds(3))) { value, _ in
      recorder.record("self", value)
      _ = engine.cancel(receiver)
    }
    XCTAssertFalse(engine.contains(receiver))
    try clock.advance(by: .seconds(4))
    XCTAssertEqual(recorder.values("self"), [3])
  }

  /// With per-countdown alignment, the first value made in the call is not made again when the
  /// countdown's first window comes: each value once, in order.
  func testWithPerCountdownAlignmentEachValueComesOnce() throws {
    let (engine, clock) = try makeEngine(alignment: .perCountdown(tolerance: .milliseconds(50)))
    try clock.advance(by: .milliseconds(330))
    let receiver = Receiver("own")
    try engine.register(receiver, .duration(.milliseconds(2_500)), handler: recorder.handler("own"))
    XCTAssertEqual(recorder.values("own"), [3], "inside the call")
    try clock.step(60, by: .milliseconds(50), recorder: recorder)
    XCTAssertEqual(recorder.values("own"), [3, 2, 1, 0])
  }

  /// On the shared grid, a first value made in the call between grid instants is not made again
  /// by the tick of the grid instant it stands for.
  func testOnTheSharedGridEachValueComesOnce() throws {
    let (engine, clock) = try makeEngine()
    let early = Receiver("early")
    try engine.register(early, .duration(.seconds(5)), handler: recorder.handler("early"))
    try clock.advance(by: .milliseconds(400))
    let receiver = Receiver("late")
    try engine.register(receiver, .duration(.milliseconds(2_200)), handler: recorder.handler("late"))
    try clock.step(40, by: .milliseconds(100), recorder: recorder)
    XCTAssertEqual(recorder.values("late"), [3, 2, 1, 0])
    XCTAssertEqual(recorder.values("early"), [5, 4, 3, 2, 1])
    engine.cancelAll()
  }

  /// With other work pending (a wakeup's pass queued from another thread), a registration on the
  /// delivery queue runs the pass for all of it, as before: the wakeup's values and its own first
  /// value, inside the call.
  func testWithOtherWorkPendingTheCallRunsThePassForAll() throws {
    let (engine, clock) = try makeEngine()
    let ticking = Receiver("ticking")
    try engine.register(ticking, .duration(.seconds(10)), handler: recorder.handler("ticking"))
    let advanced = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      try? clock.advance(by: .seconds(1))
      advanced.signal()
    }
    advanced.wait()
    XCTAssertEqual(recorder.values("ticking"), [10], "the wakeup's pass waits on the main queue")
    let new = Receiver("new")
    try engine.register(new, .duration(.seconds(4)), handler: recorder.handler("new"))
    XCTAssertEqual(recorder.values("ticking"), [10, 9], "delivered inside the call")
    XCTAssertEqual(recorder.values("new"), [4])
    _ = RunLoop.main.run(mode: .default, before: .init(timeIntervalSinceNow: 0.05))
    XCTAssertEqual(recorder.values("ticking"), [10, 9], "once")
    XCTAssertEqual(recorder.values("new"), [4], "once")
    engine.cancelAll()
  }

  /// A countdown at its last value: its end goes to the ends to come as its first value is made,
  /// and the pass that made it checks the timer's arming again; the 0 comes once, on time.
  func testAFirstValueAtTheLastValueIsFollowedByItsEndOnTime() throws {
    let (engine, clock) = try makeEngine()
    let receiver = Receiver("short")
    try engine.register(receiver, .duration(.milliseconds(500)), handler: recorder.handler("short"))
    XCTAssertEqual(recorder.values("short"), [1], "inside the call")
    try clock.advance(by: .milliseconds(499))
    XCTAssertEqual(recorder.values("short"), [1])
    try clock.advance(by: .milliseconds(60))
    XCTAssertEqual(recorder.values("short"), [1, 0], "its 0 within the end tolerance")
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(recorder.values("short"), [1, 0], "once")
    XCTAssertFalse(engine.contains(receiver))
  }

  /// A cancel on another thread that returns after the first value was prepared, before its
  /// callback begins (here, while the call makes the engine's timer, which reads the clock), is
  /// final: the callback never begins.
  func testACancelOnAnotherThreadBeforeTheFirstCallbackBeginsWithdrawsIt() throws {
    let clock = try PreemptingClock()
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
    let receiver = Receiver("withdrawn")
    let cancelled = LockedState(false)
    clock.preemptAfterNextRead {
      // The registration's own reading: the next one is the timer's making, after its lock.
      clock.preemptAfterNextRead {
        DispatchQueue.global().sync {
          cancelled.withLock { $0 = engine.cancel(receiver) }
        }
      }
    }
    try engine.register(receiver, .duration(.seconds(10)), handler: recorder.handler("withdrawn"))
    XCTAssertTrue(cancelled.withLock { $0 }, "cancelled between the registration's lock and the callback")
    XCTAssertEqual(recorder.values("withdrawn"), [], "the withdrawn callback never began")
    XCTAssertFalse(engine.contains(receiver))
    XCTAssertEqual(engine.statistics.deliveries, 0)
    try clock.base.advance(by: .seconds(3))
    XCTAssertEqual(recorder.values("withdrawn"), [])
  }

  /// Paused on another thread in the same window, it gets no callback then, and its value once it
  /// resumes.
  func testAPauseOnAnotherThreadBeforeTheFirstCallbackBeginsWithdrawsItUntilItResumes() throws {
    let clock = try PreemptingClock()
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
    let receiver = Receiver("paused")
    clock.preemptAfterNextRead {
      clock.preemptAfterNextRead {
        DispatchQueue.global().sync { _ = engine.pause(receiver) }
      }
    }
    try engine.register(receiver, .duration(.seconds(10)), handler: recorder.handler("paused"))
    XCTAssertEqual(recorder.values("paused"), [], "paused before its callback began")
    try clock.base.advance(by: .seconds(3))
    XCTAssertTrue(engine.resume(receiver))
    XCTAssertEqual(recorder.values("paused"), [10], "its frozen value, inside the resume")
    engine.cancelAll()
  }
}
