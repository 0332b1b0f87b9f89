import CountdownCore
import Dispatch
import XCTest

/// The shared grid on a manual clock that behaves like a real one (seeded jitter, no real time):
/// wakeups late or early by less than half an interval, time moving while the engine registers and
/// delivers. Labels must flip together and never skip or repeat a value, whatever the jitter.
final class JitteredClockGridTests: XCTestCase {
  let recorder = Recorder()

  /// Fails with the first place where `values` does not step down by exactly one.
  func assertConsecutive(_ values: [Int], _ name: String, file: StaticString = #filePath, line: UInt = #line) {
    for (previous, next) in zip(values, values.dropFirst()) where next != previous - 1 {
      XCTFail("\(name) went \(previous) → \(next) in \(values)", file: file, line: line)
      return
    }
  }

  func testLabelsStartedTogetherNeverSkipOrRepeat() throws {
    for seed in UInt64(1)...5 {
      // The first registration makes the timer and sets the grid's phase: its countdown is exact.
      // The labels started after it, microseconds apart, show the same value at every tick.
      let run = try JitteredLabels(count: 20, seed: seed, recorder: recorder)
      let receivers = run.labels
      try run.clock.step(50, by: .milliseconds(100), recorder: recorder)
      for receiver in receivers {
        let values = recorder.values(receiver.name)
        XCTAssertGreaterThanOrEqual(values.count, 49, "\(receiver) seed \(seed): \(values)")
        assertConsecutive(values, "\(receiver) seed \(seed)")
      }
      assertConsecutive(recorder.values("first"), "first, seed \(seed)")
      // Every label shows the same value after every step: they flip in the same batch.
      let last = Set(receivers.map { recorder.values($0.name).last })
      XCTAssertEqual(last.count, 1, "seed \(seed): labels disagree: \(last)")
      XCTAssertEqual(recorder.values("first").last, 550, "seed \(seed): the first is exact")
      recorder.clear()
      run.engine.cancelAll()
    }
  }

  func testReRegisteringALoneCountdownKeepsTheTickRate() throws {
    for seed in UInt64(1)...5 {
      let (engine, clock) = try makeJitteredEngine(interval: .seconds(1), seed: seed)
      let cell = Receiver("cell")
      try engine.register(cell, .duration(.seconds(30)), handler: recorder.handler("first"))
      try engine.register(cell, .duration(.seconds(30)), handler: recorder.handler("cell"))
      try stepSixSecondsAndCheck("cell", clock, "seed \(seed)")
      engine.cancelAll()
      // Cancel and start again within the same turn.
      try engine.register(cell, .duration(.seconds(30)), handler: recorder.handler("first"))
      engine.cancel(cell)
      try engine.register(cell, .duration(.seconds(30)), handler: recorder.handler("again"))
      try stepSixSecondsAndCheck("again", clock, "seed \(seed) after cancel and start")
      engine.cancelAll()
    }
  }

  /// Six one-second steps: `name` gets six values, one per second, each one less than the last.
  private func stepSixSecondsAndCheck(_ name: String, _ clock: ManualCountdownClock, _ run: String) throws {
    try clock.step(6, by: .seconds(1), recorder: recorder)
    let values = recorder.values(name)
    XCTAssertEqual(values.count, 6, "\(run): one value per second: \(values)")
    assertConsecutive(values, run)
    recorder.clear()
  }

  /// A registration made by a callback while a pass is between chunks, into the part not walked
  /// yet, gets the value of the moment it is prepared, not of the moment the pass began.
  func testARegistrationMadeDuringAPassGetsItsCurrentValue() throws {
    let (engine, clock) = try makeJitteredEngine(interval: .seconds(1), seed: 3)
    // The walk goes from the last registration to the first: the first is prepared last.
    let receivers = (0..<(3 * ChunkLimits.capacity)).map { Receiver("r\($0)") }
    let replaced = receivers[0]
    let expired = receivers[1]
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(100)), handler: { _, _ in })
    }
    let trigger = receivers.last!
    let calls = LockedState(0)
    try clock.advance(by: .zero)
    let pastDeadline = clock.now
    try clock.advance(by: .milliseconds(100))
    try engine.register(trigger, .duration(.seconds(100))) { [recorder] value, _ in
      // Its second callback comes from the wakeup's walk, which reaches it in the first chunk.
      guard
        calls.withLock({
          $0 += 1
          return $0
        }) == 2
      else { return }
      try! engine.register(replaced, .duration(.seconds(5)), handler: recorder.handler("replaced"))
      try! engine.register(expired, .deadline(pastDeadline), handler: recorder.handler("expired"))
    }
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(recorder.values("replaced").first, 5, "a fresh 5 s countdown starts at 5")
    XCTAssertEqual(recorder.values("expired"), [0], "a past deadline delivers a single 0")
    engine.cancelAll()
  }

  /// A pass that runs past the next grid instant (a slow callback, or a wakeup that came just
  /// before the instant) must not skip that instant: what changed by it is delivered at once, not
  /// an interval later, so no countdown ever shows more than one interval over what is left.
  func testAGridInstantThatPassesDuringAPassIsNotSkipped() throws {
    let (engine, clock) = try makeEngine(interval: .seconds(1))
    let slow = Receiver("slow")
    // 10.5 s: 11 at once, then 10 from the grid instant at 1 s, 9 at 2 s, 8 at 3 s.
    try engine.register(slow, .duration(.milliseconds(10_500))) { [recorder] value, _ in
      recorder.record("slow", value)
      // The tick at 1 s runs until 2.5 s: the grid instant at 2 s passes during the pass.
      if value == 10 { try? clock.advance(by: .milliseconds(1_500)) }
    }
    try clock.advance(by: .zero)
    try clock.advance(by: .seconds(1))
    // At 2.5 s, 8.0 s are left: by the end of that pass's advance the label shows 9 (its value at
    // the grid instant at 2 s, delivered by a wakeup armed at once), not still 10 until 3 s.
    XCTAssertEqual(recorder.values("slow"), [11, 10, 9], "the grid instant at 2 s was skipped")
    try clock.advance(by: .milliseconds(500))
    XCTAssertEqual(recorder.values("slow"), [11, 10, 9, 8])
    engine.cancelAll()
  }
}
