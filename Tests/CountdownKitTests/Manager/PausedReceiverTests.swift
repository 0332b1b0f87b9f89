import CountdownCore
import CountdownKit
import XCTest

/// A paused countdown gets no callbacks that would notice its receiver die; it must still end
/// once the receiver is gone, even when nothing else ticks.
final class PausedReceiverTests: XCTestCase {
  func testAPausedCountdownOfADeadReceiverIsRemovedWhenNothingElseTicks() throws {
    try withManualManager { manager, clock, _ in
      var model: OrderModel? = OrderModel()
      let watch = WeakWatch(model!)
      try manager.start(model!, seconds: 60) { model, remaining, _ in model.remaining = remaining }
      try clock.advance(by: .seconds(1))
      XCTAssertTrue(manager.pause(model!))
      try clock.advance(by: .seconds(1))
      model = nil
      XCTAssertNil(watch.object, "the manager keeps no receiver alive")
      try clock.advance(by: .seconds(3600))
      XCTAssertEqual(manager.count, 0, "the dead receiver's paused countdown is removed")
    }
  }
}
