import CountdownCore
import Dispatch
import XCTest

/// Guarantee 8 and the engine's real timer: registration, replacement and cancellation from many
/// threads while a real DispatchSourceTimer ticks fast. Sizes are small enough for TSan in CI.
final class ConcurrencyTests: XCTestCase {
  func testChurnFromManyThreadsWhileTickingLosesAndDuplicatesNothing() throws {
    let deliveryQueue = DispatchQueue(label: "delivery")
    let engine = try CountdownEngine(interval: .milliseconds(1), deliveryQueue: deliveryQueue)
    let threads = 4
    let receiversPerThread = 50
    let operations = 3000
    let receivers = (0..<threads).map { thread in (0..<receiversPerThread).map { Receiver("t\(thread)-\($0)") } }
    // Per receiver: the registration numbers handed out (by this test), and what each got.
    let log = LockedState<[String: [Int: [Int]]]>([:])  // name -> generation -> values

    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      var generator = SplitMix64(seed: UInt64(thread))
      var generations = [Int](repeating: 0, count: receiversPerThread)
      for _ in 0..<operations {
        let slot = Int(generator.next() % UInt64(receiversPerThread))
        let receiver = receivers[thread][slot]
        switch generator.next() % 4 {
        case 0, 1:
          generations[slot] += 1
          let generation = generations[slot]
          let name = receiver.name
          try? engine.register(receiver, .duration(.milliseconds(Int64(generator.next() % 20)))) { value, _ in
            log.withLock { $0[name, default: [:]][generation, default: []].append(value) }
          }
        case 2:
          engine.cancel(receiver)
        default:
          _ = engine.contains(receiver)
          _ = engine.value(for: receiver)
        }
      }
    }
    // Let everything still running end (all durations are below 20 ms).
    let deadline = Date().addingTimeInterval(10)
    while engine.count > 0, Date() < deadline { usleep(5_000) }
    XCTAssertEqual(engine.count, 0)
    deliveryQueue.sync {}
    let results = log.withLock { $0 }
    for (name, generations) in results {
      for (generation, values) in generations {
        XCTAssertEqual(values, values.sorted(by: >), "\(name)#\(generation) went up: \(values)")
        XCTAssertEqual(Set(values).count, values.count, "\(name)#\(generation) got a value twice: \(values)")
        XCTAssertLessThanOrEqual(values.filter { $0 == 0 }.count, 1, "\(name)#\(generation) got two zeros")
      }
    }
    // The timer goes with the first wakeup that finds the table empty.
    let timerDeadline = Date().addingTimeInterval(5)
    while engine.statistics.hasTimer, Date() < timerDeadline { usleep(5_000) }
    XCTAssertFalse(engine.statistics.hasTimer)
  }

  /// A real timer, generous bounds: a 300 ms countdown at 100 ms steps ends within a second.
  func testRealTimerCountsDown() throws {
    let deliveryQueue = DispatchQueue(label: "delivery")
    let engine = try CountdownEngine(interval: .milliseconds(100), deliveryQueue: deliveryQueue)
    let recorder = Recorder()
    let receiver = Receiver("a")
    let done = expectation(description: "zero")
    try engine.register(receiver, .duration(.milliseconds(300))) { value, _ in
      recorder.record("a", value)
      if value == 0 { done.fulfill() }
    }
    wait(for: [done], timeout: 5)
    // 3 when the first delivery comes within 100 ms of the start; a loaded machine may be later.
    XCTAssertTrue((1...3).contains(recorder.values("a").first ?? -1), "\(recorder.values("a"))")
    XCTAssertEqual(recorder.values("a").last, 0)
    XCTAssertEqual(recorder.values("a"), recorder.values("a").sorted(by: >))
  }
}
