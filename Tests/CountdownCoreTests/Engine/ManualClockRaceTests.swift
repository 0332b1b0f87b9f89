import CountdownCore
import Dispatch
import XCTest

/// A manual clock advanced on one thread while the delivery queue makes calls that deliver their
/// value inside the call: whatever the interleaving, a change to come is a wakeup to come (rule 2).
final class ManualClockRaceTests: XCTestCase {
  /// Short countdowns registered and given or shorn of time on the delivery queue, each value made
  /// inside its call, while another thread advances the clock: the engine keeps waking for a long
  /// countdown beside them, and its rules hold after every call. A race's window is a few
  /// instructions wide, so the calls are many; the run is bounded to a few seconds.
  func testCallsOnTheDeliveryQueueWhileAnotherThreadAdvancesKeepEveryChangeWoken() throws {
    let clock = ManualCountdownClock()
    let queue = DispatchQueue(label: "delivery")
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: queue)
    let recorder = Recorder()
    let long = Receiver("long")
    let shorts = (0..<6).map { Receiver("short \($0)") }
    try queue.sync { try engine.register(long, .duration(.seconds(100_000)), handler: recorder.handler("long")) }
    let broken = try BrokenRuleRecorder.recording { () throws -> [String] in
      let calls = LockedState(0)
      let callsDone = DispatchSemaphore(value: 0)
      let problems = LockedState<[String]>([])
      queue.async {
        var generator = SplitMix64(seed: 4_711)
        let deadline = DispatchTime.now() + .seconds(3)
        for call in 0..<100_000 {
          guard DispatchTime.now() < deadline else { break }
          let receiver = shorts[Int(generator.upTo(Int64(shorts.count - 1)))]
          if call % 2 == 0 {
            let duration = Duration.milliseconds(generator.upTo(2_500))
            try? engine.register(receiver, .duration(duration), handler: recorder.handler(receiver.name))
          } else {
            let change = Duration.milliseconds(generator.upTo(3_000) - 1_500)
            _ = try? engine.addTime(change, to: receiver)
          }
          calls.withLock { $0 = call + 1 }
          let found = engine.stateInvariantViolations()
          if !found.isEmpty {
            problems.withLock { $0 += ["after call \(call + 1): \(found)"] }
            break
          }
        }
        callsDone.signal()
      }
      // This thread advances the clock while the queue makes its calls.
      while callsDone.wait(timeout: .now()) == .timedOut {
        try clock.advance(by: .milliseconds(7))
      }
      queue.sync {}
      let made = calls.withLock { $0 }
      // Whatever the calls left, the long countdown must tick on: 5 s with no call at all is the
      // engine waiting for a wakeup nothing will bring.
      let before = recorder.values("long").count
      for _ in 0..<50 {
        try clock.advance(by: .milliseconds(100))
        queue.sync {}
      }
      queue.sync {}
      let ticks = recorder.values("long").count - before
      var found = problems.withLock { $0 } + BrokenRuleRecorder.takeRecorded()
      if ticks < 4 {
        found.append("after \(made) calls, the long countdown got \(ticks) calls in 5 s")
      }
      return found + engine.stateInvariantViolations()
    }
    XCTAssertTrue(broken.isEmpty, "\(broken.count) problems, the first: \(broken.prefix(2))")
    engine.cancelAll()
  }
}
