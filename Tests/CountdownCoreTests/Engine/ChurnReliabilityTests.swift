import CountdownCore
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

/// Churn: 8 threads of random register / re-register / cancel / pause / query while the
/// engine ticks at 1 kHz, checked against a shadow model.
///
/// Real time on purpose: a real `DispatchSourceTimer` fires on its own thread while the others
/// churn, which is the interleaving this test (and the Thread Sanitizer run of it) is for; a manual
/// clock would tick only where a test thread advances it. The waits are bounded, not timed.
///
/// Operations per thread: `COUNTDOWN_CHURN_OPERATIONS` (default 2 000, as `.ci/run` runs it under
/// the sanitizers; `COUNTDOWN_CHURN_OPERATIONS=50000` is a long run).
final class ChurnReliabilityTests: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("on real timers")
  }

  /// One registration: which thread, which receiver slot, which generation of that slot.
  struct Generation: Hashable {
    var thread: Int
    var slot: Int
    var number: Int
  }

  /// What the handlers saw, and which generations were cancelled or replaced *on the delivery
  /// queue* (after which no call may come).
  struct Log {
    var values: [Generation: [Int]] = [:]
    var closed: Set<Generation> = []
    var lateCalls: [Generation] = []
  }

  /// What one thread knows of its own registrations (no two threads share a receiver, so each
  /// shadow is exact; the engine, its table and its passes are shared by all).
  struct Shadow {
    var paused = false
    var everPaused = false
    var closed = false
  }

  /// The engine, its delivery queue and what the handlers saw, shared by the churning threads.
  struct Setup {
    let engine: CountdownEngine
    let deliveryQueue: DispatchQueue
    let log = LockedState(Log())
    let receivers: [[Receiver]]
  }

  func testChurnLosesNothingDuplicatesNothingAndDeliversNothingLate() throws {
    let operations = ProcessInfo.processInfo.environment["COUNTDOWN_CHURN_OPERATIONS"].flatMap(Int.init) ?? 2_000
    let threads = 8
    let deliveryQueue = DispatchQueue(label: "churn.delivery")
    let setup = Setup(
      engine: try CountdownEngine(interval: .milliseconds(1), deliveryQueue: deliveryQueue),
      deliveryQueue: deliveryQueue,
      receivers: (0..<threads).map { thread in (0..<16).map { Receiver("t\(thread)s\($0)") } })
    let start = ContinuousClock.now
    let shadows = LockedState([[Generation: Shadow]](repeating: [:], count: threads))
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      let shadow = Self.churn(setup, thread: thread, operations: operations)
      shadows.withLock { $0[thread] = shadow }
    }
    try waitUntilEveryCountdownEnded(setup)
    let finished = checkEveryRegistration(shadows.withLock { $0 }, against: setup.log.withLock { $0 })
    let stats = setup.engine.statistics
    assertNoWakeupWhileTheTableIsEmpty(setup.engine)
    print(
      "churn: \(threads) threads x \(operations) operations in \(start.duration(to: .now)); "
        + "\(stats.wakeups) wakeups, \(stats.batches) batches, \(stats.deliveries) callbacks; "
        + "\(finished) countdowns ran out with exactly one 0; 0 late calls")
  }

  /// One thread's random register / re-register / cancel / pause / query operations on its own
  /// receivers; then it resumes what it left paused, so that every countdown runs out.
  private static func churn(_ setup: Setup, thread: Int, operations: Int) -> [Generation: Shadow] {
    var generator = SplitMix64(seed: UInt64(thread) &* 7919)
    let slots = setup.receivers[thread].count
    var current = [Int](repeating: 0, count: slots)
    var shadow: [Generation: Shadow] = [:]
    for _ in 0..<operations {
      let slot = Int(generator.next() % UInt64(slots))
      let receiver = setup.receivers[thread][slot]
      let live = Generation(thread: thread, slot: slot, number: current[slot])
      let roll = generator.next() % 100
      switch roll {
      case 0..<50:
        current[slot] += 1
        let next = Generation(thread: thread, slot: slot, number: current[slot])
        let duration = Duration.milliseconds(Int64(generator.next() % 30))
        register(setup, receiver, replacing: live, with: next, for: duration, onDeliveryQueue: roll >= 25)
        shadow[live]?.closed = true
        shadow[next] = Shadow()
      case 50..<70:
        cancel(setup, receiver, live, onDeliveryQueue: roll >= 60)
        shadow[live]?.closed = true
      case 70..<80:
        if shadow[live]?.paused == true {
          setup.engine.resume(receiver)
          shadow[live]?.paused = false
        } else if setup.engine.pause(receiver) {
          shadow[live]?.paused = true
          shadow[live]?.everPaused = true
        }
      default:
        _ = setup.engine.contains(receiver)
        _ = setup.engine.value(for: receiver)
        _ = setup.engine.timeLeft(for: receiver)
      }
    }
    for (generation, state) in shadow where state.paused && !state.closed {
      setup.engine.resume(setup.receivers[thread][generation.slot])
    }
    return shadow
  }

  /// Registers (or replaces) `receiver`'s countdown. On the delivery queue replacing is a hard
  /// cut: the replaced generation must get no call afterwards.
  private static func register(
    _ setup: Setup, _ receiver: Receiver, replacing live: Generation, with next: Generation,
    for duration: Duration, onDeliveryQueue: Bool
  ) {
    let log = setup.log
    let handler: CountdownHandler = { value, _ in
      log.withLock { log in
        if log.closed.contains(next) { log.lateCalls.append(next) }
        log.values[next, default: []].append(value)
      }
    }
    guard onDeliveryQueue else {
      try? setup.engine.register(receiver, .duration(duration), handler: handler)
      return
    }
    setup.deliveryQueue.sync {
      try? setup.engine.register(receiver, .duration(duration), handler: handler)
      _ = log.withLock { $0.closed.insert(live) }
    }
  }

  /// Cancels `receiver`'s countdown; on the delivery queue, no call may come afterwards.
  private static func cancel(_ setup: Setup, _ receiver: Receiver, _ live: Generation, onDeliveryQueue: Bool) {
    guard onDeliveryQueue else {
      setup.engine.cancel(receiver)
      return
    }
    setup.deliveryQueue.sync {
      setup.engine.cancel(receiver)
      _ = setup.log.withLock { $0.closed.insert(live) }
    }
  }

  /// Waits (on the real timer, bounded) until every countdown has run out and been delivered.
  private func waitUntilEveryCountdownEnded(_ setup: Setup) throws {
    let deadline = ContinuousClock.now + .seconds(20)
    while setup.engine.count > 0, ContinuousClock.now < deadline { usleep(2_000) }
    setup.deliveryQueue.sync {}
    XCTAssertEqual(setup.engine.count, 0, "every countdown ended")
    XCTAssertEqual(setup.engine.tableInvariantViolations(), [])
  }

  /// No late call; at most one 0 each, exactly one for those never cancelled or replaced; values
  /// only ever going down. Returns how many countdowns ran out.
  private func checkEveryRegistration(_ shadows: [[Generation: Shadow]], against log: Log) -> Int {
    XCTAssertEqual(log.lateCalls, [], "called after a cancel or replacement returned on the delivery queue")
    var finished = 0
    for (thread, shadow) in shadows.enumerated() {
      for (generation, state) in shadow {
        XCTAssertEqual(generation.thread, thread)
        let values = log.values[generation] ?? []
        let zeros = values.filter { $0 == 0 }.count
        XCTAssertLessThanOrEqual(zeros, 1, "\(generation) got \(zeros) zeros")
        if state.everPaused {
          XCTAssertEqual(values, values.sorted(by: >), "\(generation) went up: \(values)")
        } else {
          XCTAssertEqual(values, Array(Set(values)).sorted(by: >), "\(generation) repeated or went up: \(values)")
        }
        if !state.closed {
          XCTAssertEqual(zeros, 1, "\(generation) ran out without its 0: \(values)")
          finished += 1
        }
      }
    }
    return finished
  }

  /// The end that emptied the table disarmed the timer: fifty intervals pass without a wakeup
  /// (after a few for a fire already on its way when it was disarmed).
  private func assertNoWakeupWhileTheTableIsEmpty(_ engine: CountdownEngine) {
    XCTAssertEqual(engine.count, 0)
    usleep(20_000)
    let wakeups = engine.statistics.wakeups
    usleep(50_000)
    XCTAssertEqual(engine.statistics.wakeups, wakeups, "no wakeup once the table is empty")
    XCTAssertTrue(engine.statistics.hasTimer, "the timer is kept for the next registration")
  }
}
