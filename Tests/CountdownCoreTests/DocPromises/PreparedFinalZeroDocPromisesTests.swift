import CountdownCore
import CountdownTestSupport
import XCTest

/// What the engine's docs say of a countdown whose final 0 is prepared in the batch being
/// delivered: two countdowns end at the same instant, so their final 0s are prepared in one batch,
/// and the first one's handler, in its 0's call, acts on the second, whose 0 is not yet called.
/// The second has ended at its deadline (as if its call had come first): `contains` is `false`,
/// `pause` and `addTime` return `false` and its 0 comes; `cancel` returns `false` and withholds
/// it all the same (nothing begins after `cancel` returns).
final class PreparedFinalZeroDocPromisesTests: XCTestCase {
  /// Registers `first` and `second` to end together at 3 s, runs `act` in `first`'s 0 call, and
  /// returns what `second` was called with.
  private func inFirstZeroCall(
    _ act: @escaping @Sendable (CountdownEngine, Receiver) -> Void
  ) throws -> (second: [Int], engine: CountdownEngine, clock: ManualCountdownClock, receiver: Receiver) {
    let (engine, clock) = try makeEngine()
    let first = Receiver("first")
    let second = Receiver("second")
    let recorder = Recorder()
    try engine.register(first, .duration(.seconds(3))) { [weak second] value, _ in
      if value == 0, let second { act(engine, second) }
    }
    try engine.register(second, .duration(.seconds(3)), handler: recorder.handler("second"))
    try clock.advance(by: .seconds(3))
    withExtendedLifetime(first) {}
    return (recorder.values("second"), engine, clock, second)
  }

  /// ``CountdownEngine/cancel(_:)``: "`false` for a countdown whose final `0` is prepared in the
  /// batch being delivered …; that `0` is withheld all the same".
  func testCancelOfAPreparedFinalZeroWithholdsItAndAnswersFalse() throws {
    let returned = LockedState<Bool?>(nil)
    let run = try inFirstZeroCall { engine, second in
      let cancelled = engine.cancel(second)
      returned.withLock { $0 = cancelled }
    }
    XCTAssertEqual(run.second, [3, 2, 1], "its prepared 0 is withheld: nothing after cancel returns")
    XCTAssertEqual(returned.withLock { $0 }, false, "it had ended at its deadline")
  }

  /// ``CountdownEngine/pause(_:)``: "`false` for a countdown whose final `0` is prepared in the
  /// batch being delivered …: it has ended at its deadline, and that `0` comes";
  /// ``CountdownEngine/contains(_:)``: "`false` once its final `0` is prepared in the batch".
  func testPauseOfAPreparedFinalZeroAnswersFalseAndTheZeroComes() throws {
    let seen = LockedState<(contains: Bool, paused: Bool)?>(nil)
    let run = try inFirstZeroCall { engine, second in
      let contains = engine.contains(second)
      let paused = engine.pause(second)
      seen.withLock { $0 = (contains, paused) }
    }
    XCTAssertEqual(seen.withLock { $0?.contains }, false, "ended at its deadline, its 0 on its way")
    XCTAssertEqual(seen.withLock { $0?.paused }, false)
    XCTAssertEqual(run.second, [3, 2, 1, 0], "its 0 comes")
    XCTAssertFalse(run.engine.contains(run.receiver))
  }

  /// ``CountdownEngine/addTime(_:to:)``: "`false` for one whose final `0` is prepared in the batch
  /// being delivered …, which has ended at its deadline; that `0` comes".
  func testTimeAddedToAPreparedFinalZeroAnswersFalseAndTheZeroComes() throws {
    let returned = LockedState<Bool?>(nil)
    let run = try inFirstZeroCall { engine, second in
      let added = try? engine.addTime(.seconds(5), to: second)
      returned.withLock { $0 = added }
    }
    XCTAssertEqual(returned.withLock { $0 }, false, "ended at its deadline")
    XCTAssertEqual(run.second, [3, 2, 1, 0], "its 0 comes; no time added")
    XCTAssertFalse(run.engine.contains(run.receiver))
  }
}
