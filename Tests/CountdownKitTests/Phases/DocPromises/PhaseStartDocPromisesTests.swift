import CountdownCore
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of `start(id:plan:…)` and `phaseUpdates(plan:…)` promise of a refused start: the
/// error named, and the id's countdown left as it was.
final class PhaseStartDocPromisesTests: XCTestCase {
  /// `start(id:plan:…)` throws "`invalidMilestone` for a milestone below zero … an existing
  /// countdown of `id` is then left untouched".
  func testAStartWithANegativeMilestoneThrowsAndLeavesTheIDsCountdown() throws {
    try withManualManager { manager, clock, _ in
      var values: [Int] = []
      try manager.start(id: "tea", for: .seconds(10)) { _, value, _ in values.append(value) }
      assertThrows(CountdownError.invalidMilestone) { () throws(CountdownError) in
        try manager.start(id: "tea", plan: DocPromiseFixtures.plan(), delivering: .milestones([5, -1])) { _, _, _ in }
      }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(values, [10, 9], "the single countdown runs on")
      XCTAssertNil(manager.phasePosition(id: "tea"))
    }
  }

  /// `phaseUpdates(plan:…)`: "Throws: What `start(id:plan:…)` throws", and nothing is started.
  func testAStreamOfANegativeMilestoneThrowsAndStartsNothing() throws {
    try withManualManager { manager, _, _ in
      assertThrows(CountdownError.invalidMilestone) { () throws(CountdownError) in
        _ = try manager.phaseUpdates(plan: DocPromiseFixtures.plan(), delivering: .milestones([-2]))
      }
      XCTAssertEqual(manager.snapshot(of: String.self).phaseEntries, [])
    }
  }
}
