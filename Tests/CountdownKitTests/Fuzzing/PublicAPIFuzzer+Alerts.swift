import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation

// The alerts' followers of the fuzzer's manager, each on its public fake center, and the fakes'
// own calls, as a test or the person would make them.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension PublicAPIFuzzer {
  func notificationAlerts() {
    let center = FakeNotificationCenter(now: { [wall] in wall.now })
    let (budget, namespace) = (random.oneIn(2) ? random.int() : random.below(70), random.bool() ? nil : random.text())
    let milestones = (0..<random.below(4)).map { _ in alertTime() }
    begin(
      "CountdownNotifications(budget: \(budget), milestones: \(milestones), namespace: \(String(describing: namespace)))"
    )
    expectAlert([.invalidBudget, .invalidMilestone, .invalidNamespace]) { () throws(CountdownAlertError) in
      let alerts = try CountdownNotifications(
        String.self, manager: manager, center: center, namespace: namespace, budget: budget, milestones: milestones,
        foregroundPresentation: CountdownAlertPresentation(rawValue: random.below(16)), clockChanges: notifications
      ) { id, moment in CountdownAlertContent(title: id, body: "\(moment)") }
      keep(alerts)
      let id = random.pick(stringIDs)
      _ = alerts.identifier(for: id, moment: random.bool() ? .end : .timeLeft(alertTime()))
      _ = (
        alerts.isOwnRequest(random.text()), alerts.foregroundPresentation(forRequest: random.text()),
        alerts.scheduledIDs
      )
      let request = random.bool() ? alerts.identifier(for: id, moment: .timeLeft(alertTime())) : random.text()
      _ = (alerts.id(forRequest: request), alerts.countdownID(forRequest: request), alerts.moment(forRequest: request))
      alerts.setContent(random.bool() ? nil : CountdownAlertContent(title: random.text(), body: ""), for: id)
      alerts.refresh(random.pick(stringIDs))
      if random.oneIn(8) { alerts.refreshAll() }
      alerts.retry()
    }
    begin("FakeNotificationCenter: schedule, add, remove, drain")
    center.schedule(
      identifier: random.text(), content: .init(title: "", body: ""), fireDate: random.date(around: wall.now))
    // Above zero: the fake traps on anything else, as `UNTimeIntervalNotificationTrigger` does.
    let interval = Double(random.below(10_000) + 1) / 10
    center.add(.init(identifier: random.text(), content: .init(title: "t", body: "b"), timeInterval: interval)) { _ in }
    center.removePendingRequests(withIdentifiers: [random.text()])
    center.removeDeliveredNotifications(withIdentifiers: [random.text()])
    center.failAdds(with: random.bool() ? nil : CountdownAlertError.requestFailed)
    center.drain()
    _ = (center.pending, center.delivered, center.calls, center.queuedCount, center.droppedCount, center.authorization)
    center.pendingRequestIdentifiers { _ in }
    center.authorizationStatus { _ in }
    center.clearCalls()
  }

  /// A hostile time for the alerts: any `Duration`, huge, tiny, beyond `Int64` seconds.
  func alertTime() -> Duration {
    random.duration()
  }

  func alarms() {
    let center = FakeAlarmCenter(now: { [wall] in wall.now })
    let namespace = random.bool() ? nil : random.text()
    begin("CountdownAlarms(namespace: \(String(describing: namespace)))")
    expectAlert([.invalidNamespace]) { () throws(CountdownAlertError) in
      let alarms = try CountdownAlarms(
        String.self, manager: manager, center: center, namespace: namespace, clockChanges: notifications)
      keep(alarms)
      let alarmID = alarms.alarmID(for: random.pick(stringIDs))
      _ = alarms.isOwnAlarm(alarmID)
      _ = alarms.isOwnAlarm(UUID())
      alarms.retry()
      begin("FakeAlarmCenter: hold, the person's acts, schedule")
      center.hold(
        id: alarmID, countdownID: random.text(), state: random.pick([.scheduled, .countdown, .paused, .alerting]),
        fireDate: random.date(around: wall.now))
      _ = (center.personPauses(id: alarmID), center.personResumes(id: alarmID), center.personStops(id: alarmID))
    }
    // Above zero: the fake traps on anything else, as AlarmKit's timer configuration does.
    let duration = Double(random.below(10_000) + 1) / 10
    center.schedule(.init(id: UUID(), countdownID: random.text(), duration: duration)) { _ in }
    center.pause(id: UUID()) { _ in }
    center.resume(id: UUID()) { _ in }
    center.cancel(id: UUID()) { _ in }
    center.failReads(with: random.bool() ? nil : CountdownAlertError.requestFailed)
    center.alarms { _ in }
    center.defersUpdates = random.bool()
    center.limit = random.bool() ? nil : random.int()
    center.deliverUpdates()
    _ = (center.alarms, center.calls, center.authorization, center.observationCount)
    center.clearCalls()
  }

  func liveActivities() {
    let center = FakeActivityCenter<Int>(now: { [wall] in wall.now })
    center.answersListingsAtOnce = random.bool()
    begin("CountdownLiveActivities")
    let activities = CountdownLiveActivities(String.self, manager: manager, center: center, clockChanges: notifications)
    {
      id, dates in id.count &+ Int(dates.timerInterval.upperBound.timeIntervalSinceReferenceDate.isFinite ? 1 : 0)
    }
    keep(activities)
    _ = activities.content(for: random.pick(stringIDs))
    _ = activities.countdownID(for: random.pick(stringIDs))
    let namespace = random.text()
    begin("CountdownLiveActivities(namespace: \(namespace))")
    expectAlert([.invalidNamespace]) { () throws(CountdownAlertError) in
      let named = try CountdownLiveActivities(
        Int.self, manager: manager, center: center, namespace: namespace, clockChanges: notifications
      ) { id, _ in id }
      keep(named)
      _ = (named.content(for: random.int()), named.countdownID(for: random.int()), named.namespace)
    }
    begin("FakeActivityCenter: start, update, end, listings")
    let started = center.start(countdownID: random.text(), state: random.bool() ? nil : random.int(), staleDate: nil)
    center.update(countdownID: random.text(), state: random.int(), staleDate: random.date(around: wall.now))
    center.end(
      countdownID: random.text(), state: nil, staleDate: random.date(around: wall.now),
      dismissal: random.bool() ? .afterEnd : .immediately)
    center.end(activityID: random.bool() ? started : random.text(), dismissal: .immediately)
    _ = CountdownActivitySnapshot(id: random.text(), countdownID: random.text(), isStale: random.bool())
    _ = CountdownAlarmSnapshot(id: UUID(), state: random.pick([.scheduled, .countdown, .paused, .alerting]))
    center.answerListings()
    center.activities { _ in }
    _ = (center.activities, center.activity(started), center.calls)
    center.clearCalls()
  }

  func widgets() {
    let center = FakeWidgetCenter(
      dailyBudget: random.oneIn(2) ? random.int() : random.below(80), now: { [wall] in wall.now })
    center.isAppInForeground = random.bool()
    let kind = random.text()
    begin("CountdownWidgets(kind: \(kind))")
    let lifecycle = random.bool() ? notifications : NotificationCenter()
    let widgets = CountdownWidgets(
      String.self, manager: manager, center: center, kind: kind, isInForeground: random.bool(),
      reloadsInBackground: random.bool(), lifecycle: lifecycle, suspendNames: [Notification.Name(random.text())],
      resumeNames: [Notification.Name(random.text())], clockChanges: notifications)
    keep(widgets)
    _ = (widgets.kind, widgets.owesReload)
    begin("FakeWidgetCenter: reload, budget")
    center.reloadTimelines(ofKind: random.bool() ? kind : random.text())
    _ = (center.reloads, center.droppedReloads, center.budgetLeft(ofKind: kind), center.dailyBudget)
    if random.oneIn(4) { center.clearReloads() }
  }
}
