import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// A plan's shape: what it accepts, what it refuses with which error, what it counts, and its
/// round trip through a coder.
final class CountdownPlanTests: XCTestCase {
  let work = CountdownPhase("Work", .seconds(1500))
  let rest = CountdownPhase("Break", .seconds(300), purpose: .recovery)
  let long = CountdownPhase("Long break", .seconds(900), purpose: .recovery, pausesAfter: true)

  func testAPomodoroCountsItsPhasesAndTime() throws {
    let plan = try CountdownPlan(blocks: [.init([work, rest], repeated: .times(4), longBreak: long, every: 4)])
    XCTAssertEqual(plan.phaseCount, 8)
    // Three short breaks and one long one.
    XCTAssertEqual(plan.totalDuration, .seconds((4 * 25 + 3 * 5 + 15) * 60))
  }

  func testAForeverPlanHasNoCountNorTotal() throws {
    let plan = try CountdownPlan(
      warmUp: [CountdownPhase("Warm-up", .seconds(300))], blocks: [.init([work, rest], repeated: .forever)])
    XCTAssertNil(plan.phaseCount)
    XCTAssertNil(plan.totalDuration)
  }

  func testABlockLastingATotalCutsItsLastPhase() throws {
    // 4-minute cycles for 30 minutes: seven cycles and the first 2 minutes of an eighth.
    let run = CountdownPhase("Run", .seconds(120))
    let walk = CountdownPhase("Walk", .seconds(120), purpose: .recovery)
    let plan = try CountdownPlan(blocks: [.init([run, walk], repeated: .lasting(.seconds(1800)))])
    XCTAssertEqual(plan.totalDuration, .seconds(1800))
    XCTAssertEqual(plan.phaseCount, 15)
    // 31 minutes: the eighth cycle's run is cut a minute short.
    let cut = try CountdownPlan(blocks: [.init([run, walk], repeated: .lasting(.seconds(1860)))])
    XCTAssertEqual(cut.phaseCount, 16)
  }

  func testWarmUpBlocksAndCoolDownAddUp() throws {
    let plan = try CountdownPlan(
      warmUp: [CountdownPhase("Easy", .seconds(300)), CountdownPhase("Strides", .seconds(120))],
      blocks: [
        .init([CountdownPhase("Sprint", .seconds(30)), CountdownPhase("Jog", .seconds(90))], repeated: .times(6)),
        .init([CountdownPhase("Tempo", .seconds(600))]),
      ],
      coolDown: [CountdownPhase("Walk", .seconds(300))])
    XCTAssertEqual(plan.phaseCount, 2 + 12 + 1 + 1)
    XCTAssertEqual(plan.totalDuration, .seconds(420) + .seconds(720) + .seconds(600) + .seconds(300))
  }

  func testABadPlanIsATypedError() {
    assertThrows(CountdownError.emptyPlan, "no phase") { () throws(CountdownError) in _ = try CountdownPlan() }
    assertThrows(CountdownError.emptyPlan, "a block without phases") { () throws(CountdownError) in
      _ = try CountdownPlan(warmUp: [work], blocks: [.init([])])
    }
    assertThrows(CountdownError.zeroDuration, "a phase of zero") { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([CountdownPhase("Nothing", .zero)])])
    }
    assertThrows(CountdownError.zeroDuration, "a phase below a nanosecond") { () throws(CountdownError) in
      _ = try CountdownPlan(warmUp: [CountdownPhase("Nothing", .nanoseconds(1) / 2)])
    }
    assertThrows(CountdownError.negativeDuration, "a negative phase") { () throws(CountdownError) in
      _ = try CountdownPlan(coolDown: [CountdownPhase("Back", .seconds(-1))])
    }
    assertThrows(CountdownError.negativeDuration, "a negative long break") { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([work], longBreak: CountdownPhase("Back", .seconds(-1)))])
    }
    assertThrows(CountdownError.zeroDuration, "a block lasting zero") { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([work], repeated: .lasting(.zero))])
    }
    assertThrows(CountdownError.invalidRepetition, "zero cycles") { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([work], repeated: .times(0))])
    }
    assertThrows(CountdownError.invalidRepetition, "negative cycles") { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([work], repeated: .times(-3))])
    }
    assertThrows(CountdownError.invalidRepetition, "a long break every 0") { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([work, rest], repeated: .times(4), longBreak: long, every: 0)])
    }
    assertThrows(CountdownError.unreachablePhases, "a cool-down after forever") { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([work], repeated: .forever)], coolDown: [rest])
    }
    assertThrows(CountdownError.unreachablePhases, "a block after forever") { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([work], repeated: .forever), .init([rest])])
    }
    assertThrows(CountdownError.outOfRange, "a phase beyond the clock") { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([CountdownPhase("Ages", .seconds(Int64.max))])])
    }
    assertThrows(CountdownError.outOfRange, "a plan beyond the clock") { () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [.init([CountdownPhase("Year", .seconds(365 * 86_400))], repeated: .times(300))])
    }
    assertThrows(CountdownError.outOfRange, "a forever block whose long-break round is beyond the clock") {
      () throws(CountdownError) in
      _ = try CountdownPlan(blocks: [
        .init([CountdownPhase("Year", .seconds(365 * 86_400))], repeated: .forever, longBreak: long, every: 400)
      ])
    }
    assertThrows(CountdownError.outOfRange, "more phases than Int holds") { () throws(CountdownError) in
      let tick = CountdownPhase("Tick", .nanoseconds(1))
      _ = try CountdownPlan(blocks: [.init([tick, tick], repeated: .times(.max))])
    }
  }

  func testAPhaseInSecondsChecksItsNumber() throws {
    XCTAssertEqual(try CountdownPhase("Plank", seconds: 45).duration, .seconds(45))
    XCTAssertEqual(try CountdownPhase("Half", seconds: 0.5).duration, .milliseconds(500))
    assertThrows(CountdownError.nonFiniteValue) { () throws(CountdownError) in
      _ = try CountdownPhase("NaN", seconds: .nan)
    }
    assertThrows(CountdownError.nonFiniteValue) { () throws(CountdownError) in
      _ = try CountdownPhase("Inf", seconds: .infinity)
    }
    assertThrows(CountdownError.negativeDuration) { () throws(CountdownError) in
      _ = try CountdownPhase("Back", seconds: -1)
    }
    assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in _ = try CountdownPhase("Ages", seconds: 1e12)
    }
  }

  func testAPlanRoundTripsThroughJSON() throws {
    let plan = try CountdownPlan(
      warmUp: [CountdownPhase("Easy", .seconds(300), userInfo: ["colour": "green"])],
      blocks: [
        .init([work, rest], repeated: .times(4), longBreak: long, every: 4),
        .init(
          [CountdownPhase("Stretch", .seconds(60), purpose: CountdownPhase.Purpose("stretch"))],
          repeated: .lasting(.seconds(180))),
        .init([CountdownPhase("Tick", .milliseconds(250))], repeated: .forever),
      ])
    let data = try JSONEncoder().encode(plan)
    let decoded = try JSONDecoder().decode(CountdownPlan.self, from: data)
    XCTAssertEqual(decoded, plan)
    XCTAssertEqual(decoded.hashValue, plan.hashValue)
    XCTAssertEqual(decoded.phaseCount, plan.phaseCount)
  }

  func testADecodedPlanIsChecked() throws {
    let good = try CountdownPlan(blocks: [.init([work], repeated: .times(2))])
    var json = try XCTUnwrap(String(data: JSONEncoder().encode(good), encoding: .utf8))
    json = json.replacingOccurrences(of: #"{"times":2}"#, with: #"{"times":0}"#)
    XCTAssertThrowsError(try JSONDecoder().decode(CountdownPlan.self, from: Data(json.utf8))) { error in
      XCTAssertEqual(error as? CountdownError, .invalidRepetition)
    }
    let noRepetition = json.replacingOccurrences(of: #"{"times":0}"#, with: "{}")
    XCTAssertThrowsError(try JSONDecoder().decode(CountdownPlan.self, from: Data(noRepetition.utf8))) { error in
      XCTAssertTrue(error is DecodingError, "\(error)")
    }
  }

  func testRepetitionsSayWhatTheyAre() {
    XCTAssertEqual(CountdownPlan.Repetition.times(4).count, 4)
    XCTAssertNil(CountdownPlan.Repetition.forever.count)
    XCTAssertTrue(CountdownPlan.Repetition.forever.isForever)
    XCTAssertEqual(CountdownPlan.Repetition.lasting(.seconds(1800)).total, .seconds(1800))
    XCTAssertEqual(CountdownPlan.Repetition.times(4).description, "times(4)")
    XCTAssertEqual(CountdownPlan.Repetition.forever.description, "forever")
    XCTAssertEqual(CountdownPhase.Purpose.recovery.description, "recovery")
    XCTAssertEqual(CountdownError.unreachablePhases.description, "unreachablePhases")
  }
}
