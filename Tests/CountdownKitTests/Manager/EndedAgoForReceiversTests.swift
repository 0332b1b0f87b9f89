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
