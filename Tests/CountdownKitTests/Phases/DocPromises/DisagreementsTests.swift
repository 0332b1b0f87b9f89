import CountdownCore
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// Promises of the phases' docs that the code does not keep as written. Each test asserts what
/// the doc says, and fails; it runs only with `COUNTDOWN_DOC_DISAGREEMENTS=1`, so that the suite
/// stays green until the doc or the code is changed.
final class DisagreementsTests: XCTestCase {
  /// `CountdownPhase.init(_:seconds:…)` throws "`outOfRange` beyond 292 years": a phase of 292
  /// years of 365 days (9 208 512 000 s, within 292 years and within what 64-bit nanoseconds
  /// hold) should be made; the init refuses any length from 9.2 × 10⁹ s, about 291.5 years.
  func testAPhaseInSecondsOf292YearsIsMade() throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["COUNTDOWN_DOC_DISAGREEMENTS"] == "1",
      "a doc disagreement: run with COUNTDOWN_DOC_DISAGREEMENTS=1")
    let seconds: TimeInterval = 292 * 365 * 86_400
    XCTAssertNoThrow(try CountdownPhase("Ages", seconds: seconds))
    XCTAssertEqual(try? CountdownPhase("Ages", seconds: seconds).duration, .seconds(Int64(seconds)))
  }

  /// `CountdownPlan.init(from:)` throws "What the decoder throws for a missing field": a plan
  /// written without its `warmUp` and `coolDown` fields should be refused with the decoder's
  /// error; it decodes, those parts taken as empty.
  func testAPlanMissingAFieldIsRefusedByTheDecoder() throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["COUNTDOWN_DOC_DISAGREEMENTS"] == "1",
      "a doc disagreement: run with COUNTDOWN_DOC_DISAGREEMENTS=1")
    let plan = try CountdownPlan(blocks: [.init([CountdownPhase("Work", .seconds(60))])])
    var object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(plan)) as? [String: Any])
    object["warmUp"] = nil
    object["coolDown"] = nil
    let data = try JSONSerialization.data(withJSONObject: object)
    XCTAssertThrowsError(try JSONDecoder().decode(CountdownPlan.self, from: data)) {
      guard case DecodingError.keyNotFound = $0 else { return XCTFail("\($0)") }
    }
  }

  /// `start(id:plan:…)` throws "`outOfRange` for a first phase whose end lies beyond the
  /// manager's clock …; an existing countdown of `id` is then left untouched": on a clock 200
  /// years on, a first phase of 100 years cannot end (a single countdown of 100 years is refused
  /// there). The plan is started instead, replacing the id's countdown, its phase's end held at
  /// the clock's last instant: about 92 years left, not 100.
  func testAFirstPhaseEndingBeyondTheClockThrowsAndLeavesTheIDsCountdown() throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["COUNTDOWN_DOC_DISAGREEMENTS"] == "1",
      "a doc disagreement: run with COUNTDOWN_DOC_DISAGREEMENTS=1")
    try withManualManager { manager, clock, _ in
      try clock.advance(by: .seconds(200 * 365 * 86_400))
      var values: [Int] = []
      try manager.start(id: "tea", for: .seconds(10)) { _, value, _ in values.append(value) }
      let century = try CountdownPlan(blocks: [.init([CountdownPhase("Century", .seconds(100 * 365 * 86_400))])])
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        try manager.start(id: "tea", plan: century) { _, _, _ in }
      }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(values, [10, 9], "the single countdown runs on")
      XCTAssertNil(manager.phasePosition(id: "tea"))
    }
  }
}
