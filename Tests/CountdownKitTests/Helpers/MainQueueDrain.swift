import CountdownKit
import Foundation

/// Runs the main run loop until every block queued on the main queue before this call has run.
///
/// Waits for an event, not for a span of time: the main queue runs blocks in order, so a marker
/// queued now runs after them. The short run-loop slices only bound each turn of the loop.
@MainActor
func drainMainQueue() {
  let drained = LockedState(false)
  DispatchQueue.main.async { drained.withLock { $0 = true } }
  while !drained.withLock({ $0 }) {
    _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
  }
}
