import CountdownKit
import Foundation
import XCTest

/// How many pushes a Live Activity of a Pomodoro and of a Tabata needs from
/// `pushSchedule(id:lookAhead:from:limit:)`, at look-aheads 0 (a push per phase boundary, as a
/// server without a look-ahead sends), 1 and 3: in the first hour, in the busiest hour, and over the
/// 8 hours an activity lives. Pinned, so that a schedule that sends more pushes fails here;
/// Benchmarks.md has the table.
///
/// A plan that pauses is resumed at once at each pause: the person taps "Start" when the push that
/// shows the next phase waiting has gone, and the app posts a new snapshot, whose schedule's first
/// push goes out then (as the scheduler sends it). A later tap sends no more pushes an hour.
final class PhasePushRateTests: XCTestCase {
  /// The counts of one plan at one look-ahead.
  struct Rate: Equatable, CustomStringConvertible {
    /// Pushes sent in [0, 1 h).
    var firstHour: Int
    /// The most pushes sent in any hour-long span [t, t + 1 h) within `horizon`.
    var busiestHour: Int
    /// Pushes sent in [0, horizon).
    var total: Int

    var description: String { "first hour \(firstHour), busiest hour \(busiestHour), total \(total)" }
  }

  static let origin = Date(timeIntervalSince1970: 1_800_000_000)
  /// The 8 hours a Live Activity lives.
  static let activityLife = 8.0 * 3_600

  /// 25 minutes of focus, 5 of break, a long break of 15 minutes in place of every fourth break,
  /// repeated forever: `waits` says after which phases the plan pauses.
  static func pomodoro(waits: Waits) throws -> CountdownPlan {
    try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [
          CountdownPhase("Focus", .seconds(25 * 60), pausesAfter: waits == .afterEachPhase),
          CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery, pausesAfter: waits == .afterEachPhase),
        ],
        repeated: .forever,
        longBreak: CountdownPhase(
          "Long break", .seconds(15 * 60), purpose: .recovery, pausesAfter: waits != .never),
        every: 4)
    ])
  }

  /// After which phases a Pomodoro pauses.
  enum Waits {
    /// It runs on, phase after phase.
    case never
    /// After each long break (the article's Pomodoro).
    case afterTheLongBreak
    /// After every phase.
    case afterEachPhase
  }

  /// The article's HIIT set: 5 minutes of warm-up, 8 rounds of 20 seconds of work and 10 of rest,
  /// 3 minutes of cool-down; 12 minutes in all.
  static func tabata() throws -> CountdownPlan {
    try CountdownPlan(
      warmUp: [CountdownPhase("Warm-up", .seconds(5 * 60), purpose: .recovery)],
      blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Work", .seconds(20)), CountdownPhase("Rest", .seconds(10), purpose: .recovery)],
          repeated: .times(8))
      ],
      coolDown: [CountdownPhase("Cool-down", .seconds(3 * 60), purpose: .recovery)])
  }

  /// The send dates, in seconds from the start, of the pushes `plan` started at ``origin`` needs
  /// within `horizon` seconds at `lookAhead`, each pause resumed at once with a new snapshot.
  static func sendTimes(of plan: CountdownPlan, lookAhead: Int, horizon: Double) throws -> [Double] {
    var times: [Double] = []
    var now = origin
    let first = (plan.warmUp.first ?? plan.blocks[0].phases[0]).duration.components.seconds
    var entry = CountdownSnapshot<String>.PhaseEntry(
      id: "plan", plan: plan, ordinal: 0, date: origin + Double(first))
    while true {
      let snapshot = CountdownSnapshot(takenAt: now, serverOffset: nil, entries: [], phaseEntries: [entry])
      let pushes = snapshot.pushSchedule(id: "plan", lookAhead: lookAhead, from: now, limit: 1_000)
      XCTAssertTrue(pushes.count < 1_000 || pushes[999].sendDate - origin.timeIntervalSince1970 >= horizon)
      for push in pushes {
        let time = push.sendDate - origin.timeIntervalSince1970
        if time < horizon { times.append(time) }
      }
      // The last push shows the next phase waiting: the person resumes it then.
      guard let waiting = pushes.last?.window, waiting.isPaused, let pausedAt = waiting.pausedAt,
        pausedAt - origin.timeIntervalSince1970 < horizon
      else { break }
      now = Date(timeIntervalSince1970: pausedAt)
      entry = CountdownSnapshot<String>.PhaseEntry(
        id: "plan", plan: plan, ordinal: waiting.current.ordinal,
        date: now + (waiting.current.end - waiting.current.start))
    }
    return times
  }

  static func rate(of plan: CountdownPlan, lookAhead: Int, horizon: Double = activityLife) throws -> Rate {
    let times = try sendTimes(of: plan, lookAhead: lookAhead, horizon: horizon)
    XCTAssertEqual(times, times.sorted())
    let busiest = times.map { start in times.count { $0 >= start && $0 < start + 3_600 } }.max() ?? 0
    return Rate(firstHour: times.count { $0 < 3_600 }, busiestHour: busiest, total: times.count)
  }

  /// The counts at look-aheads 0, 1 and 3.
  static func rates(of plan: CountdownPlan) throws -> [Int: Rate] {
    var rates: [Int: Rate] = [:]
    for lookAhead in [0, 1, 3] { rates[lookAhead] = try rate(of: plan, lookAhead: lookAhead) }
    return rates
  }

  /// A phase start, or the plan's end, within the first 8 hours: a push each for a server that
  /// pushes at every phase boundary, counted from the widget timeline's entries.
  static func boundaries(of plan: CountdownPlan, firstPhase seconds: Double) -> Int {
    let snapshot = CountdownSnapshot<String>(
      takenAt: origin, serverOffset: nil, entries: [],
      phaseEntries: [.init(id: "plan", plan: plan, ordinal: 0, date: origin + seconds)])
    return snapshot.timeline(id: "plan", from: origin, limit: 1_000).count {
      $0.date.timeIntervalSince(origin) < activityLife
    }
  }

  func testAPomodoroThatRunsOn() throws {
    let rates = try Self.rates(of: Self.pomodoro(waits: .never))
    // Look-ahead 0 is a push per phase boundary.
    XCTAssertEqual(rates[0]?.total, Self.boundaries(of: try Self.pomodoro(waits: .never), firstPhase: 25 * 60))
    XCTAssertEqual(rates[0], Rate(firstHour: 4, busiestHour: 4, total: 30))
    XCTAssertEqual(rates[1], Rate(firstHour: 2, busiestHour: 2, total: 15))
    XCTAssertEqual(rates[3], Rate(firstHour: 1, busiestHour: 1, total: 8))
  }

  func testAPomodoroThatWaitsAfterTheLongBreak() throws {
    let rates = try Self.rates(of: Self.pomodoro(waits: .afterTheLongBreak))
    XCTAssertEqual(rates[0], Rate(firstHour: 4, busiestHour: 5, total: 33))
    XCTAssertEqual(rates[1], Rate(firstHour: 2, busiestHour: 3, total: 18))
    XCTAssertEqual(rates[3], Rate(firstHour: 1, busiestHour: 2, total: 11))
  }

  func testAPomodoroThatWaitsAfterEachPhase() throws {
    // Each phase's window stops at its end, whatever the look-ahead: a push at its start (the
    // resume's snapshot) and one at its end (the next phase waiting), both at once at a pause.
    let rates = try Self.rates(of: Self.pomodoro(waits: .afterEachPhase))
    XCTAssertEqual(rates[0], Rate(firstHour: 7, busiestHour: 8, total: 59))
    XCTAssertEqual(rates[1], Rate(firstHour: 7, busiestHour: 8, total: 59))
    XCTAssertEqual(rates[3], Rate(firstHour: 7, busiestHour: 8, total: 59))
  }

  func testATabata() throws {
    let rates = try Self.rates(of: Self.tabata())
    XCTAssertEqual(rates[0]?.total, Self.boundaries(of: try Self.tabata(), firstPhase: 5 * 60))
    XCTAssertEqual(rates[0], Rate(firstHour: 19, busiestHour: 19, total: 19))
    XCTAssertEqual(rates[1], Rate(firstHour: 10, busiestHour: 10, total: 10))
    XCTAssertEqual(rates[3], Rate(firstHour: 6, busiestHour: 6, total: 6))
  }
}
