import CountdownKit
import XCTest

@testable import CountdownAlerts

/// The notifications' state machine as a table: a state (the events before), an event, the calls.
/// The schedule's moves, a refused id added again, every pending id added again after a clock
/// change, the sweep's pending set, the requests a time taken away removes, and what the center's
/// answers report.
final class NotificationsStateTests: XCTestCase {
  private let tea = IDKey("tea")
  private let egg = IDKey("egg")
  private static let second: Int64 = 1_000_000_000
  private struct Failure: Error {}

  /// A machine with room for `budget` requests, alerting at the end and `milestones` seconds before.
  private func machine(budget: Int = 2, milestones: [Int64] = [], reportsFailures: Bool = true) -> NotificationsState {
    NotificationsState(
      budget: budget, moments: [.end] + milestones.map { .timeLeft(.seconds($0)) }, reportsFailures: reportsFailures)
  }

  private func turn(
    _ phases: [(IDKey, NotificationsSchedule<NotificationsEnd>.Phase)], now: Int64, refreshed: Bool = false,
    clockChanged: Bool = false, sweep: [String]? = nil
  ) -> NotificationsState.Event {
    .turn(
      .init(phases: phases.map { ($0.0, $0.1, nil, nil, refreshed) }, now: now), clockChanged: clockChanged,
      sweep: sweep)
  }

  /// Focus 60 s, Break 30 s, forever: the plan of the phase events' rows.
  private static let pomodoro = try! CountdownPlan(blocks: [
    CountdownPlan.Block(
      [CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30), purpose: .recovery)],
      repeated: .forever)
  ])

  /// A turn reading `key`'s countdown in phases: its next phase ends, each an ordinal and the
  /// second it ends at (none: paused; `gone`: no countdown), the last one's next end read from the
  /// plan, as the mirror reads one more than it requests.
  private func phaseTurn(
    _ key: IDKey, _ ends: [(ordinal: Int, at: Int64)], gone: Bool = false, now: Int64, refreshed: Bool = false
  ) -> NotificationsState.Event {
    let layout = Self.pomodoro.layout
    let phaseEnds = ends.indices.map { index in
      NotificationsPhaseEnd(
        ordinal: ends[index].ordinal, instant: ends[index].at * Self.second,
        start: index > 0 ? ends[index - 1].at * Self.second : nil, ending: layout.phase(atOrdinal: ends[index].ordinal),
        next: layout.phase(atOrdinal: ends[index].ordinal + 1),
        nextInstant: index + 1 < ends.count
          ? ends[index + 1].at * Self.second
          : ends[index].at * Self.second + layout.phase(atOrdinal: ends[index].ordinal + 1).phase.duration.components
            .seconds
            * Self.second)
    }
    let phase: NotificationsSchedule<NotificationsEnd>.Phase =
      gone ? .gone : ends.first.map { .running(deadline: $0.at * Self.second) } ?? .frozen
    return .turn(
      .init(phases: [(key, phase, gone ? nil : phaseEnds, gone ? nil : ends.first?.ordinal, refreshed)], now: now),
      clockChanged: false, sweep: nil)
  }

  private func request(_ key: IDKey, _ moment: CountdownAlertMoment = .end) -> NotificationsRequest {
    NotificationsRequest(key: key, moment: moment)
  }

  /// The calls, written so that a table can compare them.
  private func described(_ calls: [NotificationsState.Call]) -> [String] {
    func name(_ request: NotificationsRequest) -> String {
      let id = (request.key.id(as: String.self) ?? "?") + (request.ordinal.map { "@\($0)" } ?? "")
      switch request.moment {
      case .end: return "\(id)/end"
      case .timeLeft(let left): return "\(id)/left-\(left.components.seconds)s"
      }
    }
    return calls.map { call in
      switch call {
      case .remove(let requests, let swept, let keeping):
        "remove \(requests.map(name)) swept \(swept) keeping \(keeping.compactMap { $0.key.id(as: String.self) }.sorted())"
      case .removeDelivered(let requests): "remove delivered \(requests.map(name))"
      case .add(let request, let fire, let now, _, _): "add \(name(request)) in \((fire - now) / Self.second)s"
      case .list(let pending): "list \(pending.compactMap { $0.key.key.id(as: String.self) }.sorted())"
      case .readAuthorization(let identifier, _): "read authorization for \(identifier)"
      case .report(let error): "report \(error)"
      }
    }
  }

  func testEachPhaseEventsCalls() {
    let s = Self.second
    let started = phaseTurn(tea, [(0, 60), (1, 90), (2, 150), (3, 180)], now: 0)
    // (what came before, the event, the calls), on a machine of budget 4, no milestone.
    let rows: [(String, [NotificationsState.Event], NotificationsState.Event, [String])] = [
      (
        "a start adds each phase end ahead, as many as the budget holds", [], started,
        ["add tea@0/end in 60s", "add tea@1/end in 90s", "add tea@2/end in 150s", "add tea@3/end in 180s"]
      ),
      (
        "a phase end heard: the one that rang leaves, one more comes behind the others, which stay",
        [started], phaseTurn(tea, [(1, 90), (2, 150), (3, 180), (4, 240)], now: 60 * s), ["add tea@4/end in 180s"]
      ),
      (
        "ends passed unseen (a return from suspension): they rang, the ones ahead come",
        [started], phaseTurn(tea, [(3, 180), (4, 240), (5, 270), (6, 330)], now: 170 * s),
        ["add tea@4/end in 70s", "add tea@5/end in 100s", "add tea@6/end in 160s"]
      ),
      (
        "a skip: the skipped phase's request is removed, not delivered; the ends after it move",
        [started], phaseTurn(tea, [(1, 40), (2, 100), (3, 130), (4, 190)], now: 10 * s),
        [
          "remove [\"tea@0/end\"] swept [] keeping []", "add tea@1/end in 30s", "add tea@2/end in 90s",
          "add tea@3/end in 120s", "add tea@4/end in 180s",
        ]
      ),
      (
        "a pause removes every phase end, in one call", [started], phaseTurn(tea, [], now: 10 * s),
        ["remove [\"tea@0/end\", \"tea@1/end\", \"tea@2/end\", \"tea@3/end\"] swept [] keeping []"]
      ),
      (
        "a resume adds them again, shifted by the pause", [started, phaseTurn(tea, [], now: 10 * s)],
        phaseTurn(tea, [(0, 80), (1, 110), (2, 170), (3, 200)], now: 30 * s),
        ["add tea@0/end in 50s", "add tea@1/end in 80s", "add tea@2/end in 140s", "add tea@3/end in 170s"]
      ),
      (
        "a cancel removes every phase end", [started], phaseTurn(tea, [], gone: true, now: 10 * s),
        ["remove [\"tea@0/end\", \"tea@1/end\", \"tea@2/end\", \"tea@3/end\"] swept [] keeping []"]
      ),
      (
        "a single countdown shares the budget soonest first: its end between two phase ends pushes the last out",
        [started], turn([(egg, .running(deadline: 100 * s))], now: 0),
        ["remove [\"tea@3/end\"] swept [] keeping []", "add egg/end in 100s"]
      ),
      (
        "another plan started with the same first end: its requests are made again, told of the new phases",
        [phaseTurn(tea, [(0, 60), (1, 90)], now: 0)],
        phaseTurn(tea, [(0, 60), (1, 120)], now: 0),
        ["add tea@0/end in 60s", "add tea@1/end in 120s"]
      ),
      (
        "the plan's end: nothing after it", [],
        phaseTurn(tea, [(0, 60), (1, 90)], now: 0), ["add tea@0/end in 60s", "add tea@1/end in 90s"]
      ),
    ]
    for (name, before, event, expected) in rows {
      var machine = machine(budget: 4, reportsFailures: false)
      for event in before { _ = machine.handle(event) }
      XCTAssertEqual(described(machine.handle(event)), expected, name)
    }
  }

  func testAPhaseEndsMilestoneComesWithinItsPhaseOnly() {
    var machine = machine(budget: 4, milestones: [40], reportsFailures: false)
    XCTAssertEqual(
      described(machine.handle(phaseTurn(tea, [(0, 60), (1, 90)], now: 0))),
      ["add tea@0/end in 60s", "add tea@0/left-40s in 20s", "add tea@1/end in 90s"],
      "the break's 40 s left would come in the focus: not requested")
  }

  func testEachEventsCalls() {
    let s = Self.second
    // (what came before, the event, the calls), each row on a machine of budget 2, no milestone.
    let rows: [(String, [NotificationsState.Event], NotificationsState.Event, [String])] = [
      ("a start adds its end", [], turn([(tea, .running(deadline: 600 * s))], now: 0), ["add tea/end in 600s"]),
      (
        "a pause removes it", [turn([(tea, .running(deadline: 600 * s))], now: 0)],
        turn([(tea, .frozen)], now: 10 * s), ["remove [\"tea/end\"] swept [] keeping []"]
      ),
      (
        "time added adds it again: the same identifier replaces it",
        [turn([(tea, .running(deadline: 600 * s))], now: 0)], turn([(tea, .running(deadline: 660 * s))], now: 10 * s),
        ["add tea/end in 650s"]
      ),
      (
        "a phase end: the next phase's end is added under the same identifier, the last one having rung",
        [turn([(tea, .running(deadline: 600 * s))], now: 0)], turn([(tea, .running(deadline: 900 * s))], now: 600 * s),
        ["add tea/end in 300s"]
      ),
      (
        "a phase after which the plan pauses: nothing to remove, its end rang",
        [turn([(tea, .running(deadline: 600 * s))], now: 0)], turn([(tea, .frozen)], now: 600 * s), []
      ),
      (
        "a cancel removes it, and a milestone delivered would go too",
        [turn([(tea, .running(deadline: 600 * s))], now: 0)], turn([(tea, .gone)], now: 10 * s),
        ["remove [\"tea/end\"] swept [] keeping []"]
      ),
      (
        "an end already passed (time taken past it) removes what was pending and adds nothing",
        [turn([(tea, .running(deadline: 600 * s))], now: 0)], turn([(tea, .running(deadline: 5 * s))], now: 10 * s),
        ["remove [\"tea/end\"] swept [] keeping []"]
      ),
      (
        "the same end: no call", [turn([(tea, .running(deadline: 600 * s))], now: 0)],
        turn([(tea, .running(deadline: 600 * s))], now: 10 * s), []
      ),
      (
        "a refresh adds it again", [turn([(tea, .running(deadline: 600 * s))], now: 0)],
        turn([(tea, .running(deadline: 600 * s))], now: 10 * s, refreshed: true), ["add tea/end in 590s"]
      ),
      (
        "a change of the clock adds every pending request again", [turn([(tea, .running(deadline: 600 * s))], now: 0)],
        turn([], now: 10 * s, clockChanged: true), ["add tea/end in 590s"]
      ),
      (
        "the sweep keeps the pending countdowns' requests", [turn([(tea, .running(deadline: 600 * s))], now: 0)],
        turn([], now: 0, sweep: ["a/end/old", "a/end/tea"]),
        ["remove [] swept [\"a/end/old\", \"a/end/tea\"] keeping [\"tea\"]"]
      ),
      (
        "a refused add asks why", [], .addFailed(request(tea), identifier: "a/end/tea", error: Failure()),
        ["read authorization for a/end/tea"]
      ),
      (
        "notifications denied: not authorized", [],
        .authorizationRead(.denied, identifier: "a/end/tea", error: Failure()),
        ["report \(CountdownAlertError.notAuthorized.with(request: "a/end/tea", underlying: Failure()))"]
      ),
      (
        "a pending request not listed was dropped", [turn([(tea, .running(deadline: 600 * s))], now: 0)],
        .listed(
          others: 60,
          requests: [.init(request: request(tea), identifier: "a/end/tea", deadline: 600 * s, isListed: false)],
          now: 10 * s),
        ["report \(CountdownAlertError.requestDropped.with(request: "a/end/tea"))"]
      ),
      (
        "one whose instant came fired: not dropped", [turn([(tea, .running(deadline: 600 * s))], now: 0)],
        .listed(
          others: 60,
          requests: [.init(request: request(tea), identifier: "a/end/tea", deadline: 600 * s, isListed: false)],
          now: 600 * s), []
      ),
    ]
    for (what, before, event, expected) in rows {
      var state = machine()
      for earlier in before { _ = state.handle(earlier) }
      // The first turn that adds lists the center (no listing yet): left out of the table.
      XCTAssertEqual(described(state.handle(event)).filter { !$0.hasPrefix("list") }, expected, what)
    }
  }

  func testWhichRequestsATimeTakenAwayRemoves() {
    let s = Self.second
    // Ends at 600 s with alerts 300 s and 60 s before; at 100 s, 400 s are taken: the end moves to
    // 200 s. The 300 s left's instant (-100 s) is gone: its old request goes; the 60 s left's (140 s)
    // and the end's are added again at their new instants, replacing the old.
    var state = machine(budget: 3, milestones: [300, 60], reportsFailures: false)
    _ = state.handle(turn([(tea, .running(deadline: 600 * s))], now: 0))
    XCTAssertEqual(
      described(state.handle(turn([(tea, .running(deadline: 200 * s))], now: 100 * s))),
      ["remove [\"tea/left-300s\"] swept [] keeping []", "add tea/end in 100s", "add tea/left-60s in 40s"])
    // Taken past its end: every request still ahead goes; the delivered milestones stay until the
    // countdown goes.
    XCTAssertEqual(
      described(state.handle(turn([(tea, .running(deadline: 90 * s))], now: 100 * s))),
      ["remove [\"tea/end\", \"tea/left-60s\"] swept [] keeping []"])
    XCTAssertEqual(
      described(state.handle(turn([(tea, .gone)], now: 100 * s))),
      ["remove delivered [\"tea/left-300s\", \"tea/left-60s\"]"],
      "nothing pending to remove; its milestones delivered are taken off")
  }

  func testAGoneCountdownTakesItsDeliveredMilestonesOff() {
    let s = Self.second
    var state = machine(budget: 2, milestones: [60])
    _ = state.handle(turn([(tea, .running(deadline: 600 * s))], now: 0))
    XCTAssertEqual(
      described(state.handle(turn([(tea, .gone)], now: 560 * s))),
      ["remove [\"tea/end\"] swept [] keeping []", "remove delivered [\"tea/left-60s\"]"])
  }

  func testARefusedIdIsReadAndAddedAgain() {
    var state = machine()
    let first = state.handle(turn([(tea, .running(deadline: 600 * Self.second))], now: 0))
    XCTAssertEqual(described(first), ["add tea/end in 600s", "list [\"tea\"]"], "the first add lists the center")
    _ = state.handle(.addFailed(request(tea), identifier: "a/end/tea", error: Failure()))
    XCTAssertEqual(state.alsoRead(clockChanged: false), [tea])
    let again = state.handle(turn([(tea, .running(deadline: 600 * Self.second))], now: 0))
    XCTAssertEqual(described(again), ["add tea/end in 600s", "list [\"tea\"]"])
    XCTAssertEqual(state.alsoRead(clockChanged: false), [])
  }

  func testOnlyTheBudgetsSoonestArePendingAndAListingComesWhenTheAppsOwnLeaveLittleRoom() {
    let s = Self.second
    var state = machine(budget: 1)
    XCTAssertEqual(
      described(state.handle(turn([(tea, .running(deadline: 600 * s)), (egg, .running(deadline: 900 * s))], now: 0))),
      ["add tea/end in 600s", "list [\"tea\"]"], "only the budget's soonest is pending")
    _ = state.handle(.listed(others: 10, requests: [], now: 0))
    XCTAssertEqual(
      described(state.handle(turn([(tea, .gone)], now: 0))),
      ["remove [\"tea/end\"] swept [] keeping []", "add egg/end in 900s"],
      "the next moves in; the app's own leave room: no listing")
    var quiet = machine(reportsFailures: false)
    XCTAssertEqual(
      described(quiet.handle(turn([(tea, .running(deadline: 600 * s))], now: 0))), ["add tea/end in 600s"],
      "no one hears of failures: nothing is listed")
  }
}
