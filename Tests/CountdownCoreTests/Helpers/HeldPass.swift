import CountdownCore
import Dispatch
import XCTest

/// A 1 s engine on a manual clock, delivering on its own queue, running a 5 s countdown whose
/// callback with 4 holds its pass until the test thread releases it: what the test thread does
/// meanwhile happens while a pass runs.
final class HeldPass: Sendable {
  let clock = ManualCountdownClock()
  let engine: CountdownEngine
  /// Every value the countdown was called with, in order.
  let values = LockedState<[Int]>([])
  private let inPass = DispatchSemaphore(value: 0)
  private let released = DispatchSemaphore(value: 0)
  private let receiver = Receiver("held")

  /// Registers the countdown; `reachedOne` is fulfilled when it is called with 1.
  init(reachedOne: XCTestExpectation) throws {
    engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: DispatchQueue(label: "delivery"))
    try engine.register(receiver, .duration(.seconds(5))) { [values, inPass, released] value, _ in
      values.withLock { $0.append(value) }
      if value == 4 {
        inPass.signal()
        released.wait()
      }
      if value == 1 { reachedOne.fulfill() }
    }
  }

  /// Delivers 5, then queues the pass that delivers 4 and waits (10 s at the most) until that
  /// pass is held in its callback.
  func holdThePassDeliveringFour() throws -> DispatchTimeoutResult {
    try clock.advance(by: .zero)
    try clock.advance(by: .seconds(1))
    return inPass.wait(timeout: .now() + 10)
  }

  /// Lets the held pass go on.
  func release() {
    released.signal()
  }
}
