import CountdownCore
import Dispatch
import Foundation
import XCTest

/// Churn: 8 threads of random register / re-register / cancel / pause / query while the
/// engine ticks at 1 kHz on a real DispatchSourceTimer, checked against a shadow model.
///
/// Operations per thread: `COUNTDOWN_CHURN_OPERATIONS` (default 5 000; `.ci/run` uses fewer under
/// the Thread Sanitizer; the note on the issue reports a 100 000 run).
final class ChurnReliabilityTests: XCTestCase {
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

  func testChurnLosesNothingDuplicatesNothingAndDeliversNothingLate() throws {
    let operations = ProcessInfo.processInfo.environment["COUNTDOWN_CHURN_OPERATIONS"].flatMap(Int.init) ?? 5_000
    let threads = 8
    let slots = 16
    let deliveryQueue = DispatchQueue(label: "churn.delivery")
    let engine = try CountdownEngine(interval: .milliseconds(1), deliveryQueue: deliveryQueue)
    let log = LockedState(Log())
    let receivers = (0..<threads).map { thread in (0..<slots).map { Receiver("t\(thread)s\($0)") } }
    let start = ContinuousClock.now

    // Per thread: the shadow of its own slots (no two threads share a receiver, so each shadow is
    // exact; the engine, its table and its passes are shared by all).
    let shadows = LockedState([[Generation: (paused: Bool, everPaused: Bool, closed: Bool)]](repeating: [:], count: threads))
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      var generator = SplitMix64(seed: UInt64(thread) &* 7919)
      var current = [Int](repeating: 0, count: slots)
      var shadow: [Generation: (paused: Bool, everPaused: Bool, closed: Bool)] = [:]
      for _ in 0..<operations {
        let slot = Int(generator.next() % UInt64(slots))
        let receiver = receivers[thread][slot]
        let live = Generation(thread: thread, slot: slot, number: current[slot])
        let roll = generator.next() % 100
        switch roll {
        case 0..<50:
          // Register or replace; half of them from the delivery queue, where replacing is a hard
          // cut: the old generation must get no call afterwards.
          current[slot] += 1
          let next = Generation(thread: thread, slot: slot, number: current[slot])
          let duration = Duration.milliseconds(Int64(generator.next() % 30))
          let handler: CountdownHandler = { value, _ in
            log.withLock { log in
              if log.closed.contains(next) { log.lateCalls.append(next) }
              log.values[next, default: []].append(value)
            }
          }
          if roll < 25 {
            try? engine.register(receiver, .duration(duration), handler: handler)
          } else {
            deliveryQueue.sync {
              try? engine.register(receiver, .duration(duration), handler: handler)
              _ = log.withLock { $0.closed.insert(live) }
            }
          }
          shadow[live]?.closed = true
          shadow[next] = (false, false, false)
        case 50..<70:
          if roll < 60 {
            engine.cancel(receiver)
          } else {
            deliveryQueue.sync {
              engine.cancel(receiver)
              _ = log.withLock { $0.closed.insert(live) }
            }
          }
          shadow[live]?.closed = true
        case 70..<80:
          if shadow[live]?.paused == true {
            engine.resume(receiver)
            shadow[live]?.paused = false
          } else if engine.pause(receiver) {
            shadow[live]?.paused = true
            shadow[live]?.everPaused = true
          }
        default:
          _ = engine.contains(receiver)
          _ = engine.value(for: receiver)
          _ = engine.remaining(for: receiver)
        }
      }
      // Let every paused countdown run out.
      for (generation, state) in shadow where state.paused && !state.closed {
        engine.resume(receivers[thread][generation.slot])
      }
      shadows.withLock { $0[thread] = shadow }
    }

    let deadline = ContinuousClock.now + .seconds(20)
    while engine.count > 0, ContinuousClock.now < deadline { usleep(2_000) }
    deliveryQueue.sync {}
    XCTAssertEqual(engine.count, 0, "every countdown ended")
    XCTAssertEqual(engine.tableInvariantViolations(), [])

    let result = log.withLock { $0 }
    XCTAssertEqual(result.lateCalls, [], "called after a cancel or replacement returned on the delivery queue")
    var finished = 0
    for (thread, shadow) in shadows.withLock({ $0 }).enumerated() {
      for (generation, state) in shadow {
        XCTAssertEqual(generation.thread, thread)
        let values = result.values[generation] ?? []
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
    let stats = engine.statistics
    // The timer goes with the first wakeup that finds the table empty.
    let timerDeadline = ContinuousClock.now + .seconds(5)
    while engine.statistics.hasTimer, ContinuousClock.now < timerDeadline { usleep(2_000) }
    XCTAssertFalse(engine.statistics.hasTimer, "timer gone once the table is empty")
    print(
      "churn: \(threads) threads x \(operations) operations in \(start.duration(to: .now)); "
        + "\(stats.wakeups) wakeups, \(stats.batches) batches, \(stats.deliveries) callbacks; "
        + "\(finished) countdowns ran out with exactly one 0; 0 late calls")
  }
}
