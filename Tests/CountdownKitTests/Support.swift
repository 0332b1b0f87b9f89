import CountdownKit
import Foundation
import XCTest

/// A UI-like receiver: a main-actor class, as UIKit views and view controllers are.
@MainActor
final class CountdownLabel {
  let name: String
  var text = ""
  /// Every value this label was given.
  var shown: [Int] = []
  init(_ name: String) { self.name = name }
}

/// A plain (non-Sendable, non-isolated) model object as receiver.
final class OrderModel {
  var remaining: Int?
  var updates = 0
}

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

/// Watches an object without keeping it alive (a class property, so it compiles the same from
/// Swift 6.0, which has no `weak let`).
final class WeakWatch<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}
