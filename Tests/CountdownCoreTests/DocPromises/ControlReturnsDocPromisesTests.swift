import CountdownCore
import CountdownTestSupport
import XCTest

/// What the docs of ``CountdownEngine/cancel(_:)``, ``CountdownEngine/pause(_:)``,
/// ``CountdownEngine/resume(_:)`` and the queries return, and when `nil` or `false` comes: an app
/// branches on these, so each answer is checked for a receiver with a countdown, a paused one, an
/// ended one and one that never had any.
final class ControlReturnsDocPromisesTests: XCTestCase {
  let recorder = Recorder()

  /// `cancel`, `pause` and `resume` return "Whether `receiver` had a registration"; a paused one
  /// still has one.
  func testCancelPauseAndResumeSayWhetherThereWasARegistration() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    let stranger = Receiver("stranger")
    try engine.register(a, .duration(.seconds(5)), handler: recorder.handler("a"))
    XCTAssertFalse(engine.pause(stranger))
    XCTAssertFalse(engine.resume(stranger))
    XCTAssertFalse(engine.cancel(stranger))
    XCTAssertTrue(engine.pause(a))
    XCTAssertTrue(engine.contains(a), "a paused countdown is still registered")
    XCTAssertTrue(engine.resume(a))
    XCTAssertTrue(engine.cancel(a))
    XCTAssertFalse(engine.cancel(a), "cancelled already")
    XCTAssertFalse(engine.contains(a))
    try clock.advance(by: .seconds(6))
    XCTAssertEqual(recorder.values("a"), [5, 5], "the first value, the resume's, and nothing after the cancel")
  }

  /// ``CountdownEngine/value(for:)`` and ``CountdownEngine/timeLeft(for:)`` are "`nil` without a
  /// registration": none yet, and none once the countdown ended with its 0; a paused one answers
  /// with its frozen time, a count-up with the time elapsed.
  func testValueAndTimeLeftAreNilWithoutARegistration() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    let up = Receiver("up")
    XCTAssertNil(engine.value(for: a))
    XCTAssertNil(engine.timeLeft(for: a))
    try engine.register(a, .duration(.seconds(3)), handler: recorder.handler("a"))
    try engine.register(up, .countingUp, handler: recorder.handler("up"))
    try clock.advance(by: .milliseconds(1_500))
    XCTAssertEqual(engine.value(for: a), 2, "1.5 s left, rounded up")
    XCTAssertEqual(engine.timeLeft(for: a), .milliseconds(1_500))
    XCTAssertEqual(engine.value(for: up), 1, "1.5 s elapsed: one whole interval")
    XCTAssertEqual(engine.timeLeft(for: up), .milliseconds(1_500), "elapsed, when counting up")
    engine.pause(a)
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(engine.timeLeft(for: a), .milliseconds(1_500), "frozen while paused")
    engine.resume(a)
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(recorder.values("a").last, 0)
    XCTAssertNil(engine.value(for: a), "ended with its 0")
    XCTAssertNil(engine.timeLeft(for: a))
    engine.cancelAll()
    XCTAssertNil(engine.value(for: up))
    XCTAssertEqual(engine.count, 0)
  }

  /// ``CountdownEngine/count`` includes "ones whose receiver died and awaits removal": a paused
  /// countdown whose receiver is gone is still counted until the engine's check removes it.
  func testTheCountIncludesADeadReceiversPausedRegistration() throws {
    let (engine, _) = try makeEngine()
    var dying: Receiver? = Receiver("dying")
    try engine.register(dying!, .duration(.seconds(30)), handler: { _, _ in })
    engine.pause(dying!)
    dying = nil
    XCTAssertEqual(engine.count, 1, "awaiting removal")
    XCTAssertEqual(engine.statistics.receivers, 1)
  }

  /// ``CountdownEngine/isSuspended`` is "Whether ``suspendTicking()`` is in effect".
  func testIsSuspendedFollowsSuspendAndResume() throws {
    let (engine, _) = try makeEngine()
    XCTAssertFalse(engine.isSuspended)
    engine.suspendTicking()
    XCTAssertTrue(engine.isSuspended)
    engine.resumeTicking()
    XCTAssertFalse(engine.isSuspended)
  }

  /// ``EngineStatistics/batches`` counts "Batches handed to the delivery queue that delivered at
  /// least one callback": a wakeup for a countdown whose handler has nothing new to say (a
  /// milestone's engine waking only for what is due) adds a wakeup, and a batch only when called.
  func testBatchesAndDeliveriesCountOnlyWhatWasDelivered() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(3)), handler: recorder.handler("a"))
    let first = engine.statistics
    XCTAssertEqual(first.deliveries, 1, "the first value")
    try clock.advance(by: .seconds(3))
    let after = engine.statistics
    XCTAssertEqual(after.deliveries, 4, "3, 2, 1, 0")
    XCTAssertEqual(recorder.values("a"), [3, 2, 1, 0])
    XCTAssertLessThanOrEqual(after.batches, after.deliveries)
    XCTAssertGreaterThanOrEqual(after.batches, 3, "one batch per tick at least")
    try clock.advance(by: .seconds(5))
    XCTAssertEqual(engine.statistics.batches, after.batches, "nothing delivered: no batch")
    XCTAssertEqual(engine.statistics.receivers, 0)
  }
}
