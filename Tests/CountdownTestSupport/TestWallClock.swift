import CountdownCore
package import Foundation

/// A wall clock the test can move, to simulate the user changing the device's time.
package final class TestWallClock: Sendable {
  private let date = LockedState(Date(timeIntervalSince1970: 1_800_000_000))
  package init() {}
  package var now: Date { date.withLock { $0 } }
  package func jump(by seconds: TimeInterval) { date.withLock { $0 += seconds } }
}
