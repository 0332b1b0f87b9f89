import CountdownCore
import Dispatch
import XCTest

/// The end is an event, on time: on the shared grid a countdown's final 0 comes within the end
/// tolerance after its deadline, not at the next grid instant, while the values before it flip
/// together on the grid.
final class EndOnTimeTests: XCTestCase {
  /// Each callback's value with the clock instant it came at, in milliseconds since the origin.
  final class Timeline: Sendable {
    private let entries = LockedState<[(value: Int, at: Int64)]>([])
    let clock: ManualCountdownClock

    init(clock: ManualCountdownClock) { self.clock = clock }

    var handler: CountdownHandler {
      { value, _ in
        let now = self.clock.now.nanosecondsSinceOrigin / 1_000_000
        self.entries.withLock { $0.append((value, now)) }
      }
    }
    var values: [Int] { entries.withLock { $0.map(\.value) } }
    var instants: [Int64] { entries.withLock { $0.map(\.at) } }
    /// When the 0 came, in milliseconds.
    var end: Int64? { entries.withLock { $0.first { $0.value == 0 }?.at } }
  }

  /// A countdown registered from a callback of a pass the manual clock settles (here, a first
  /// delivery pending before the clock moved) gets its first value at that instant, as a real
  /// delivery queue would give it right after the pass, and its 0 at its deadline: not both at the
  /// next wakeup.
  func testACountdownRegisteredFromASettledPassEndsOnTime() throws {
    let (engine, clock) = try makeEngine(interval: .milliseconds(100))
    let timeline = Timeline(clock: clock)
    let first = Receiver("first")
    let second = Receiver("second")
    let registered = LockedState(false)
    try engine.register(first, .duration(.seconds(1))) { _, _ in
      guard
        !registered.withLock({ registered in
          defer { registered = true }
          return registered
        })
      else { return }
      try? engine.register(second, .duration(.milliseconds(57)), handler: timeline.handler)
    }
    try clock.advance(by: .milliseconds(200))
    XCTAssertEqual(timeline.values, [1, 0])
    XCTAssertEqual(timeline.instants.first, 0, "the first value at once")
    XCTAssertEqual(
      timeline.end.map { (57...62).contains($0) }, true,
      "the 0 within the 5 ms end tolerance after 57 ms: \(timeline.instants)")
    engine.cancelAll()
    withExtendedLifetime((first, second)) {}
  }

  /// What a user saw on today's main: a per-minute manager counting to a deadline 90 s away showed
  /// 0 at 120 s, half a minute after a Live Activity for the same deadline.
  func testAPerMinuteCountdownToNinetySecondsEndsAtNinetySeconds() throws {
    let (engine, clock) = try makeEngine(interval: .seconds(60))
    let timeline = Timeline(clock: clock)
    let order = Receiver("order")
    try engine.register(
      order, .deadline(CountdownInstant(nanosecondsSinceOrigin: 90_000_000_000)), handler: timeline.handler)
    try clock.advance(by: .seconds(150))
    XCTAssertEqual(timeline.values, [2, 1, 0])
    XCTAssertEqual(timeline.instants, [0, 60_000, 90_000], "values on the grid, the 0 at the deadline")
    XCTAssertEqual(engine.endTolerance, .seconds(3), "5 % of the interval by default")
  }

  /// A 21 s countdown started a millisecond after another (so off the grid the first one set)
  /// ended at 22 s.
  func testACountdownStartedOffTheGridEndsAtItsDeadline() throws {
    let (engine, clock) = try makeEngine()
    let first = Timeline(clock: clock)
    let second = Timeline(clock: clock)
    // Both receivers live to the end of the test: the engine holds them weakly, and a receiver
    // released early (when is up to the optimizer) ends its countdown.
    let receivers = (first: Receiver("first"), second: Receiver("second"))
    try engine.register(receivers.first, .duration(.seconds(30)), handler: first.handler)
    try clock.advance(by: .milliseconds(1))
    try engine.register(receivers.second, .duration(.seconds(21)), handler: second.handler)
    try withExtendedLifetime(receivers) { try clock.advance(by: .seconds(25)) }
    XCTAssertEqual(second.values, Array((0...21).reversed()))
    XCTAssertEqual(second.end, 21_050, "the end window after its deadline (21.001 s), not the next grid instant (22 s)")
    // Every value but the first and the last flips on the grid the first countdown set, with it
    // (the first, 21, lasts until 20 s are left at a grid instant: 2 s).
    XCTAssertEqual(Array(second.instants.dropFirst().dropLast()), (2...21).map { Int64($0) * 1_000 })
    XCTAssertEqual(Array(first.instants.prefix(21)), (0...20).map { Int64($0) * 1_000 })
  }

  /// The 0 never comes before the deadline, and never later than the end tolerance after it.
  func testTheZeroComesWithinTheEndToleranceAfterTheDeadlineNeverBefore() throws {
    let (engine, clock) = try makeEngine()
    var generator = SplitMix64(seed: 11)
    var deadlines: [Int64] = []
    var timelines: [Timeline] = []
    var receivers: [Receiver] = []
    let grid = Receiver("grid")
    defer { withExtendedLifetime(grid) {} }
    try engine.register(grid, .duration(.seconds(100)), handler: { _, _ in })
    for index in 0..<300 {
      let deadline = 500_000_000 + Int64(generator.next() % 5_000_000_000)
      let timeline = Timeline(clock: clock)
      let receiver = Receiver("r\(index)")
      try engine.register(
        receiver, .deadline(CountdownInstant(nanosecondsSinceOrigin: deadline)), handler: timeline.handler)
      deadlines.append(deadline)
      timelines.append(timeline)
      receivers.append(receiver)
    }
    // Advance in small uneven steps, as a real clock's reads would.
    while clock.now.nanosecondsSinceOrigin < 6_000_000_000 {
      try clock.advance(by: .milliseconds(Int64(1 + generator.next() % 7)))
    }
    for (deadline, timeline) in zip(deadlines, timelines) {
      let end = try XCTUnwrap(timeline.end)
      XCTAssertGreaterThanOrEqual(end * 1_000_000 + 999_999, deadline, "never before the deadline")
      XCTAssertLessThanOrEqual(
        end * 1_000_000, deadline + 50_000_000 + 7_000_000, "within 50 ms (and one step of the test's clock)")
      XCTAssertEqual(timeline.values.last, 0)
    }
  }

  /// Ends within one end window share a wakeup; the wakeups an interval needs stay at most one for
  /// the grid and one per end window, however many countdowns end.
  func testEndsCloseTogetherShareAWakeup() throws {
    let (engine, clock) = try makeEngine()
    let recorder = Recorder()
    let grid = Receiver("grid")
    defer { withExtendedLifetime(grid) {} }
    try engine.register(grid, .duration(.seconds(100)), handler: { _, _ in })
    let receivers = (0..<100).map { Receiver("r\($0)") }
    for (index, receiver) in receivers.enumerated() {
      // Deadlines spread over 2.201 ... 2.2495 s: one end window (2.20 ... 2.25 s).
      let deadline = 2_201_000_000 + Int64(index) * 485_000
      try engine.register(
        receiver, .deadline(CountdownInstant(nanosecondsSinceOrigin: deadline)), handler: recorder.handler("r\(index)"))
    }
    try clock.advance(by: .seconds(2))
    let before = engine.statistics.wakeups
    recorder.nextAdvance()
    try clock.advance(by: .milliseconds(260))
    XCTAssertEqual(engine.statistics.wakeups - before, 1, "one wakeup for the 100 ends")
    let zeros = recorder.events.filter { $0.value == 0 }
    XCTAssertEqual(zeros.count, 100)
    XCTAssertEqual(Set(zeros.map(\.advance)).count, 1, "in one batch")
  }

  func testWakeupsPerIntervalStayBoundedWithRandomDeadlines() throws {
    let (engine, clock) = try makeEngine()
    var generator = SplitMix64(seed: 5)
    let receivers = (0..<2_000).map { Receiver("r\($0)") }
    for receiver in receivers {
      let deadline = Int64(generator.next() % 10_000_000_000) + 1
      try engine.register(receiver, .deadline(CountdownInstant(nanosecondsSinceOrigin: deadline)), handler: { _, _ in })
    }
    try clock.advance(by: .seconds(11))
    XCTAssertEqual(engine.count, 0)
    // 10 grid instants and at most 20 end windows in each of the 10 intervals, plus the lazy cancel.
    XCTAssertLessThanOrEqual(engine.statistics.wakeups, 10 + 200 + 1)
  }

  /// A one-shot (only the end) between grid instants wakes the engine once, at its deadline.
  func testAnOnlyTheEndRegistrationEndsAtItsDeadline() throws {
    let (engine, clock) = try makeEngine()
    let timeline = Timeline(clock: clock)
    let tick = Receiver("tick")
    let once = Receiver("once")
    defer { withExtendedLifetime((tick, once)) {} }
    try engine.register(tick, .duration(.seconds(10)), handler: { _, _ in })
    try clock.advance(by: .milliseconds(300))
    try engine.register(once, .duration(.milliseconds(1_450)), delivering: .onlyTheEnd, handler: timeline.handler)
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(timeline.values, [0])
    XCTAssertEqual(timeline.end, 1_750)
  }

  func testTheEndToleranceIsSettableAndChecked() throws {
    let clock = ManualCountdownClock()
    let engine = try CountdownEngine(
      interval: .seconds(1), endTolerance: .milliseconds(1), clock: clock, deliveryQueue: .main)
    XCTAssertEqual(engine.endTolerance, .milliseconds(1))
    let timeline = Timeline(clock: clock)
    let grid = Receiver("grid")
    defer { withExtendedLifetime(grid) {} }
    try engine.register(grid, .duration(.seconds(10)), handler: { _, _ in })
    try clock.advance(by: .microseconds(500))
    let receiver = Receiver("r")
    defer { withExtendedLifetime(receiver) {} }
    try engine.register(receiver, .duration(.milliseconds(2_000)), handler: timeline.handler)
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(timeline.end, 2_001, "the end grid's next millisecond after 2.0005 s")
    for bad: Duration in [.zero, .milliseconds(-1), .milliseconds(1_001)] {
      assertThrows(.invalidInterval) { () throws(CountdownError) in
        _ = try CountdownEngine(interval: .seconds(1), endTolerance: bad, clock: clock, deliveryQueue: .main)
      }
    }
    // Per-countdown alignment: its tolerance bounds the end already.
    let perCountdown = try CountdownEngine(
      interval: .seconds(1), alignment: .perCountdown(tolerance: .milliseconds(20)), clock: clock, deliveryQueue: .main)
    XCTAssertEqual(perCountdown.endTolerance, .milliseconds(20))
  }
}
