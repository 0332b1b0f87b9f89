import CountdownCore
import Dispatch
import XCTest

/// Time added where timing is hard: per-countdown alignment (the wheel must hold the new
/// changes), a jittered clock (the new value on the labels' grid), and from inside a delivery pass
/// (a value prepared with the old end must not be delivered after the call returns).
final class TimeAddedTimingTests: XCTestCase {
  let recorder = Recorder()

  func testPerCountdownAlignmentFlipsAtTheMovedInstants() throws {
    let tolerance: Int64 = 50_000_000
    let (engine, clock) = try makeEngine(alignment: .perCountdown(tolerance: .nanoseconds(tolerance)))
    let first = Receiver("first")
    try engine.register(first, .duration(.seconds(60)), handler: recorder.handler("first"))
    try clock.advance(by: .milliseconds(300))
    let lot = Receiver("lot")
    let deliveries = LockedState<[(value: Int, at: Int64)]>([])
    try engine.register(lot, .duration(.seconds(10))) { value, _ in
      deliveries.withLock { $0.append((value, clock.now.nanosecondsSinceOrigin)) }
    }
    let bell = Receiver("bell")
    try engine.register(bell, .duration(.seconds(10)), delivering: .onlyTheEnd, handler: recorder.handler("bell"))
    try clock.advance(by: .seconds(5))
    deliveries.withLock { $0.removeAll() }
    // Off the grid of whole seconds the lot flipped on: 10.3 s + 30.25 s.
    XCTAssertTrue(try engine.addTime(.milliseconds(30_250), to: lot))
    XCTAssertTrue(try engine.addTime(.milliseconds(5_500), to: bell))
    for _ in 0..<3_600 { try clock.advance(by: .milliseconds(10)) }
    let deadline: Int64 = 40_550_000_000
    let seen = deliveries.withLock { $0 }
    XCTAssertEqual(seen.first?.value, 36, "the new value at once: 35.25 s left, rounded up")
    XCTAssertEqual(seen.map(\.value), Array((0...36).reversed()))
    for (value, at) in seen.dropFirst() {
      let due = deadline - Int64(value) * 1_000_000_000
      XCTAssertTrue(at >= due && at <= due + tolerance, "\(value) at \(at), due at \(due)")
    }
    XCTAssertEqual(recorder.values("bell"), [0])
    XCTAssertNotEqual(recorder.values("first").last, 0, "the other countdown runs on")
  }

  func testPerCountdownOnlyTheEndComesWithinTheToleranceOfItsNewEnd() throws {
    let (engine, clock) = try makeEngine(alignment: .perCountdown(tolerance: .milliseconds(50)))
    let bell = Receiver("bell")
    let rangAt = LockedState<Int64?>(nil)
    try engine.register(bell, .duration(.seconds(10)), delivering: .onlyTheEnd) { _, _ in
      rangAt.withLock { $0 = clock.now.nanosecondsSinceOrigin }
    }
    try clock.advance(by: .seconds(2))
    XCTAssertTrue(try engine.addTime(.milliseconds(5_520), to: bell))
    for _ in 0..<1_500 { try clock.advance(by: .milliseconds(10)) }
    let end: Int64 = 15_520_000_000
    let rang = rangAt.withLock { $0 }
    XCTAssertNotNil(rang)
    XCTAssertTrue((end...end + 50_000_000).contains(rang ?? 0), "rang at \(rang ?? 0), ends at \(end)")
  }

  func testOnAJitteredClockTheNewValueIsOnTheLabelsGrid() throws {
    for seed in UInt64(1)...5 {
      let run = try JitteredLabels(count: 10, seed: seed, recorder: recorder)
      let (engine, clock, labels) = (run.engine, run.clock, run.labels)
      try clock.step(20, by: .milliseconds(100), recorder: recorder)
      XCTAssertTrue(try engine.addTime(.seconds(3), to: labels[0]))
      try clock.step(30, by: .milliseconds(100), recorder: recorder)
      let extended = recorder.values("r0")
      let jump = zip(extended, extended.dropFirst()).filter { $1 != $0 - 1 }
      XCTAssertEqual(jump.count, 1, "seed \(seed): one step up, then one down at a time: \(extended)")
      // The clock may stand past a grid instant whose (late) wakeup has not come: the new value,
      // delivered inside the call, is then that instant's, which the others show once that wakeup
      // comes, in the next batch. From then on, each batch leaves the labels 30 intervals apart.
      let events = recorder.events
      for advance in 21...50 {
        let shown = events.filter { $0.advance <= advance && $0.name == "r0" }.last?.value
        let others = events.filter { $0.advance <= advance && $0.name == "r1" }.last?.value
        XCTAssertEqual(
          shown, others.map { $0 + 30 }, "seed \(seed), advance \(advance): 30 intervals more than the others")
      }
      XCTAssertTrue(try engine.addTime(.seconds(-100), to: labels[1]))
      try clock.step(3, by: .milliseconds(100), recorder: recorder)
      XCTAssertEqual(recorder.values("r1").filter { $0 == 0 }.count, 1, "seed \(seed): one 0")
      XCTAssertFalse(engine.contains(labels[1]))
      recorder.clear()
      engine.cancelAll()
    }
  }

  func testAValuePreparedWithTheOldEndIsNotDeliveredOnceTheCallReturns() throws {
    let (engine, clock) = try makeEngine()
    let early = Receiver("early")
    let late = Receiver("late")
    let recorder = self.recorder
    try engine.register(early, .duration(.seconds(10)), handler: recorder.handler("early"))
    // Registered later, walked first: its callback comes before `early`'s in each batch.
    try engine.register(late, .duration(.seconds(10))) { [weak early] value, _ in
      recorder.record("late", value)
      if value == 5, let early {
        do {
          try engine.addTime(.seconds(30), to: early)
        } catch {
          XCTFail("\(error)")
        }
      }
    }
    try clock.step(6, by: .seconds(1), recorder: recorder)
    let fifth = recorder.events.filter { $0.advance == 5 }.map(\.name)
    XCTAssertEqual(fifth.first, "late", "the callback that adds time comes first in its batch")
    XCTAssertEqual(recorder.values("early"), [10, 9, 8, 7, 6, 35, 34], "never the 5 prepared before the call")
  }

  /// Time taken from a countdown whose deadline has come, before its end's wakeup did (a wakeup may
  /// come up to the end tolerance late: 3 s on a 1-minute grid), ends it with its single
  /// 0 inside the call, whatever it delivers, as time taken past the end does before the deadline;
  /// nothing waits for the wakeup, and nothing comes after.
  func testTimeTakenJustAfterTheDeadlineBeforeTheEndsWakeupEndsItAtOnce() throws {
    for alignment in [CountdownAlignment.shared, .perCountdown(tolerance: .seconds(3))] {
      let (engine, clock) = try makeEngine(interval: .seconds(60), alignment: alignment)
      clock.firesAtTheEndOfTheLeeway = true
      let recorder = Recorder()
      let receivers = ["label", "bell", "exam"].map(Receiver.init)
      let deliveries: [CountdownDeliveries] = [.everyChange, .onlyTheEnd, .milestones([5])]
      for (receiver, deliveries) in zip(receivers, deliveries) {
        try engine.register(
          receiver, .duration(.seconds(600)), delivering: deliveries, handler: recorder.handler(receiver.name))
      }
      // On the shared grid, 10 ms after the deadline; per countdown, whose wakeups come sooner, at it.
      let late: Duration = alignment == .shared ? .milliseconds(10) : .zero
      try clock.advance(by: .seconds(600) + late)
      XCTAssertEqual(recorder.values("label").last, 1, "\(alignment): \(late) after the deadline, no 0 yet")
      XCTAssertEqual(recorder.values("bell"), [], "\(alignment)")
      XCTAssertEqual(recorder.values("exam"), [5], "\(alignment)")
      for receiver in receivers {
        XCTAssertTrue(try engine.addTime(.seconds(-5), to: receiver), "\(alignment): \(receiver.name)")
        XCTAssertEqual(recorder.values(receiver.name).last, 0, "\(alignment): \(receiver.name)'s 0, inside the call")
        XCTAssertFalse(engine.contains(receiver), "\(alignment): \(receiver.name) ended")
      }
      try clock.advance(by: .seconds(180))
      XCTAssertEqual(recorder.values("label").filter { $0 == 0 }.count, 1, "\(alignment): one 0")
      XCTAssertEqual(recorder.values("bell"), [0], "\(alignment)")
      XCTAssertEqual(recorder.values("exam"), [5, 0], "\(alignment)")
      XCTAssertEqual(engine.count, 0)
      withExtendedLifetime(receivers) {}
    }
  }
}
