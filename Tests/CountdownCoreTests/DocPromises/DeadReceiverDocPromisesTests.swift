import CountdownCore
import CountdownTestSupport
import XCTest

/// What the docs of ``CountdownEngine/pause(_:)`` promise of paused countdowns whose receiver
/// died, beyond the engine's tests at a one-second interval: the probe "once an interval, for an
/// interval longer than" a minute, and no removal "during ``suspendTicking()``", then removal
/// once the engine ticks again.
final class DeadReceiverDocPromisesTests: XCTestCase {
  /// A five-minute interval: only a paused countdown wakes the engine, at most once an interval,
  /// and one whose receiver died goes "within a minute and one interval".
  func testWithAnIntervalLongerThanAMinuteTheProbeComesOnceAnInterval() throws {
    let (engine, clock) = try makeEngine(interval: .seconds(300))
    var sleeper: Receiver? = Receiver("sleeper")
    try engine.register(sleeper!, .duration(.seconds(86_400))) { _, _ in }
    try clock.advance(by: .seconds(10))
    XCTAssertTrue(engine.pause(sleeper!))
    let wakeups = engine.statistics.wakeups
    try clock.advance(by: .seconds(3_000))
    XCTAssertLessThanOrEqual(engine.statistics.wakeups - wakeups, 11, "fifty minutes paused: ten intervals")
    XCTAssertEqual(engine.count, 1, "its receiver lives")
    sleeper = nil
    try clock.advance(by: .seconds(360))
    XCTAssertEqual(engine.count, 0, "gone within a minute and an interval")
  }

  /// "(while the engine ticks: not during ``suspendTicking()``)": a dead receiver's paused
  /// countdown stays while the engine is suspended, and goes within a minute and an interval of
  /// ``CountdownEngine/resumeTicking()``.
  func testADeadReceiversPausedCountdownGoesOnlyOnceTheEngineTicksAgain() throws {
    let (engine, clock) = try makeEngine()
    var sleeper: Receiver? = Receiver("sleeper")
    let called = LockedState(0)
    try engine.register(sleeper!, .duration(.seconds(3_600))) { _, _ in called.withLock { $0 += 1 } }
    XCTAssertTrue(engine.pause(sleeper!))
    engine.suspendTicking()
    sleeper = nil
    let wakeups = engine.statistics.wakeups
    try clock.advance(by: .seconds(600))
    XCTAssertEqual(engine.statistics.wakeups, wakeups, "no wakeup while suspended")
    XCTAssertEqual(engine.count, 1, "not removed while suspended")
    engine.resumeTicking()
    try clock.advance(by: .seconds(61))
    XCTAssertEqual(engine.count, 0, "removed once the engine ticks")
    XCTAssertEqual(called.withLock { $0 }, 1, "only its first value: removed without a call")
  }
}
