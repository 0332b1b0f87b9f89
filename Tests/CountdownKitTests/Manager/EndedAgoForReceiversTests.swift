import CountdownKit
import Foundation
import XCTest

/// A late `0` says how late it came, in its handler's call, for a receiver and for an id, whatever
/// held it: here a device that slept through the end.
final class EndedAgoForReceiversTests: XCTestCase {
  func testAReceiversAndAnIDsZeroAfterTheDeviceSleptSayHowLate() throws {
    try withManualManager { manager, clock, _ in
      final class Cell {}
      let cell = Cell()
      var lateness: [String: Duration?] = [:]
      try manager.start(cell, for: .seconds(10)) { cell, remaining, _ in
        if remaining == 0 { lateness["cell"] = manager.endedAgo(cell) }
      }
      try manager.start(id: "order", for: .seconds(20)) { id, remaining, _ in
        if remaining == 0 { lateness[id] = manager.endedAgo(id: id) }
      }
      try clock.jump(by: .seconds(80))
      XCTAssertEqual(lateness["cell"], .some(.seconds(70)))
      XCTAssertEqual(lateness["order"], .some(.seconds(60)))
      XCTAssertNil(manager.endedAgo(cell), "once its call returned")
      XCTAssertNil(manager.endedAgo(id: "order"))
    }
  }

  /// A resume delivers the `0`s of an id and of a receiver that ended 10 ms before it, within the
  /// end tolerance: both on time.
  func testZerosAResumeDeliversWithinTheEndToleranceAreOnTimeForAnIDAndAReceiver() throws {
    try withManualManager { manager, clock, _ in
      final class Cell {}
      let cell = Cell()
      var lateness: [String: Duration?] = [:]
      try manager.start(cell, for: .seconds(1)) { cell, remaining, _ in
        if remaining == 0 { lateness["cell"] = manager.endedAgo(cell) }
      }
      try manager.start(id: "order", for: .seconds(1)) { id, remaining, _ in
        if remaining == 0 { lateness[id] = manager.endedAgo(id: id) }
      }
      manager.suspendTicking()
      try clock.advance(by: .milliseconds(1_010))
      manager.resumeTicking()
      try clock.advance(by: .zero)
      XCTAssertEqual(lateness.count, 2, "both 0s came: \(lateness)")
      XCTAssertEqual(lateness["cell"], .some(nil), "within the end tolerance")
      XCTAssertEqual(lateness["order"], .some(nil), "within the end tolerance, as the receiver's")
    }
  }

  /// A resume's late `0`s of a receiver and an id, the receiver's handler taking 0.3 s: both are as
  /// late, measured to the batch's instant, not to the clock when asked.
  func testAnIDsAndAReceiversZeroInOneBatchAreMeasuredToOneInstant() throws {
    try withManualManager { manager, clock, _ in
      final class Cell {}
      let cell = Cell()
      var lateness: [String: Duration?] = [:]
      try manager.start(cell, for: .seconds(1)) { cell, remaining, _ in
        guard remaining == 0 else { return }
        lateness["cell"] = manager.endedAgo(cell)
        try? clock.advance(by: .milliseconds(300))
      }
      try manager.start(id: "order", for: .seconds(1)) { id, remaining, _ in
        if remaining == 0 { lateness[id] = manager.endedAgo(id: id) }
      }
      manager.suspendTicking()
      try clock.advance(by: .seconds(3))
      manager.resumeTicking()
      try clock.advance(by: .zero)
      XCTAssertEqual(lateness["cell"], .some(.seconds(2)))
      XCTAssertEqual(lateness["order"], .some(.seconds(2)), "the receiver's instant")
    }
  }

  func testAZeroOnTimeIsNotLate() throws {
    try withManualManager { manager, clock, _ in
      final class Cell {}
      let cell = Cell()
      var lateness: [Duration?] = []
      try manager.start(cell, for: .seconds(3)) { cell, remaining, _ in
        if remaining == 0 { lateness.append(manager.endedAgo(cell)) }
      }
      try clock.advance(by: .seconds(4))
      XCTAssertEqual(lateness, [nil])
    }
  }
}
