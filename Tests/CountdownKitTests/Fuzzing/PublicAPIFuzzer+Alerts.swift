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
      ) { [contents = alertContents()] id, moment in
        contents.isEmpty
          ? CountdownAlertContent(title: id, body: "\(moment)") : contents[abs(id.hashValue % contents.count)]
      }
      keep(alerts)
      let id = random.pick(stringIDs)
      _ = alerts.identifier(for: id, moment: random.bool() ? .end : .timeLeft(alertTime()))
      _ = (
        alerts.isOwnRequest(random.text()), alerts.foregroundPresentation(forRequest: random.text()),
        alerts.scheduledIDs
      )
      let request = random.bool() ? alerts.identifier(for: id, moment: .timeLeft(alertTime())) : random.text()
      _ = (alerts.id(forRequest: request), alerts.countdownID(forRequest: request), alerts.moment(forRequest: request))
      alerts.setContent(random.bool() ? nil : alertContent(), for: id)
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
    center.authorization = random.pick([.notDetermined, .denied, .authorized])
    center.requestAnswer = random.pick([.notDetermined, .denied, .authorized])
    let namespace = random.bool() ? nil : random.text()
    // Never a sentinel: the person's stop of a followed countdown's alarm cancels it.
    let followed = Set(stringIDs.filter { _ in random.bool() })
    let options = alarmOptions()
    let useStops = random.bool()
    if useStops, let id = stringIDs.randomElement(using: &random) {
      // A stop recorded for an alarm of this namespace (read off an alarms object made for it),
      // and others: the restored countdown of a stopped alarm is cancelled before anything else.
      if let earlier = try? CountdownAlarms(
        String.self, manager: quietManager, center: FakeAlarmCenter(), namespace: namespace, clockChanges: notifications
      ) {
        alarmStops.record(alarmID: earlier.alarmID(for: id))
      }
      alarmStops.record(alarmID: UUID())
    }
    var optionsMaker: (@Sendable (String, UUID) -> CountdownAlarmOptions)? = nil
    if random.bool() { optionsMaker = { _, _ in options } }
    let failures = LockedState(0)
    var onFailure: (@Sendable (CountdownAlertError) -> Void)? = nil
    if random.bool() { onFailure = { _ in failures.withLock { $0 += 1 } } }
    let isFollowed: @Sendable (String) -> Bool = { followed.contains($0) }
    let stops = useStops ? alarmStops : nil
    begin(
      "CountdownAlarms(namespace: \(String(describing: namespace)), followed: \(followed.count), stops: \(useStops))")
    expectAlert([.invalidNamespace]) { () throws(CountdownAlertError) in
      let alarms = try CountdownAlarms(
        String.self, manager: manager, center: center, namespace: namespace, clockChanges: notifications,
        isFollowed: isFollowed, stops: stops, options: optionsMaker, onFailure: onFailure)
      keep(alarms)
      let alarmID = alarms.alarmID(for: random.pick(stringIDs))
      _ = alarms.isOwnAlarm(alarmID)
      _ = alarms.isOwnAlarm(UUID())
      _ = (alarms.authorization, alarms.namespace)
      alarms.retry()
      keep(Task.detached { _ = try? await alarms.requestAuthorization() })
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
    activities.refresh(random.pick(stringIDs))
    let namespace = random.text()
    begin("CountdownLiveActivities(namespace: \(namespace))")
    expectAlert([.invalidNamespace]) { () throws(CountdownAlertError) in
      let named = try CountdownLiveActivities(
        Int.self, manager: manager, center: center, namespace: namespace, clockChanges: notifications
      ) { id, _ in id }
      keep(named)
      _ = (named.content(for: random.int()), named.countdownID(for: random.int()), named.namespace)
      named.refresh(random.int())
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
    let widgets = CountdownWidgets(
      String.self, manager: manager, center: center, kind: kind, reloadsInBackground: random.bool(),
      clockChanges: notifications)
    keep(widgets)
    _ = (widgets.kind, widgets.owesReload)
    begin("FakeWidgetCenter: reload, budget")
    center.reloadTimelines(ofKind: random.bool() ? kind : random.text())
    _ = (center.reloads, center.droppedReloads, center.budgetLeft(ofKind: kind), center.dailyBudget)
    if random.oneIn(4) { center.clearReloads() }
  }

  /// Content with every field hostile: any text, sounds of any name and volume (NaN, below zero,
  /// above one), every interruption level, any relevance score, user info of any text.
  func alertContent() -> CountdownAlertContent {
    let sound: CountdownAlertContent.Sound? =
      switch random.below(4) {
      case 0: nil
      case 1: .default
      case 2: .named(random.text())
      default: .critical(named: random.bool() ? nil : random.text(), volume: Float(random.double()))
      }
    return CountdownAlertContent(
      title: random.text(), subtitle: random.text(), body: random.text(), sound: sound,
      userInfo: [random.text(): random.text()],
      interruptionLevel: random.pick([.passive, .active, .timeSensitive, .critical]),
      categoryIdentifier: random.text(), threadIdentifier: random.text(), relevanceScore: random.double())
  }

  /// A few contents for a notifications object's content closure, which must not draw values
  /// itself (it runs on the follower's turn, wherever that is).
  func alertContents() -> [CountdownAlertContent] {
    (0..<random.below(3)).map { _ in alertContent() }
  }

  /// An alarm's options with hostile values: a snooze of any length (NaN, zero, below zero,
  /// huge), any sound name, intents that are not AppIntents' (plain values).
  func alarmOptions() -> CountdownAlarmOptions {
    CountdownAlarmOptions(
      stopIntent: random.bool() ? nil : random.text(), secondaryIntent: random.bool() ? nil : random.int(),
      soundName: random.bool() ? nil : random.text(), postAlert: random.bool() ? nil : random.double())
  }

  /// The stops an app's stop intent records, and the observations a center hands out, called
  /// as an app and a center would: recorded, read, cancelled twice, released.
  func alarmStopsAndObservations() {
    let alarmID = random.bool() ? UUID() : alarmIDs.randomElement(using: &random) ?? UUID()
    begin("CountdownAlarmStops(suiteName:): record, isRecorded; CountdownAlarmObservation: cancel")
    if random.bool() { alarmStops.record(alarmID: alarmID) }
    _ = alarmStops.isRecorded(alarmID: alarmID)
    _ = CountdownAlarmStops(suiteName: runName).isRecorded(alarmID: UUID())
    let cancels = LockedState(0)
    let observation = CountdownAlarmObservation { cancels.withLock { $0 += 1 } }
    if random.bool() { observation.cancel() }
    observation.cancel()
    if cancels.withLock({ $0 }) != 1 { fail("an observation ended \(cancels.withLock { $0 }) times, not once") }
    let center = FakeAlarmCenter(now: { [wall] in wall.now })
    let alarms = center.observeAlarms { _ in }
    let authorization = center.observeAuthorization { _ in }
    center.authorization = random.pick([.notDetermined, .denied, .authorized])
    _ = center.personStops(id: alarmID)
    if random.bool() { alarms.cancel() }
    authorization.cancel()
    _ = center.observationCount
  }

  /// Alarm identifiers of the fuzzer's own ids, in the type's namespace.
  var alarmIDs: [UUID] {
    guard let alarms = try? CountdownAlarms(String.self, manager: quietManager, center: FakeAlarmCenter()) else {
      return []
    }
    return stringIDs.map(alarms.alarmID(for:))
  }
}
