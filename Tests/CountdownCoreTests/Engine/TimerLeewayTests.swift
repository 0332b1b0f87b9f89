import CountdownCore
import Dispatch
import XCTest

/// The timer's leeway: each arming asks for the largest lateness every promise in force allows
/// (so that a system timer can coalesce the wakeup with others), never more. Checked on the
/// leeway each arming of the manual clock's timer asked for, and end to end with every wakeup as
/// late as its leeway lets it be.
final class TimerLeewayTests: XCTestCase {
  private let ms: Int64 = 1_000_000
  private let us: Int64 = 1_000

  // MARK: - The rule, as a pure function

  private func leeway(
    at wakeup: Int64, window: Int64, interval: Int64? = nil, earliestChange: Int64? = nil,
    endsHaveOwnGrid: Bool = true, soonestEnd: Int64? = nil, endWindow: Int64
  ) -> Int64 {
    let grid = WakeupGrid(interval: interval ?? window, window: window, endWindow: endWindow)
    XCTAssertEqual(
      grid.endsHaveOwnGrid, endsHaveOwnGrid, "an end window below the window gives ends a grid of their own")
    return grid.leeway(forWakeupAt: wakeup, earliestChange: earliestChange, soonestEnd: soonestEnd)
  }

  func testTheSharedGridAllowsATenthOfItsInterval() {
    // Nothing ends near the wakeup: a value stands for its grid instant however late its batch.
    XCTAssertEqual(leeway(at: 2_000 * ms, window: 1_000 * ms, earliestChange: 2_000 * ms, endWindow: 50 * ms), 100 * ms)
    XCTAssertEqual(leeway(at: 2_000 * ms, window: 1_000 * ms, endWindow: 50 * ms), 100 * ms, "nothing to change at all")
  }

  func testAnEndNoLaterThanTheFireBoundsItByWhatIsLeftOfTheEndTolerance() {
    // An end at its own end-grid instant: the whole end tolerance is left.
    XCTAssertEqual(leeway(at: 5_500 * ms, window: 1_000 * ms, soonestEnd: 5_500 * ms, endWindow: 50 * ms), 50 * ms)
    // An end a millisecond after an end-grid instant waits 49 ms for the next: 1 ms is left.
    XCTAssertEqual(leeway(at: 5_550 * ms, window: 1_000 * ms, soonestEnd: 5_501 * ms, endWindow: 50 * ms), 1 * ms)
    // A grid wakeup with an end 20 ms after it: a fire 70 ms late delivers that end 50 ms late.
    XCTAssertEqual(leeway(at: 6_000 * ms, window: 1_000 * ms, soonestEnd: 6_020 * ms, endWindow: 50 * ms), 70 * ms)
    // Sub-millisecond: 100 µs left of a 500 µs end tolerance.
    XCTAssertEqual(
      leeway(at: 5_020_500 * us, window: 1_000 * ms, soonestEnd: 5_020_100 * us, endWindow: 500 * us), 100 * us)
  }

  func testAnEndThisTickMayBringBoundsItToo() {
    // A registration whose next change (to its last value) is due 20 ms after the previous grid
    // instant ends an interval later, 20 ms after this wakeup: 70 ms are left.
    XCTAssertEqual(leeway(at: 5_000 * ms, window: 1_000 * ms, earliestChange: 4_020 * ms, endWindow: 50 * ms), 70 * ms)
    // An earliest change on the grid instant itself ends no sooner than the next one.
    XCTAssertEqual(leeway(at: 5_000 * ms, window: 1_000 * ms, earliestChange: 5_000 * ms, endWindow: 50 * ms), 100 * ms)
  }

  func testPerCountdownLeavesTheEarliestChangesSlackWithinItsTolerance() {
    // A 500 µs tolerance (the window): a change 10 µs after a grid instant waits 490 µs for the
    // next; 10 µs are left.
    XCTAssertEqual(
      leeway(
        at: 500 * us, window: 500 * us, interval: 10 * ms, earliestChange: 10 * us, endsHaveOwnGrid: false,
        endWindow: 500 * us),
      10 * us)
    // On the grid instant: the whole tolerance is left, but a tenth of the window is the most.
    XCTAssertEqual(
      leeway(
        at: 500 * us, window: 500 * us, interval: 10 * ms, earliestChange: 500 * us, endsHaveOwnGrid: false,
        endWindow: 500 * us),
      50 * us)
    // Only the window known (the wheel's bound: its first nanosecond): next to nothing.
    XCTAssertEqual(
      leeway(
        at: 1_000 * us, window: 500 * us, interval: 10 * ms, earliestChange: 500 * us + 1, endsHaveOwnGrid: false,
        endWindow: 500 * us),
      1)
  }

  func testALeewayIsNeverNegativeNorOverflows() {
    // A change overdue since before the previous grid instant (the wakeup is for an instant passed).
    XCTAssertEqual(
      leeway(at: 5_000 * ms, window: 500 * us, earliestChange: 4_000 * ms, endsHaveOwnGrid: false, endWindow: 500 * us),
      0)
    XCTAssertEqual(leeway(at: 5_000 * ms, window: 1_000 * ms, soonestEnd: 4_000 * ms, endWindow: 50 * ms), 0)
    // At the ends of the clock: saturated, never wrapped.
    XCTAssertEqual(
      leeway(at: .max - 1, window: .max, earliestChange: .max, endsHaveOwnGrid: false, endWindow: .max), 1,
      "the end of time is 1 ns away")
    XCTAssertEqual(
      leeway(at: .max, window: .max, earliestChange: .max, endsHaveOwnGrid: false, soonestEnd: .max, endWindow: .max), 0
    )
    XCTAssertEqual(
      leeway(at: .min, window: 1_000 * ms, earliestChange: .min, soonestEnd: .min, endWindow: 50 * ms), 50 * ms)
    XCTAssertEqual(
      leeway(at: 0, window: .max, earliestChange: .max, endsHaveOwnGrid: false, endWindow: .max), .max / 10)
  }

  func testARepeatingFireIsOnPlanWithinItsLeewayAndAMillisecond() {
    XCTAssertEqual(TimerArming.repeatingDriftLimit(window: 1_000 * ms, leeway: 100 * ms), 101 * ms)
    XCTAssertEqual(TimerArming.repeatingDriftLimit(window: 1_000 * ms, leeway: 0), 1 * ms)
    XCTAssertEqual(
      TimerArming.repeatingDriftLimit(window: 1 * ms, leeway: 100 * us), 500 * us, "never over half a window")
    XCTAssertEqual(TimerArming.repeatingDriftLimit(window: .max, leeway: .max), .max / 2)
  }

  /// Dispatch takes counts as `Int`, 32 bits on watchOS: a leeway is rounded down to the finest
  /// unit that fits, so it is never more than asked for.
  func testADispatchLeewayIsRoundedDownToAUnitThatFits() {
    typealias Timer = DispatchCountdownTimer
    XCTAssertEqual(Timer.delay(nanoseconds: 1_500, as: Int32.self, roundedUp: false).count, 1_500)
    let long = Timer.delay(nanoseconds: 2_999_999_999, as: Int32.self, roundedUp: false)
    XCTAssertEqual(long.count, 2_999_999)
    XCTAssertEqual(long.unit, .microseconds)
    let rounding = Timer.delay(nanoseconds: 2_999_999_999, as: Int32.self)
    XCTAssertEqual(rounding.count, 3_000_000, "a deadline's delay still rounds up")
    XCTAssertEqual(Timer.delay(nanoseconds: -5, as: Int32.self, roundedUp: false).count, 0)
    let huge = Timer.delay(nanoseconds: .max, as: Int32.self, roundedUp: false)
    XCTAssertEqual(huge.count, Int32.max)
    XCTAssertEqual(huge.unit, .seconds)
  }

  // MARK: - What each arming asks for

  private func once(_ deadline: Int64, leeway: Int64) -> ManualCountdownClock.Arming {
    .init(
      timer: 0, deadline: CountdownInstant(nanosecondsSinceOrigin: deadline), period: nil, leeway: .nanoseconds(leeway))
  }

  private func repeating(_ deadline: Int64, every period: Int64, leeway: Int64) -> ManualCountdownClock.Arming {
    .init(
      timer: 0, deadline: CountdownInstant(nanosecondsSinceOrigin: deadline), period: .nanoseconds(period),
      leeway: .nanoseconds(leeway))
  }

  /// What a 1 s engine with `endTolerance` arms the timer for in its first 7 s, holding a 100 s
  /// countdown and one of `length`, both registered at 0.
  private func armingsOverSevenSeconds(
    withACountdownOf length: Duration, endTolerance: Duration? = nil
  ) throws -> [ManualCountdownClock.Arming] {
    let (engine, clock) = try makeEngine(interval: .seconds(1), endTolerance: endTolerance)
    clock.startRecordingArms()
    let receivers = (long: Receiver("long"), short: Receiver("short"))
    try engine.register(receivers.long, .duration(.seconds(100))) { _, _ in }
    try engine.register(receivers.short, .duration(length)) { _, _ in }
    try clock.advance(by: .seconds(7))
    // Read before the cancel, whose disarming is no part of what these tests compare.
    let armings = clock.armings
    engine.cancelAll()
    withExtendedLifetime(receivers) {}
    return armings
  }

  func testTheSharedGridsArmingsAskForATenthOfTheInterval() throws {
    let (engine, clock) = try makeEngine(interval: .seconds(1))
    clock.startRecordingArms()
    let receiver = Receiver("long")
    try engine.register(receiver, .duration(.seconds(100))) { _, _ in }
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(
      clock.armings, [once(1_000 * ms, leeway: 100 * ms), repeating(2_000 * ms, every: 1_000 * ms, leeway: 100 * ms)])
    engine.cancelAll()
    withExtendedLifetime(receiver) {}
  }

  /// A countdown ending 20 ms after a grid instant: the grid's wakeups ask for no more than
  /// would deliver that end within the 50 ms end tolerance, and its own wakeup for what its end
  /// grid left of it; the grid's full leeway comes back after it.
  func testAnEndNearTheGridShrinksTheLeewayUntilItHasCome() throws {
    XCTAssertEqual(
      try armingsOverSevenSeconds(withACountdownOf: .milliseconds(5_020)),
      [
        once(1_000 * ms, leeway: 100 * ms),
        // The short one's change to its last value may come with any grid wakeup: its end, 20 ms
        // after that wakeup, must come within 50 ms of it.
        once(1_000 * ms, leeway: 70 * ms),
        repeating(2_000 * ms, every: 1_000 * ms, leeway: 70 * ms),
        // Its end, at 5.02 s, waits for the end grid's 5.05 s: 20 ms are left.
        once(5_050 * ms, leeway: 20 * ms),
        repeating(6_000 * ms, every: 1_000 * ms, leeway: 100 * ms),
      ])
  }

  /// A 500 µs end tolerance: the end's wakeup asks for what the end grid left of it, and a grid
  /// wakeup that an end follows closely for no more than delivers that end within it.
  func testASubMillisecondEndToleranceIsNeverExceeded() throws {
    XCTAssertEqual(
      try armingsOverSevenSeconds(withACountdownOf: .microseconds(5_020_100), endTolerance: .microseconds(500)),
      [
        once(1_000 * ms, leeway: 100 * ms),
        // Its end, at 5.0201 s, may come with a grid wakeup 20.1 ms before it: one 20.6 ms late
        // delivers it 500 µs late.
        once(1_000 * ms, leeway: 20_600 * us),
        repeating(2_000 * ms, every: 1_000 * ms, leeway: 20_600 * us),
        // Its own wakeup waits for the end grid's 5.0205 s: 100 µs are left.
        once(5_020_500 * us, leeway: 100 * us),
        repeating(6_000 * ms, every: 1_000 * ms, leeway: 100 * ms),
      ])
  }

  func testASubMillisecondPerCountdownToleranceIsNeverExceeded() throws {
    let (engine, clock) = try makeEngine(
      interval: .milliseconds(10), alignment: .perCountdown(tolerance: .microseconds(500)))
    clock.startRecordingArms()
    let receiver = Receiver("quick")
    try engine.register(receiver, .duration(.microseconds(20_010))) { _, _ in }
    try clock.advance(by: .milliseconds(30))
    XCTAssertEqual(
      clock.armings,
      [
        // Its first change, 10 µs after a grid instant, waits 490 µs for the next: 10 µs are left.
        once(500 * us, leeway: 10 * us),
        // Later ones wait in the wheel, which knows only their window: nothing is left.
        once(10_500 * us, leeway: 1), once(20_500 * us, leeway: 1),
        // Its end emptied the table: the timer is disarmed by that wakeup, with no arming after it.
      ])
    withExtendedLifetime(receiver) {}
  }

  /// Re-registering or cancelling never leaves the timer armed for more leeway than is allowed:
  /// the armed leeway only shrinks until the next arming, which asks for what is left then.
  func testReRegisteringAndCancellingAskForWhatTheRemainingPromisesAllow() throws {
    let (engine, clock) = try makeEngine(interval: .seconds(1))
    clock.startRecordingArms()
    var seen = 0
    func newArmings() -> [ManualCountdownClock.Arming] {
      defer { seen = clock.armings.count }
      return Array(clock.armings.dropFirst(seen))
    }
    let receivers = (long: Receiver("long"), short: Receiver("short"), late: Receiver("late"))
    try engine.register(receivers.long, .duration(.seconds(100))) { _, _ in }
    try engine.register(receivers.short, .duration(.milliseconds(5_020))) { _, _ in }
    XCTAssertEqual(newArmings(), [once(1_000 * ms, leeway: 100 * ms), once(1_000 * ms, leeway: 70 * ms)])

    try clock.advance(by: .milliseconds(500))
    // Re-registered to end at 2.01 s: the wakeup at 1 s allows more than it is armed with, which
    // stands; the one at 2 s may bring that end, and asks for no more than 60 ms.
    try engine.register(receivers.short, .duration(.milliseconds(1_510))) { _, _ in }
    XCTAssertEqual(newArmings(), [], "armed with less leeway than allowed: no call")
    try clock.advance(by: .milliseconds(600))
    XCTAssertEqual(newArmings(), [repeating(2_000 * ms, every: 1_000 * ms, leeway: 60 * ms)])

    // Cancelled: the timer keeps its schedule (less leeway than allowed now), and the wakeups
    // that stay on it make no call.
    engine.cancel(receivers.short)
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(newArmings(), [])

    // An end 60 ms away: its own wakeup, then the grid's whole leeway again.
    try engine.register(receivers.late, .duration(.milliseconds(60))) { _, _ in }
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(
      newArmings(), [once(2_200 * ms, leeway: 10 * ms), repeating(3_000 * ms, every: 1_000 * ms, leeway: 100 * ms)])
    engine.cancelAll()
    withExtendedLifetime(receivers) {}
  }

  // MARK: - Every wakeup as late as its leeway lets it be

  /// Each callback's value with the clock instant it came at, in nanoseconds.
  private final class Timeline: Sendable {
    private let entries = LockedState<[(value: Int, at: Int64)]>([])
    let clock: ManualCountdownClock

    init(clock: ManualCountdownClock) { self.clock = clock }

    var handler: CountdownHandler {
      { value, _ in
        let now = self.clock.now.nanosecondsSinceOrigin
        self.entries.withLock { $0.append((value, now)) }
      }
    }
    var entriesSoFar: [(value: Int, at: Int64)] { entries.withLock { $0 } }
  }

  /// On a shared 1 s grid with a 500 µs end tolerance, every wakeup at the end of its leeway:
  /// each 0 still comes within 500 µs of its deadline, never before, and every value before it
  /// stands for its grid instant, consecutive, at most a tenth of the interval after it.
  func testEveryWakeupAtTheEndOfItsLeewayKeepsTheSharedGridsPromises() throws {
    let (engine, clock) = try makeEngine(interval: .seconds(1), endTolerance: .microseconds(500))
    clock.firesAtTheEndOfTheLeeway = true
    var generator = SplitMix64(seed: 12)
    let countdowns = (0..<40).map { index in
      (
        receiver: Receiver("c\(index)"), deadline: 1_000 * ms + generator.upTo(9_000 * ms),
        timeline: Timeline(clock: clock)
      )
    }
    for countdown in countdowns {
      try engine.register(
        countdown.receiver, .deadline(CountdownInstant(nanosecondsSinceOrigin: countdown.deadline)),
        handler: countdown.timeline.handler)
    }
    try clock.advance(by: .seconds(12))
    let second = 1_000 * ms
    for countdown in countdowns {
      let entries = countdown.timeline.entriesSoFar
      let first = Int((countdown.deadline + second - 1) / second)
      XCTAssertEqual(entries.map(\.value), Array((0...first).reversed()), "consecutive values of \(countdown.receiver)")
      for entry in entries.dropFirst() where entry.value > 0 {
        // The grid starts at 0 with the first registration.
        let grid = entry.at / second * second
        XCTAssertLessThanOrEqual(entry.at - grid, 100 * ms, "a tenth of the interval late at most")
        XCTAssertEqual(
          entry.value, Int((countdown.deadline - grid + second - 1) / second), "the value at its grid instant")
      }
      let end = try XCTUnwrap(entries.last { $0.value == 0 }?.at)
      XCTAssertGreaterThanOrEqual(end, countdown.deadline, "never before the deadline")
      XCTAssertLessThanOrEqual(end - countdown.deadline, 500 * us, "within the end tolerance of \(countdown.receiver)")
    }
    withExtendedLifetime(countdowns.map(\.receiver)) {}
  }

  /// Per countdown within 500 µs, every wakeup at the end of its leeway: each value still comes
  /// within 500 µs after its own boundary, never before.
  func testEveryWakeupAtTheEndOfItsLeewayKeepsThePerCountdownTolerance() throws {
    let interval = 10 * ms
    let (engine, clock) = try makeEngine(
      interval: .nanoseconds(interval), alignment: .perCountdown(tolerance: .microseconds(500)))
    clock.firesAtTheEndOfTheLeeway = true
    var generator = SplitMix64(seed: 7)
    var countdowns: [(receiver: Receiver, deadline: Int64, timeline: Timeline)] = []
    for index in 0..<40 {
      // Some start later, off every grid instant.
      if index % 8 == 7 { try clock.advance(by: .nanoseconds(generator.upTo(3 * ms))) }
      let now = clock.now.nanosecondsSinceOrigin
      let countdown = (
        receiver: Receiver("c\(index)"), deadline: now + 5 * ms + generator.upTo(50 * ms),
        timeline: Timeline(clock: clock)
      )
      try engine.register(
        countdown.receiver, .deadline(CountdownInstant(nanosecondsSinceOrigin: countdown.deadline)),
        handler: countdown.timeline.handler)
      countdowns.append(countdown)
    }
    try clock.advance(by: .milliseconds(80))
    for countdown in countdowns {
      let entries = countdown.timeline.entriesSoFar
      XCTAssertEqual(entries.last?.value, 0, "\(countdown.receiver) ended")
      for entry in entries.dropFirst() {
        let boundary = countdown.deadline - Int64(entry.value) * interval
        XCTAssertGreaterThanOrEqual(
          entry.at, boundary, "never before its boundary: \(countdown.receiver) \(entry.value)")
        XCTAssertLessThanOrEqual(
          entry.at - boundary, 500 * us, "within the tolerance: \(countdown.receiver) \(entry.value)")
      }
    }
    withExtendedLifetime(countdowns.map(\.receiver)) {}
  }

  /// A repeating timer that fires as late as its leeway allows is on plan: it is armed once and
  /// serves every wakeup, each standing for its grid instant.
  func testARepeatingTimerFiringAtTheEndOfItsLeewayStaysOnPlan() throws {
    let (engine, clock) = try makeEngine(interval: .seconds(1))
    clock.startRecordingArms()
    clock.firesAtTheEndOfTheLeeway = true
    let timeline = Timeline(clock: clock)
    let receiver = Receiver("long")
    try engine.register(receiver, .duration(.seconds(100)), handler: timeline.handler)
    try clock.advance(by: .seconds(50))
    XCTAssertEqual(
      timeline.entriesSoFar.map(\.value), Array((51...100).reversed()), "the wakeup for 50 s comes at 50.1 s")
    XCTAssertEqual(timeline.entriesSoFar.last?.at, 49_100 * ms, "the wakeup for 49 s, 100 ms late")
    XCTAssertEqual(engine.statistics.wakeups, 49)
    XCTAssertEqual(
      clock.armings, [once(1_000 * ms, leeway: 100 * ms), repeating(2_000 * ms, every: 1_000 * ms, leeway: 100 * ms)],
      "no call into the timer while its wakeups stay within their leeway")
    engine.cancelAll()
    withExtendedLifetime(receiver) {}
  }
}
