import CountdownCore
import XCTest

/// On the shared grid, countdowns that deliver only their end or at milestones wait in the ends to
/// come: a tick walks only the registrations that may change at it (those delivering every change,
/// counting up, or paused), so the quiet ones cost nothing on the ticks between their ends, and a
/// removal leaves no bound behind that buys a walk of them.
final class QuietRegistrationTests: XCTestCase {
  /// One label counting down beside a thousand one-shots and a thousand milestone countdowns, all
  /// of an hour: each tick looks at the label alone.
  func testATickLooksOnlyAtTheRegistrationsThatDeliverEveryChange() throws {
    let (engine, clock, label, quiet) = try makeLabelBesideQuietCountdowns(1_000)
    let values = LockedState<[Int]>([])
    try engine.register(label, .duration(.seconds(3_600))) { value, _ in values.withLock { $0.append(value) } }
    try clock.advance(by: .seconds(2))
    let examined = engine.examinedRegistrations
    for _ in 0..<10 {
      try clock.advance(by: .seconds(1))
    }
    XCTAssertEqual(
      values.withLock { $0 }.suffix(10), Array((3_588...3_597).reversed()), "the label flipped at every tick")
    XCTAssertLessThanOrEqual(
      engine.examinedRegistrations - examined, 10, "ten ticks looked at the label alone, not at the quiet countdowns")
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    XCTAssertEqual(engine.costRuleViolations(), [])
    engine.cancelAll()
    withExtendedLifetime(quiet) {}
  }

  /// Cancelling the only countdown that delivers every change leaves nothing for a tick to walk:
  /// the next wakeup (the timer was armed for its change) looks at no registration, and the engine
  /// then wakes only for the quiet countdowns' ends.
  func testAWakeupAfterTheOnlyEveryChangeCountdownIsCancelledLooksAtNothing() throws {
    let (engine, clock, label, quiet) = try makeLabelBesideQuietCountdowns(1_000)
    try engine.register(label, .duration(.seconds(3_600))) { _, _ in }
    try clock.advance(by: .seconds(2))
    XCTAssertTrue(engine.cancel(label))
    let (examined, wakeups) = (engine.examinedRegistrations, engine.statistics.wakeups)
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(engine.examinedRegistrations - examined, 0, "no registration looked at after the cancel")
    XCTAssertLessThanOrEqual(engine.statistics.wakeups - wakeups, 1, "at most the wakeup the timer was armed for")
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    XCTAssertEqual(engine.costRuleViolations(), [])
    engine.cancelAll()
    withExtendedLifetime(quiet) {}
  }

  /// The bound on the next change, which the cancelled countdown set, is forgotten with it: the
  /// next quiet registration arms the timer for the ends alone, and no wakeup comes for the change
  /// the cancelled one had.
  func testACancelLeavesNoBoundThatBuysAWakeup() throws {
    let (engine, clock, label, quiet) = try makeLabelBesideQuietCountdowns(10)
    try engine.register(label, .duration(.seconds(3_600))) { _, _ in }
    try clock.advance(by: .seconds(2))
    XCTAssertTrue(engine.cancel(label))
    let late = Receiver("late")
    try engine.register(late, .duration(.seconds(1_800)), delivering: .onlyTheEnd) { _, _ in }
    let wakeups = engine.statistics.wakeups
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(engine.statistics.wakeups - wakeups, 0, "no wakeup before the soonest end")
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    engine.cancelAll()
    withExtendedLifetime(quiet) {}
  }

  /// A quiet registration moves in and out of the walked part as it is paused, resumed, replaced
  /// by one delivering every change and back, or given time, beside a label that ticks: each still
  /// delivers exactly what it should, its 0 on a grid instant a tick stands for included.
  func testAQuietRegistrationChangingItsModeDeliversWhatItShould() throws {
    let (engine, clock) = try makeEngine()
    let (label, oneShot, milestones, swapped) = (
      Receiver("label"), Receiver("one-shot"), Receiver("milestones"), Receiver("swapped")
    )
    let log = LockedState<[String: [Int]]>([:])
    func record(_ name: String) -> CountdownHandler {
      { value, _ in log.withLock { $0[name, default: []].append(value) } }
    }
    try engine.register(label, .duration(.seconds(60)), handler: record("label"))
    // Ends exactly on the grid instant 10 s on, which a tick stands for.
    try engine.register(oneShot, .duration(.seconds(10)), delivering: .onlyTheEnd, handler: record("one-shot"))
    try engine.register(
      milestones, .duration(.seconds(20)), delivering: .milestones([5, 15]), handler: record("milestones"))
    try engine.register(swapped, .duration(.seconds(30)), delivering: .onlyTheEnd, handler: record("swapped"))
    try clock.advance(by: .seconds(2))
    XCTAssertTrue(engine.pause(oneShot))
    XCTAssertTrue(engine.pause(milestones))
    try clock.advance(by: .seconds(2))
    XCTAssertTrue(engine.resume(oneShot))
    XCTAssertTrue(engine.resume(milestones))
    // Every change for a while, then only the end again.
    try engine.register(swapped, .duration(.seconds(5)), handler: record("swapped"))
    try clock.advance(by: .seconds(2))
    try engine.register(swapped, .duration(.seconds(8)), delivering: .onlyTheEnd, handler: record("swapped"))
    XCTAssertTrue(try engine.addTime(.seconds(2), to: swapped))
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    try clock.advance(by: .seconds(30))
    let calls = log.withLock { $0 }
    XCTAssertEqual(calls["one-shot"], [0], "the one-shot's 0 alone, after its pause")
    XCTAssertEqual(calls["milestones"], [15, 5, 0], "each milestone once, then the 0")
    XCTAssertEqual(calls["swapped"], [5, 4, 3, 0], "every change while it delivered them, then its end alone")
    XCTAssertEqual(calls["label"]?.first, 60)
    XCTAssertEqual(calls["label"]?.last, 24)
    XCTAssertEqual(engine.count, 1)
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    XCTAssertEqual(engine.costRuleViolations(), [])
    XCTAssertEqual(engine.tableInvariantViolations(), [])
    engine.cancelAll()
  }

  /// An engine with `count` one-shots and `count` countdowns at milestones, all of an hour, and a
  /// receiver for the label the caller registers.
  private func makeLabelBesideQuietCountdowns(
    _ count: Int
  ) throws -> (CountdownEngine, ManualCountdownClock, Receiver, [Receiver]) {
    let (engine, clock) = try makeEngine()
    let quiet = (0..<2 * count).map { Receiver("quiet \($0)") }
    for (index, receiver) in quiet.enumerated() {
      let deliveries: CountdownDeliveries = index < count ? .onlyTheEnd : .milestones([60, 600])
      try engine.register(receiver, .duration(.seconds(3_600)), delivering: deliveries) { _, _ in
        XCTFail("a quiet countdown was called before its first milestone")
      }
    }
    return (engine, clock, Receiver("label"), quiet)
  }
}
