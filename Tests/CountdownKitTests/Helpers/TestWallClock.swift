import CountdownKit
import Foundation

/// A wall clock the test can move, to simulate the user changing the device's time.
final class TestWallClock: Sendable {
  private let date = LockedState(Date(timeIntervalSince1970: 1_800_000_000))
  var now: Date { date.withLock { $0 } }
  func jump(by seconds: TimeInterval) { date.withLock { $0 += seconds } }
}

@MainActor
func makeManager(
  interval: Duration = .seconds(1), alignment: CountdownAlignment = .shared, wall: TestWallClock = TestWallClock()
) throws -> (CountdownManager, ManualCountdownClock) {
  let clock = ManualCountdownClock()
  let manager = try CountdownManager(interval: interval, alignment: alignment, clock: clock, wallClock: { wall.now })
  return (manager, clock)
}
