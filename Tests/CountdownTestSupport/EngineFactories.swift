package import CountdownCore
import Dispatch

/// An engine on a manual clock, delivering on the main queue: tests run on the main thread, so
/// `advance` delivers synchronously.
package func makeEngine(
  interval: Duration = .seconds(1), alignment: CountdownAlignment = .shared, endTolerance: Duration? = nil
) throws -> (CountdownEngine, ManualCountdownClock) {
  let clock = ManualCountdownClock()
  let engine = try CountdownEngine(
    interval: interval, alignment: alignment, endTolerance: endTolerance, clock: clock, deliveryQueue: .main)
  return (engine, clock)
}

/// An engine on a manual clock that behaves like a real one, delivering on the main queue: wakeups
/// up to 2 ms late or 50 µs early, every read 0–30 µs later, drawn from `seed`.
package func makeJitteredEngine(interval: Duration, seed: UInt64) throws -> (CountdownEngine, ManualCountdownClock) {
  let clock = try ManualCountdownClock(
    jitter: .init(late: .milliseconds(2), early: .microseconds(50), drift: .microseconds(30), seed: seed))
  let engine = try CountdownEngine(interval: interval, clock: clock, deliveryQueue: .main)
  return (engine, clock)
}
