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
