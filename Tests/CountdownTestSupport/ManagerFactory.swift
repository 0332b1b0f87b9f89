package import CountdownKit
import Foundation

/// A manager on a manual clock, whose wall clock is `wall`.
@MainActor
package func makeManager(
  interval: Duration = .seconds(1), alignment: CountdownAlignment = .shared, wall: TestWallClock = TestWallClock()
) throws -> (CountdownManager, ManualCountdownClock) {
  let clock = ManualCountdownClock()
  let manager = try CountdownManager(interval: interval, alignment: alignment, clock: clock, wallClock: { wall.now })
  return (manager, clock)
}

/// Runs `body` on the main actor with a new manager from ``makeManager(interval:alignment:wall:)``,
/// its manual clock and a new `TestWallClock` it reads as its wall clock; then, however `body`
/// returns, cancels every countdown the manager still runs.
///
/// The tests run on the main thread, so `body` runs at once, on the calling thread; called from
/// any other thread, this traps (as `MainActor.assumeIsolated` does).
package func withManualManager(
  interval: Duration = .seconds(1), alignment: CountdownAlignment = .shared,
  _ body: @MainActor (_ manager: CountdownManager, _ clock: ManualCountdownClock, _ wall: TestWallClock) throws -> Void
) throws {
  try MainActor.assumeIsolated {
    let wall = TestWallClock()
    let (manager, clock) = try makeManager(interval: interval, alignment: alignment, wall: wall)
    defer { manager.cancelAll() }
    try body(manager, clock, wall)
  }
}
