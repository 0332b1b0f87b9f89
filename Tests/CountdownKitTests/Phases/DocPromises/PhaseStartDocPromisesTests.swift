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

  /// `start(id:plan:…)` throws "`outOfRange` for a first phase whose end lies beyond the
  /// manager's clock …; an existing countdown of `id` is then left untouched": on a clock 200
  /// years on, a first phase of 100 years cannot end (a single countdown of 100 years is refused
  /// there). It was started, replacing the id's countdown, its end held at the clock's last
  /// instant: about 92 years left, not 100. A receiver's start and a stream throw as well.
  func testAFirstPhaseEndingBeyondTheClockThrowsAndLeavesTheIDsCountdown() throws {
    try withManualManager { manager, clock, _ in
      try clock.advance(by: .seconds(200 * 365 * 86_400))
      var values: [Int] = []
      try manager.start(id: "tea", for: .seconds(10)) { _, value, _ in values.append(value) }
      let century = try CountdownPlan(blocks: [.init([CountdownPhase("Century", .seconds(100 * 365 * 86_400))])])
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        try manager.start(id: "tea", plan: century) { _, _, _ in }
      }
      let receiver = NSObject()
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        try manager.start(receiver, plan: century) { _, _, _ in }
      }
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        _ = try manager.phaseUpdates(plan: century)
      }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(values, [10, 9], "the single countdown runs on")
      XCTAssertNil(manager.phasePosition(id: "tea"))
      XCTAssertNil(manager.phasePosition(for: receiver))
      XCTAssertEqual(manager.snapshot(of: String.self).phaseEntries, [])
    }
  }
}
