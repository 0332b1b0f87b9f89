import CountdownCore
import CountdownTestSupport
import Dispatch
import XCTest

/// A wakeup that comes while a callback made inside a call runs (a first value, a resume's value,
/// time added's value: a first callback that runs a modal or a nested wait) finds a pass running,
/// and leaves the timer's arming to that pass's end: the countdown goes on ticking, to its 0.
///
/// The wakeup here has nothing to deliver: the timer was armed for the end of a countdown paused
/// since (a pause leaves an earlier one-shot armed, whose wakeup re-arms), so only the arming it
/// owes keeps the label ticking.
final class WakeupDuringFirstCallbackTests: XCTestCase {
  private let recorder = Recorder()

  /// A handler that records its values and, on its first call after `first` is set, moves the
  /// clock on by 1.5 s from inside the call, so that the wakeups due meanwhile run inside it.
  private func advancing(_ clock: ManualCountdownClock, _ first: LockedState<Bool>) -> CountdownHandler {
    let recorder = recorder
    return { value, _ in
      recorder.record("label", value)
      let isFirst = first.withLock { first in
        defer { first = false }
        return first
      }
      guard isFirst else { return }
      try? clock.advance(by: .milliseconds(1_500))
    }
  }

  /// A countdown whose end at 0.5 s the timer is armed for, paused at once: that wakeup finds
  /// nothing due.
  private func pausedEndAtHalfASecond(_ engine: CountdownEngine) throws -> Receiver {
    let paused = Receiver("paused")
    try engine.register(paused, .duration(.milliseconds(500)), handler: recorder.handler("paused"))
    XCTAssertTrue(engine.pause(paused))
    return paused
  }

  func testARegistrationsFirstCallbackThatLetsAWakeupRunKeepsTicking() throws {
    let (engine, clock) = try makeEngine()
    let paused = try pausedEndAtHalfASecond(engine)
    let label = Receiver("label")
    try engine.register(label, .duration(.seconds(6)), handler: advancing(clock, LockedState(true)))
    try clock.step(6, by: .seconds(1), recorder: recorder)
    XCTAssertEqual(recorder.values("label"), [6, 5, 4, 3, 2, 1, 0])
    XCTAssertFalse(engine.contains(label))
    XCTAssertTrue(engine.cancel(paused))
  }

  func testAResumesCallbackThatLetsAWakeupRunKeepsTicking() throws {
    let (engine, clock) = try makeEngine()
    let label = Receiver("label")
    let first = LockedState(false)
    try engine.register(label, .duration(.seconds(6)), handler: advancing(clock, first))
    XCTAssertTrue(engine.pause(label))
    let paused = try pausedEndAtHalfASecond(engine)
    first.withLock { $0 = true }
    XCTAssertTrue(engine.resume(label))
    try clock.step(6, by: .seconds(1), recorder: recorder)
    XCTAssertEqual(recorder.values("label"), [6, 6, 5, 4, 3, 2, 1, 0])
    XCTAssertFalse(engine.contains(label))
    XCTAssertTrue(engine.cancel(paused))
  }

  func testTimeAddedWhoseCallbackLetsAWakeupRunKeepsTicking() throws {
    let (engine, clock) = try makeEngine()
    let label = Receiver("label")
    let first = LockedState(false)
    try engine.register(label, .duration(.seconds(6)), handler: advancing(clock, first))
    let paused = try pausedEndAtHalfASecond(engine)
    first.withLock { $0 = true }
    XCTAssertTrue(try engine.addTime(.seconds(2), to: label))
    try clock.step(8, by: .seconds(1), recorder: recorder)
    XCTAssertEqual(recorder.values("label"), [6, 8, 7, 6, 5, 4, 3, 2, 1, 0])
    XCTAssertFalse(engine.contains(label))
    XCTAssertTrue(engine.cancel(paused))
  }
}
