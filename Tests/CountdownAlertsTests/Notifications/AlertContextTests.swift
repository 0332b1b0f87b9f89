import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// The content closure told what the alert is about (``CountdownAlertContext``): the phase that ends
/// and the next with its end, right when the request is made; and the first initializer's forms
/// (`{ id, moment in }`, `$0`/`$1`, a function) still compile and choose it.
final class AlertContextTests: XCTestCase {
  /// What the alert says: the next phase and when it ends, from the context alone.
  static let content: @Sendable (CountdownAlertContext<String>) -> CountdownAlertContent = { alert in
    guard let phaseEnd = alert.phaseEnd else {
      return CountdownAlertContent(title: alert.id, body: "Done at \(alert.endDate.timeIntervalSince1970)")
    }
    guard let next = phaseEnd.nextPhase, let until = phaseEnd.nextPhaseEndDate else {
      return CountdownAlertContent(title: phaseEnd.phase.name, body: "That was the last one.")
    }
    return CountdownAlertContent(
      title: "\(phaseEnd.phase.name) #\(phaseEnd.ordinal) done at \(phaseEnd.date.timeIntervalSince1970)",
      body: "\(next.name) until \(until.timeIntervalSince1970)")
  }

  func testTheContentNamesTheNextPhaseAndItsEndWhenTheRequestIsMade() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness()
      let alerts = try CountdownNotifications(
        String.self, manager: h.manager, center: h.center, namespace: "context", content: Self.content)
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      try h.manager.start(id: "tea", for: .seconds(100)) { _, _, _ in }
      h.center.drain()
      let start = h.wall.now.timeIntervalSince1970
      let own = { h.center.pending.filter { alerts.isOwnRequest($0.identifier) }.map(\.content) }
      XCTAssertEqual(
        own().map { "\($0.title) | \($0.body)" },
        [
          "Focus #0 done at \(start + 60) | Break until \(start + 90)",
          "Break #1 done at \(start + 90) | Focus until \(start + 150)",
          "tea | Done at \(start + 100)", "Focus | That was the last one.",
        ])
      try h.advance(by: 20)
      h.manager.pause(id: "pomodoro")
      try h.advance(by: 5)
      h.manager.resume(id: "pomodoro")
      h.center.drain()
      XCTAssertEqual(
        own().first.map { "\($0.title) | \($0.body)" }, "Focus #0 done at \(start + 65) | Break until \(start + 95)",
        "a resume makes the request again, told the dates as they are now")
      withExtendedLifetime(alerts) {}
    }
  }

  func testAPhaseAfterWhichThePlanPausesHasNoNextEnd() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness()
      let alerts = try CountdownNotifications(
        String.self, manager: h.manager, center: h.center, namespace: "context", content: Self.content)
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block([
          CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30), pausesAfter: true),
        ])
      ])
      try h.manager.start(id: "tomato", plan: plan) { _, _, _ in }
      h.center.drain()
      let bodies = h.center.pending.filter { alerts.isOwnRequest($0.identifier) }.map(\.content.title)
      XCTAssertEqual(bodies.count, 2, "the focus and the break; the plan waits after it")
      withExtendedLifetime(alerts) {}
    }
  }

  func testPhaseEndsAheadBoundsTheRequestsOfASequence() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness()
      let alerts = try CountdownNotifications(
        String.self, manager: h.manager, center: h.center, namespace: "one", phaseEndsAhead: 1, content: Self.content)
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      h.center.drain()
      XCTAssertEqual(h.center.pending.filter { alerts.isOwnRequest($0.identifier) }.count, 1)
      XCTAssertThrowsError(
        try CountdownNotifications(
          String.self, manager: h.manager, center: h.center, namespace: "none", phaseEndsAhead: 0, content: Self.content
        ))
      withExtendedLifetime(alerts) {}
    }
  }

  /// The first initializer's forms: each compiles, and picks the closure of the id and the moment.
  func testTheFirstInitializersFormsStillCompile() throws {
    let center = FakeNotificationCenter()
    let manager = try CountdownManager(clock: ManualCountdownClock())
    @Sendable func content(_ id: String, _ moment: CountdownAlertMoment) -> CountdownAlertContent {
      CountdownAlertContent(title: id, body: "\(moment)")
    }
    let forms: [CountdownNotifications<String>] = try [
      CountdownNotifications(String.self, manager: manager, center: center, namespace: "a") { id, moment in
        CountdownAlertContent(title: id, body: "\(moment)")
      },
      CountdownNotifications(String.self, manager: manager, center: center, namespace: "b") { _, _ in
        CountdownAlertContent(title: "Timer", body: "Done")
      },
      CountdownNotifications(String.self, manager: manager, center: center, namespace: "c") {
        CountdownAlertContent(title: $0, body: "\($1)")
      },
      CountdownNotifications(manager: manager, center: center, namespace: "d", content: content),
      CountdownNotifications(String.self, manager: manager, center: center, namespace: "e", budget: 4) {
        (id: String, moment: CountdownAlertMoment) in CountdownAlertContent(title: id, body: "\(moment)")
      },
    ]
    XCTAssertEqual(forms.map(\.namespace), ["a", "b", "c", "d", "e"])
    let context = try CountdownNotifications(String.self, manager: manager, center: center, namespace: "f") { alert in
      CountdownAlertContent(title: alert.id, body: "\(alert.moment)")
    }
    XCTAssertEqual(context.namespace, "f")
  }
}
