import CountdownCore
import Dispatch
import XCTest

/// Where two promises draw their line: a callback that has begun is not stopped by a `cancel` on
/// another thread, and a clock that fires early can bring an end early by as much, never more.
final class PromiseLineTests: XCTestCase {
  /// A callback begins when its pass has checked, just before calling it, that its registration
  /// was not removed. A `cancel` from another thread that returns while a callback runs does not
  /// stop that callback; it does stop every callback of what it removed that has not begun, even
  /// one prepared in the same batch.
  func testACancelFromAnotherThreadStopsWhatHasNotBegunAndNotWhatHas() throws {
    let clock = ManualCountdownClock()
    let queue = DispatchQueue(label: "deliveries")
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: queue)
    let receivers = [Receiver("a"), Receiver("b")]
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let blocker = LockedState<String?>(nil)
    let calls = LockedState<[String: [Int]]>([:])
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(10))) { value, _ in
        calls.withLock { $0[receiver.name, default: []].append(value) }
        // The first callback of the next batch holds the queue while the other thread cancels.
        if value < 10,
          blocker.withLock({ blocker in
            blocker == nil
              ? {
                blocker = receiver.name
                return true
              }() : false
          })
        {
          entered.signal()
          release.wait()
        }
      }
    }
    try clock.advance(by: .zero)
    queue.sync {}
    let advanced = DispatchSemaphore(value: 0)
    Thread {
      try? clock.advance(by: .seconds(1))
      advanced.signal()
    }.start()
    XCTAssertEqual(entered.wait(timeout: .now() + 60), .success, "a callback of the next batch began")
    for receiver in receivers { XCTAssertTrue(engine.cancel(receiver)) }
    release.signal()
    XCTAssertEqual(advanced.wait(timeout: .now() + 60), .success, "the advance ended")
    try clock.advance(by: .seconds(2))
    queue.sync {}
    let first = try XCTUnwrap(blocker.withLock { $0 })
    let other = first == "a" ? "b" : "a"
    XCTAssertEqual(calls.withLock { $0[first] }, [10, 9], "the callback that had begun ran; none after")
    XCTAssertEqual(calls.withLock { $0[other] }, [10], "prepared in the same batch, not begun: stopped")
    XCTAssertEqual(engine.count, 0)
  }

  /// With a clock that fires up to `early` before a deadline (a `DispatchSourceTimer` never does),
  /// a countdown's 0 can come up to that much before its deadline, never more; on a clock that
  /// never fires early, never before. (Here 20 ms of early jitter brings ends 15–18 ms early.)
  func testAnEndComesEarlyByNoMoreThanTheClockFiresEarly() throws {
    let configurations: [(early: Duration, alignment: CountdownAlignment, endTolerance: Duration?)] = [
      (.zero, .shared, nil), (.milliseconds(20), .shared, nil),
      (.milliseconds(20), .perCountdown(tolerance: .milliseconds(50)), nil), (.milliseconds(20), .shared, .seconds(1)),
    ]
    for (early, alignment, endTolerance) in configurations {
      let clock = try ManualCountdownClock(
        jitter: .init(late: .milliseconds(5), early: early, drift: .microseconds(50), seed: 17))
      let engine = try CountdownEngine(
        interval: .seconds(1), alignment: alignment, endTolerance: endTolerance, clock: clock, deliveryQueue: .main)
      let earliest = LockedState<Int64>(.max)  // how far after its deadline each 0 came, the least
      var generator = SplitMix64(seed: 41)
      var receivers: [Receiver] = []
      for index in 0..<300 {
        let receiver = Receiver("r\(index)")
        receivers.append(receiver)
        let deadline = Int64.random(in: 1_000_000_000...20_000_000_000, using: &generator)
        try engine.register(receiver, .deadline(CountdownInstant(nanosecondsSinceOrigin: deadline))) { value, _ in
          guard value == 0 else { return }
          let after = clock.now.nanosecondsSinceOrigin - deadline
          earliest.withLock { $0 = min($0, after) }
        }
      }
      try clock.advance(by: .seconds(21))
      let lead = -earliest.withLock { $0 }
      let allowed = early.components.seconds * 1_000_000_000 + early.components.attoseconds / 1_000_000_000
      XCTAssertLessThanOrEqual(lead, allowed, "early \(early), \(alignment): a 0 came \(lead) ns before its deadline")
      XCTAssertEqual(engine.count, 0)
      withExtendedLifetime(receivers) {}
    }
  }
}
