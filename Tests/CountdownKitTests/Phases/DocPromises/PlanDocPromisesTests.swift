import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of `CountdownPlan`, its blocks, repetitions and phases promise of a plan on its
/// own: which plans are refused and with what, how phases are counted, and how they are written.
final class PlanDocPromisesTests: XCTestCase {
  private let work = CountdownPhase("Work", .seconds(25 * 60))
  private let rest = CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)
  private let long = CountdownPhase("Long break", .seconds(15 * 60), purpose: .recovery)

  /// `longBreakEvery` is "1 or more when there is a long break", and the init refuses "a long
  /// break every fewer than 1 cycle": without a long break, the count is not checked.
  func testACountBelowOneIsRefusedOnlyWithALongBreak() throws {
    let plan = try CountdownPlan(blocks: [.init([work, rest], repeated: .times(2), every: 0)])
    XCTAssertEqual(plan.phaseCount, 4)
    assertThrows(CountdownError.invalidRepetition) { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([work, rest], repeated: .times(2), longBreak: self.long, every: -1)])
    }
  }

  /// "`zeroDuration` for a phase (a long break included)", and "`negativeDuration` for one below
  /// zero", a block's total included.
  func testALongBreakOfZeroAndANegativeTotalAreRefused() {
    assertThrows(CountdownError.zeroDuration) { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([work], longBreak: CountdownPhase("None", .zero))])
    }
    assertThrows(CountdownError.negativeDuration) { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([work], repeated: .lasting(.seconds(-1)))])
    }
  }

  /// "`outOfRange` for a plan (or one round of a forever block's long break) longer than the
  /// clock can count": a forever block whose round up to its long break lasts centuries.
  func testAForeverBlocksLongBreakRoundBeyondTheClockIsRefused() {
    let year = CountdownPhase("Year", .seconds(365 * 86_400))
    assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([year], repeated: .forever, longBreak: year, every: 400)])
    }
  }

  /// "The number of phases the plan runs, every cycle counted (a long break as the phase it
  /// replaces)", and "How long the plan lasts … with nothing paused, skipped or added": a long
  /// break adds no phase, and its own length replaces the phase's.
  func testALongBreakCountsAsThePhaseItReplaces() throws {
    let plan = try CountdownPlan(blocks: [.init([work, rest], repeated: .times(4), longBreak: long, every: 4)])
    XCTAssertEqual(plan.phaseCount, 8)
    XCTAssertEqual(plan.totalDuration, .seconds(4 * 25 * 60 + 3 * 5 * 60 + 15 * 60))
  }

  /// "a plan of a 2-phase warm-up and a block of 3 phases starts its block's second cycle at
  /// ordinal 5": a seek to ordinal 5 lands on the block's first phase, cycle 1.
  func testOrdinalsCountAcrossTheWarmUpAndEveryCycle() throws {
    try withManualManager { manager, _, _ in
      let phase = { (name: String) in CountdownPhase(name, .seconds(10)) }
      let plan = try CountdownPlan(
        warmUp: [phase("W1"), phase("W2")], blocks: [.init([phase("A"), phase("B"), phase("C")], repeated: .times(2))])
      try manager.start(id: "plan", plan: plan) { _, _, _ in }
      XCTAssertTrue(try manager.seekPhase(id: "plan", to: 5))
      let position = try XCTUnwrap(manager.phasePosition(id: "plan"))
      XCTAssertEqual(position.phase.name, "A")
      XCTAssertEqual(position.cycle, 1)
      XCTAssertEqual(position.phaseIndex, 0)
    }
  }

  /// "Encodes the repetition as an object of one key: `{"times": 4}`, `{"forever": true}`",
  /// decodes it back, and the choice reads as its static member spells it.
  func testARepetitionIsWrittenAsAnObjectOfOneKey() throws {
    func json(_ repetition: CountdownPlan.Repetition) throws -> String {
      try XCTUnwrap(String(data: JSONEncoder().encode(repetition), encoding: .utf8))
    }
    XCTAssertEqual(try json(.times(4)), #"{"times":4}"#)
    XCTAssertEqual(try json(.forever), #"{"forever":true}"#)
    for repetition in [CountdownPlan.Repetition.times(4), .forever, .lasting(.seconds(1800))] {
      let again = try JSONDecoder().decode(CountdownPlan.Repetition.self, from: JSONEncoder().encode(repetition))
      XCTAssertEqual(again, repetition)
    }
    XCTAssertEqual(CountdownPlan.Repetition.lasting(.seconds(1800)).description, "lasting(1800.0 seconds)")
    XCTAssertNil(CountdownPlan.Repetition.forever.total)
    XCTAssertFalse(CountdownPlan.Repetition.times(2).isForever)
  }

  /// "Decodes a repetition …: `DecodingError.dataCorrupted` for an object with none of the three
  /// keys".
  func testARepetitionWithNoKeyIsDataCorrupted() {
    XCTAssertThrowsError(try JSONDecoder().decode(CountdownPlan.Repetition.self, from: Data(#"{"often":3}"#.utf8))) {
      guard case DecodingError.dataCorrupted = $0 else { return XCTFail("\($0)") }
    }
  }

  /// A purpose is "written in snapshots" as its word alone: `"work"`, `"recovery"`, or the app's,
  /// and decodes from that word.
  func testAPurposeIsWrittenAsItsWordAlone() throws {
    let data = try JSONEncoder().encode([CountdownPhase.Purpose.work, .recovery, CountdownPhase.Purpose("stretch")])
    XCTAssertEqual(String(data: data, encoding: .utf8), #"["work","recovery","stretch"]"#)
    let decoded = try JSONDecoder().decode([CountdownPhase.Purpose].self, from: Data(#"["recovery","nap"]"#.utf8))
    XCTAssertEqual(decoded, [.recovery, CountdownPhase.Purpose("nap")])
    XCTAssertEqual(decoded[1].rawValue, "nap")
    XCTAssertThrowsError(try JSONDecoder().decode([CountdownPhase.Purpose].self, from: Data("[3]".utf8)))
  }

  /// A phase's defaults: purpose ``CountdownPhase/Purpose/work``, no pause after it, no values
  /// of the app's; and a phase in seconds refuses a length beyond 292 years.
  func testAPhasesDefaultsAndItsLengthInSeconds() throws {
    let phase = CountdownPhase("Work", .seconds(1))
    XCTAssertEqual(phase.purpose, .work)
    XCTAssertFalse(phase.pausesAfter)
    XCTAssertEqual(phase.userInfo, [:])
    let inSeconds = try CountdownPhase(
      "Rest", seconds: 2.5, purpose: .recovery, pausesAfter: true, userInfo: ["a": "b"])
    XCTAssertEqual(
      inSeconds,
      CountdownPhase("Rest", .milliseconds(2_500), purpose: .recovery, pausesAfter: true, userInfo: ["a": "b"]))
    assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
      _ = try CountdownPhase("Ages", seconds: 293 * 365.25 * 86_400)
    }
  }

  /// "Decodes a plan …, and checks it as `init(warmUp:blocks:coolDown:)` does": a plan written
  /// with a block after a forever block, or no phase at all, is refused with the init's error.
  func testADecodedPlanIsRefusedWithTheInitsError() throws {
    let forever = try CountdownPlan(blocks: [.init([work], repeated: .forever)])
    var object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(forever)) as? [String: Any])
    object["coolDown"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode([rest]))
    let data = try JSONSerialization.data(withJSONObject: object)
    XCTAssertThrowsError(try JSONDecoder().decode(CountdownPlan.self, from: data)) {
      XCTAssertEqual($0 as? CountdownError, .unreachablePhases)
    }
    XCTAssertThrowsError(
      try JSONDecoder().decode(CountdownPlan.self, from: Data(#"{"warmUp":[],"blocks":[],"coolDown":[]}"#.utf8))
    ) { XCTAssertEqual($0 as? CountdownError, .emptyPlan) }
  }

  /// `CountdownPhase.init(_:seconds:…)` throws `outOfRange` for 2⁶³ nanoseconds or more (about
  /// 292 years): a phase of 292 years of 365 days (9 208 512 000 s) is made, as one of that
  /// `Duration` is (it was refused from 9.2 × 10⁹ s on, about 291.5 years), and one just past
  /// 2⁶³ ns is refused.
  func testAPhaseInSecondsOf292YearsIsMadeAndOnePastTheClockIsNot() throws {
    let seconds: TimeInterval = 292 * 365 * 86_400
    XCTAssertEqual(try CountdownPhase("Ages", seconds: seconds).duration, .seconds(Int64(seconds)))
    assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
      _ = try CountdownPhase("Ages", seconds: 9_223_372_037)
    }
  }

  /// `CountdownPlan.init(from:)`: a part left out is taken as empty, as the initializer's defaults
  /// are; a plan with no part at all is refused with `emptyPlan`.
  func testAPlanLeavingPartsOutTakesThemAsEmpty() throws {
    let plan = try CountdownPlan(blocks: [.init([CountdownPhase("Work", .seconds(60))])])
    var object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(plan)) as? [String: Any])
    object["warmUp"] = nil
    object["coolDown"] = nil
    XCTAssertEqual(
      try JSONDecoder().decode(CountdownPlan.self, from: JSONSerialization.data(withJSONObject: object)), plan)
    XCTAssertThrowsError(try JSONDecoder().decode(CountdownPlan.self, from: Data("{}".utf8))) {
      XCTAssertEqual($0 as? CountdownError, .emptyPlan)
    }
  }
}
