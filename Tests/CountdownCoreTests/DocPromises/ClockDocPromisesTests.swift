import CountdownCore
import CountdownTestSupport
import Dispatch
import XCTest

/// What the docs of the clocks promise: ``ManualCountdownClock``'s errors, its jump, its timer
/// counts and its resolution; ``ManualClockJitter``'s seed; the adapter's origin; the default
/// clock's one time for every instance; a timer's defaults.
final class ClockDocPromisesTests: XCTestCase {
  let recorder = Recorder()

  /// ``ManualCountdownClock/init(now:jitter:)``: "Throws: ``CountdownError/negativeDuration`` for
  /// a negative jitter, or ``CountdownError/outOfRange`` for one beyond 292 years".
  func testANegativeOrHugeJitterIsRefused() {
    for jitter in [
      ManualClockJitter(late: .seconds(-1)), ManualClockJitter(early: .seconds(-1)),
      ManualClockJitter(drift: .seconds(-1)),
    ] {
      assertThrows(CountdownError.negativeDuration, "\(jitter)") { () throws(CountdownError) in
        _ = try ManualCountdownClock(jitter: jitter)
      }
    }
    assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
      _ = try ManualCountdownClock(jitter: .init(late: .seconds(Int64.max)))
    }
  }

  /// ``ManualCountdownClock/jump(by:)``: "every timer due on the way fires once, late, at the new
  /// instant — not once per tick it missed"; and "Throws ``CountdownError/negativeDuration``".
  func testAJumpFiresOnceAtTheNewInstant() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(100)), handler: recorder.handler("a"))
    let wakeups = engine.statistics.wakeups
    try clock.jump(by: .milliseconds(50_500))
    XCTAssertEqual(engine.statistics.wakeups, wakeups + 1, "one wakeup for the fifty ticks it missed")
    XCTAssertEqual(recorder.values("a"), [100, 50], "the value at the new instant")
    XCTAssertEqual(clock.now, CountdownInstant.zero.advanced(by: .milliseconds(50_500)))
    assertThrows(CountdownError.negativeDuration) { () throws(CountdownError) in try clock.jump(by: .seconds(-1)) }
    assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in try clock.jump(by: .seconds(Int64.max)) }
    XCTAssertEqual(clock.now, CountdownInstant.zero.advanced(by: .milliseconds(50_500)), "did not move")
    engine.cancel(a)
  }

  /// ``ManualCountdownClock/liveTimerCount`` counts the timers "alive and not cancelled",
  /// ``ManualCountdownClock/armedTimerCount`` "those … armed"; ``ManualCountdownClock/minimumResolution``
  /// is "a nanosecond".
  func testTimerCountsAndResolution() {
    let clock = ManualCountdownClock()
    XCTAssertEqual(clock.minimumResolution, .nanoseconds(1))
    let timer = clock.makeTimer(on: .main) { _ in }
    XCTAssertEqual(clock.liveTimerCount, 1)
    XCTAssertEqual(clock.armedTimerCount, 0)
    timer.schedule(at: .zero.advanced(by: .seconds(1)), leeway: .zero)
    XCTAssertEqual(clock.armedTimerCount, 1)
    timer.schedule(at: nil, leeway: .zero)
    XCTAssertEqual(clock.armedTimerCount, 0, "a nil deadline disarms it")
    XCTAssertEqual(clock.liveTimerCount, 1)
    timer.schedule(at: .zero.advanced(by: .seconds(1)), leeway: .zero)
    timer.cancel()
    XCTAssertEqual(clock.liveTimerCount, 0)
    XCTAssertEqual(clock.armedTimerCount, 0)
  }

  /// ``CountdownTimer/schedule(at:leeway:)`` "never fires before its deadline" and may fire up to
  /// `leeway` after it; ``CountdownTimer/cancel()``: "It never fires after this returns".
  func testAManualTimerFiresWithinItsLeewayAndNeverAfterCancel() throws {
    let clock = ManualCountdownClock()
    let fires = LockedState<[CountdownInstant]>([])
    let timer = clock.makeTimer(on: .main) { event in
      if case .fired = event { fires.withLock { $0.append(clock.now) } }
    }
    let deadline = CountdownInstant.zero.advanced(by: .seconds(1))
    timer.schedule(at: deadline, leeway: .milliseconds(10))
    try clock.advance(by: .milliseconds(999))
    XCTAssertEqual(fires.withLock { $0 }, [], "not before its deadline")
    try clock.advance(by: .milliseconds(20))
    let fired = fires.withLock { $0 }
    XCTAssertEqual(fired.count, 1)
    if let at = fired.first {
      XCTAssertTrue(at >= deadline && at <= deadline.advanced(by: .milliseconds(10)), "fired at \(at)")
    }
    timer.schedule(at: clock.now.advanced(by: .seconds(1)), leeway: .zero)
    timer.cancel()
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(fires.withLock { $0 }.count, 1, "never after the cancel")
  }

  /// A ``CountdownTimer`` that says nothing of repeating: ``CountdownTimer/supportsRepeating`` is
  /// `false`, and the default ``CountdownTimer/schedule(at:repeating:leeway:)`` arms it once, "at
  /// `deadline`".
  func testATimerRepeatsOnlyWhenItSaysSo() {
    final class OneShot: CountdownTimer, @unchecked Sendable {
      var armed: [(CountdownInstant?, Duration)] = []
      func schedule(at deadline: CountdownInstant?, leeway: Duration) { armed.append((deadline, leeway)) }
      func cancel() {}
    }
    let timer = OneShot()
    XCTAssertFalse(timer.supportsRepeating)
    let deadline = CountdownInstant.zero.advanced(by: .seconds(3))
    timer.schedule(at: deadline, repeating: .seconds(1), leeway: .milliseconds(5))
    XCTAssertEqual(timer.armed.count, 1, "armed once")
    XCTAssertEqual(timer.armed.first?.0, deadline)
  }

  /// ``ManualClockJitter``: "The same seed gives the same run": two engines on clocks jittered
  /// with the same seed deliver the same values at the same instants.
  func testTheSameSeedGivesTheSameRun() throws {
    func run(seed: UInt64) throws -> [String] {
      let clock = try ManualCountdownClock(
        jitter: .init(late: .milliseconds(2), early: .microseconds(50), drift: .microseconds(20), seed: seed))
      let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
      let seen = LockedState<[String]>([])
      let a = Receiver("a")
      try engine.register(a, .duration(.seconds(5))) { value, _ in
        seen.withLock { $0.append("\(value)@\(clock.now.nanosecondsSinceOrigin)") }
      }
      try clock.advance(by: .seconds(6))
      return withExtendedLifetime(a) { seen.withLock { $0 } }
    }
    let first = try run(seed: 7)
    XCTAssertEqual(first.count, 6)
    XCTAssertEqual(try run(seed: 7), first)
  }

  /// ``AdaptedCountdownClock``: "Instants are counted from the base clock's `now` when the adapter
  /// is made": ``AdaptedCountdownClock/origin`` is that instant and ``AdaptedCountdownClock/now``
  /// the time since it.
  func testTheAdapterCountsFromTheBaseClocksNowWhenMade() throws {
    let base = ManualCountdownClock(now: .init(nanosecondsSinceOrigin: 7_000))
    let adapted = AdaptedCountdownClock(base)
    XCTAssertEqual(adapted.origin, base.now)
    XCTAssertEqual(adapted.now, .zero)
    try base.advance(by: .seconds(3))
    XCTAssertEqual(adapted.now, CountdownInstant.zero.advanced(by: .seconds(3)))
    let same: AdaptedCountdownClock<ManualCountdownClock> = .adapting(base)
    XCTAssertEqual(same.origin, base.now, "from the base's now when this one is made")
  }

  /// ``ContinuousCountdownClock/init()``: "All instances read the same time": a reading of one
  /// instance is never after a later reading of another.
  func testEveryContinuousClockReadsTheSameTime() {
    let first = ContinuousCountdownClock().now
    let second = ContinuousCountdownClock.continuous.now
    let third = ContinuousCountdownClock().now
    XCTAssertLessThanOrEqual(first, second)
    XCTAssertLessThanOrEqual(second, third)
    XCTAssertLessThan(first.duration(to: third), .seconds(60), "one time, not one per instance")
  }
}
