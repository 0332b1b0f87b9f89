// swift-format-ignore-file
// (The documentation's samples are copied here verbatim, checked by SampleCopyTests: a formatter
// that changed a copy would part it from its sample.)
// The doc comments' code samples, verbatim, between `// SAMPLE: <file>` and `// END SAMPLE`
// markers (each statement sample the body of a function of its own, built by `SampleBody`, which
// keeps the values a sample shows without using them from being warned about), so that the
// compiler checks them as it checks the tests; `SampleCopyTests` fails when a doc comment's sample has no copy
// here or in another test file. The values they take as given are in SampleContext.swift. A
// sample that uses an Apple-only framework sits in its `#if canImport` (Live Activities: iOS and
// iPadOS only; alarms: not Mac Catalyst), compiled by .ci/check-platforms against the stub SDK
// modules, and each sample is `@available` where what it calls is.
import CountdownAlerts
import CountdownAlertsTesting
import CountdownCore
import CountdownKit
import CountdownPush
import Dispatch
import Foundation
import XCTest

#if canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst)
  import ActivityKit
#endif
#if canImport(AlarmKit) && !targetEnvironment(macCatalyst)
  import AlarmKit
#endif
#if canImport(SwiftUI)
  import SwiftUI
#endif
#if canImport(UIKit)
  import UIKit
#endif
#if canImport(UserNotifications)
  import UserNotifications
#endif
#if canImport(WidgetKit)
  import WidgetKit
#endif

@MainActor @SampleBody func sample1() async throws -> Any {
  // SAMPLE: CountdownAlerts/Alarms/CountdownAlarmObservation.swift
  let task = Task { /* for await alarms in ... { onChange(...) } */ }
  let observation = CountdownAlarmObservation { task.cancel() }
  observation.cancel()  // the task is cancelled; a second cancel does nothing
  // END SAMPLE
}

@MainActor @SampleBody func sample2() async throws -> Any {
  // SAMPLE: CountdownAlerts/Alarms/CountdownAlarms.swift
  // At launch, after the restore (keep `alarms` for as long as the app runs):
  let alarms = try CountdownAlarms(String.self, center: FakeAlarmCenter(), isFollowed: { id in id.hasPrefix("oven") })
  try CountdownManager.shared.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
  // An alarm counts down to the oven's end; pausing shows the time left on the Lock Screen.
  // END SAMPLE
  _ = alarms
}

@MainActor func alarmsPhaseIDSample() {
  // SAMPLE: CountdownAlerts/Alarms/CountdownAlarms.swift
  let position = manager.phasePosition(id: "pomodoro")
  let counting = position.map { alarms.alarmID(for: "pomodoro", ordinal: $0.ordinal) }
  // END SAMPLE
  _ = counting
}

@MainActor func alarmsRefreshSample() {
  // SAMPLE: CountdownAlerts/Alarms/CountdownAlarms.swift
  // The person turned the oven's alarm off in the app's settings, which `isFollowed` reads:
  settings.mute("oven")
  alarms.refresh("oven")  // its alarm goes now; the oven counts down on
  // END SAMPLE
}

@MainActor @SampleBody func sample3() async throws -> Any {
  // SAMPLE: CountdownAlerts/Alarms/FakeAlarmCenter.swift
  let clock = ManualCountdownClock()
  let start = Date()
  // The device's wall clock, moving with the manual clock.
  let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
  let manager = try CountdownManager(clock: clock, wallClock: wall)
  let center = FakeAlarmCenter(now: wall)
  let alarms = try CountdownAlarms(String.self, manager: manager, center: center)
  try manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
  XCTAssertEqual(center.alarms.map(\.id), [alarms.alarmID(for: "oven")])
  XCTAssertEqual(center.alarms.first?.fireDate, manager.endDate(id: "oven"))
  // END SAMPLE
}

@MainActor @SampleBody func sample4() async throws -> Any {
  // SAMPLE: CountdownAlerts/Notifications/FakeNotificationCenter.swift
  let clock = ManualCountdownClock()
  let start = Date()
  // The device's wall clock, moving with the manual clock.
  let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
  let manager = try CountdownManager(clock: clock, wallClock: wall)
  let center = FakeNotificationCenter(now: wall)
  let alerts = try CountdownNotifications(String.self, manager: manager, center: center) { id, _ in
    CountdownAlertContent(title: id, body: "Done")
  }
  try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
  center.drain()
  XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea")])
  XCTAssertEqual(center.pending.first?.fireDate, manager.endDate(id: "tea"))
  // END SAMPLE
}

@available(tvOS, unavailable)
@MainActor @SampleBody func sample5() async throws -> Any {
  // SAMPLE: CountdownAlerts/Notifications/UserNotificationCenter.swift
  let alerts = try CountdownNotifications(String.self, center: UserNotificationCenter()) { id, _ in
    CountdownAlertContent(title: "Timer", body: "\(id) is done.")
  }
  // END SAMPLE
  _ = alerts
}

@available(tvOS, unavailable)
@MainActor @SampleBody func alertContextSample() async throws -> Any {
  // SAMPLE: CountdownAlerts/Notifications/CountdownAlertContext.swift
  let alerts = try CountdownNotifications(String.self, center: UserNotificationCenter()) { alert in
    guard let phaseEnd = alert.phaseEnd else { return CountdownAlertContent(title: "\(alert.id)", body: "Done.") }
    guard let next = phaseEnd.nextPhase else {
      return CountdownAlertContent(title: phaseEnd.phase.name, body: "That was the last one.")
    }
    guard let until = phaseEnd.nextPhaseEndDate else {  // the plan waits for the person after this phase
      return CountdownAlertContent(title: "\(phaseEnd.phase.name) done", body: "\(next.name) when you are ready.")
    }
    let time = until.formatted(date: .omitted, time: .shortened)
    return CountdownAlertContent(title: "\(phaseEnd.phase.name) done", body: "\(next.name) until \(time).")
  }
  // END SAMPLE
  _ = alerts
}

@available(tvOS, unavailable)
@MainActor @SampleBody func alertContextInitSample() async throws -> Any {
  // SAMPLE: CountdownAlerts/Notifications/CountdownNotifications.swift
  let alerts = try CountdownNotifications(String.self, center: UserNotificationCenter()) { alert in
    let next = alert.phaseEnd?.nextPhase.map { " Next: \($0.name)." } ?? ""
    return CountdownAlertContent(title: "\(alert.id)", body: "Time's up.\(next)")
  }
  // END SAMPLE
  _ = alerts
}

// SAMPLE: CountdownAlerts/Notifications/CountdownAlertPhaseEnd.swift
func body(of phaseEnd: CountdownAlertPhaseEnd) -> String {
  guard let next = phaseEnd.nextPhase else { return "All done." }
  guard let until = phaseEnd.nextPhaseEndDate else { return "\(next.name) when you are ready." }
  return "\(next.name) until \(until.formatted(date: .omitted, time: .shortened))."
}
// END SAMPLE

@MainActor @SampleBody func sample6() async throws -> Any {
  // SAMPLE: CountdownAlerts/Notifications/CountdownAlertContent.swift
  let content = CountdownAlertContent(title: "Pasta", body: "Time to drain the pasta.", userInfo: ["timer": "pasta"])
  // END SAMPLE
  _ = content
}

@MainActor @SampleBody func alertContentSample2() async throws -> Any {
  // SAMPLE: CountdownAlerts/Notifications/CountdownAlertContent.swift
  let end = CountdownAlertContent(
    title: "Pasta", body: "Time to drain the pasta.", sound: .named("bell.caf"), interruptionLevel: .timeSensitive,
    threadIdentifier: "timers", relevanceScore: 1)
  // END SAMPLE
  _ = end
}

@MainActor @SampleBody func alertPresentationSample() async throws -> Any {
  // SAMPLE: CountdownAlerts/Notifications/CountdownAlertPresentation.swift
  let presentation: CountdownAlertPresentation = [.banner, .list, .sound]
  // END SAMPLE
  _ = presentation
}

@MainActor func setContentSample() {
  // SAMPLE: CountdownAlerts/Notifications/CountdownNotifications.swift
  // In the app's code, when the user renames the timer or picks its sound:
  alerts.setContent(CountdownAlertContent(title: "Pasta", body: "Drain it.", sound: .named("bell.caf")), for: "pasta")
  // END SAMPLE
}

// SAMPLE: CountdownAlerts/Follower/CountdownAlertError.swift
func report(_ error: CountdownAlertError) {
  if error == .notAuthorized {
    print("Turn on notifications in Settings to hear when a timer ends.")
  }
}
// END SAMPLE

@available(tvOS, unavailable)
@MainActor @SampleBody func sample8() async throws -> Any {
  // SAMPLE: CountdownAlerts/Notifications/CountdownNotifications.swift
  // At launch (keep `alerts` for as long as the app runs):
  let alerts = try CountdownNotifications(String.self, manager: .shared, center: UserNotificationCenter()) { id, moment in
    CountdownAlertContent(title: "Timer", body: moment == .end ? "\(id) is done." : "\(id): almost done.")
  }
  try CountdownManager.shared.start(id: "tea", for: .seconds(180)) { _, _, _ in }
  // A notification is pending for the tea's end; pausing, resuming, adding time, cancelling and
  // the end itself keep it in step.
  // END SAMPLE
  _ = alerts
}

@MainActor func sample9() async throws {
  // SAMPLE: CountdownAlerts/LiveActivities/CountdownLiveActivities.swift
  // At launch, after the restore (keep `activities` for as long as the app runs):
  struct TimerState: Codable, Hashable, Sendable {
    var range: ClosedRange<Date>
    var pausedAt: Date?
    var title: String
  }
  let center = FakeActivityCenter<TimerState>()  // LiveActivityCenter where ActivityKit exists
  let activities = CountdownLiveActivities(String.self, center: center) { id, dates in
    TimerState(range: dates.timerInterval, pausedAt: dates.pauseTime, title: id.capitalized)
  }
  try CountdownManager.shared.start(id: "pizza", for: .seconds(720)) { _, _, _ in }
  // The app starts its activity (Activity.request) with what the package would show:
  let content = activities.content(for: "pizza")
  // END SAMPLE
  _ = content
}

@MainActor func sampleActivityWindow() async throws {
  // SAMPLE: CountdownAlerts/LiveActivities/CountdownLiveActivities.swift
  struct PomodoroState: Codable, Hashable, Sendable {
    var range: ClosedRange<Date>
    var pausedAt: Date?
    var window: CountdownPhaseWindow?  // nil for a single countdown
  }
  let center = FakeActivityCenter<PomodoroState>()  // LiveActivityCenter where ActivityKit exists
  let activities = CountdownLiveActivities(String.self, center: center, lookAhead: 2) { _, dates, window in
    PomodoroState(range: dates.timerInterval, pausedAt: dates.pauseTime, window: window)
  }
  try CountdownManager.shared.start(id: "pomodoro", plan: pomodoro) { _, _, _ in }
  // The current phase and the next two; stale at the current phase's end.
  let content = activities.content(for: "pomodoro")
  // END SAMPLE
  _ = content
}

/// What an app's server client looks like to the samples: it posts what the app hands it.
struct PushServerClient: Sendable {
  func post(_ update: CountdownActivityPushUpdate<String>) async throws {
    _ = try update.encodedSnapshot()
  }
}

@MainActor func sampleActivityPushes() throws {
  let center = FakeActivityCenter<CountdownPhaseWindow?>()
  let activities = CountdownLiveActivities(String.self, center: center) { _, _, window in window }
  let server = PushServerClient()
  // SAMPLE: CountdownAlerts/LiveActivities/CountdownActivityPushes.swift
  // At launch, beside the activities (keep both for as long as the app runs):
  let (updates, continuation) = AsyncStream.makeStream(of: CountdownActivityPushUpdate<String>.self)
  let pushes = CountdownActivityPushes(following: activities) { continuation.yield($0) }
  Task {  // posted one at a time, in the order they came: a stop never overtakes its follow
    for await update in updates { try? await server.post(update) }  // the app's own request
  }
  // END SAMPLE
  _ = pushes
}

@MainActor func sampleActivityWindowNamespace() throws {
  // SAMPLE: CountdownAlerts/LiveActivities/CountdownLiveActivities.swift
  let center = FakeActivityCenter<CountdownPhaseWindow?>()
  let activities = try CountdownLiveActivities(String.self, center: center, namespace: "focus") { _, _, window in
    window
  }
  // END SAMPLE
  _ = activities
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample10() async throws -> Any {
  // SAMPLE: CountdownCore/Engine/CountdownEngine+Control.swift
  // A late bid extends the auction by 30 s: the label shows 35 at once, not 5.
  try engine.addTime(.seconds(30), to: auction)
  // A wrong answer costs 10 s.
  try engine.addTime(.seconds(-10), to: quiz)
  // END SAMPLE
}

@MainActor @SampleBody func sample11() async throws -> Any {
  // SAMPLE: CountdownCore/Engine/CountdownEngine.swift
  let engine = try CountdownEngine(interval: .seconds(1), deliveryQueue: sessionQueue)
  try engine.register(session, .duration(.seconds(30))) { [weak session] remaining, stop in
    guard let session else { return stop = true }
    if remaining == 0 { session.expire() }
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample12() async throws -> Any {
  // SAMPLE: CountdownCore/Engine/CountdownEngine.swift
  // Values flip together every second; each 0 comes within 10 ms of its deadline.
  let engine = try CountdownEngine(interval: .seconds(1), endTolerance: .milliseconds(10), deliveryQueue: queue)
  // END SAMPLE
  _ = engine
}

@MainActor @SampleBody func sample13() async throws -> Any {
  // SAMPLE: CountdownCore/Engine/CountdownEngine.swift
  sessionQueue.async {
    // On the engine's delivery queue: the first callback (30) runs before `register` returns.
    try? engine.register(session, .duration(.seconds(30))) { [weak session] remaining, stop in
      guard let session else { return stop = true }
      if remaining == 0 { session.expire() }
    }
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample14() async throws -> Any {
  // SAMPLE: CountdownCore/Time/AdaptedCountdownClock.swift
  let testClock = TestClock()  // any Clock<Duration>
  let manager = try CountdownManager(clock: .adapting(testClock))
  // END SAMPLE
  _ = manager
}

@MainActor @SampleBody func sample15() async throws -> Any {
  // SAMPLE: CountdownCore/Time/ManualClockJitter.swift
  let clock = try ManualCountdownClock(
    jitter: .init(late: .milliseconds(2), early: .microseconds(50), drift: .microseconds(20), seed: 7))
  // END SAMPLE
  _ = clock
}

@MainActor @SampleBody func sample16() async throws -> Any {
  // SAMPLE: CountdownCore/Time/ManualCountdownClock.swift
  let clock = ManualCountdownClock()
  let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
  // On the main thread (the delivery queue): prints 3, the first value, inside the call.
  try engine.register(token, .duration(.seconds(3))) { remaining, _ in print(remaining) }
  try clock.advance(by: .seconds(3)) // prints 2, 1, 0
  // END SAMPLE
}

@MainActor @SampleBody func sample17() async throws -> Any {
  // SAMPLE: CountdownCore/Time/ManualCountdownClock+Clock.swift
  let clock = ManualCountdownClock()
  let manager = try CountdownManager(clock: clock)
  let banner = Task { try await Task.sleep(for: .seconds(5), clock: clock); showBanner() }
  try clock.advance(by: .seconds(5))  // the countdowns' callbacks run, and the task wakes
  // END SAMPLE
  _ = (manager, banner)
}

@MainActor @SampleBody func sample18() async throws -> Any {
  // SAMPLE: CountdownCore/Vocabulary/CountdownEnding.swift
  try engine.register(delivery, .duration(.seconds(20 * 60)), pastTheEnd: .countsOvertime) { value, stop in
    // On a per-minute engine: 20, 19, …, 1, 0 at the deadline, then −1 a minute after it, −2, …
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample19() async throws -> Any {
  // SAMPLE: CountdownCore/Vocabulary/CountdownError.swift
  Task {  // or a SwiftUI action, or any other closure
    do throws(CountdownError) {
      try manager.start(id: "bake", for: .seconds(-5)) { _, _, _ in }
    } catch .negativeDuration {
      // a length below zero
    } catch {
      // any other reason, including ones a later release adds
    }
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample20() async throws -> Any {
  // SAMPLE: CountdownCore/Vocabulary/CountdownInstant.swift
  let clock = ManualCountdownClock()
  let deadline = try clock.now.exactlyAdvanced(by: .seconds(30))
  // END SAMPLE
  _ = deadline
}

#if canImport(SwiftUI)
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample21() async throws -> Any {
  // SAMPLE: CountdownKit/Formatting/CountdownFormatStyle.swift
  RemainingTime(seconds: 93_784).formatted(.countdown)                // "1d 02:03:04" (US English)
  RemainingTime(seconds: 93_784).formatted(.countdown(.spelledOut))   // "1 day, 2 hours, 3 minutes, 4 seconds"
  Text(countdown.remainingTime, format: .countdown(.units))           // "1d 2h 3m 4s"
  // END SAMPLE
}
#endif

@MainActor @SampleBody func sample22() async throws -> Any {
  // SAMPLE: CountdownKit/Formatting/RemainingTime.swift
  // In US English:
  RemainingTime(seconds: 59).formatted()            // "0:59"
  RemainingTime(seconds: 3_725).formatted()         // "1:02:05"
  RemainingTime(seconds: 93_784).formatted()        // "1d 02:03:04"
  RemainingTime(seconds: 93_784).formatted(.units)  // "1d 2h 3m 4s"
  RemainingTime(seconds: 93_784).formatted(.countdown(.spelledOut))  // "1 day, 2 hours, 3 minutes, 4 seconds"
  // END SAMPLE
}

@MainActor @SampleBody func sample23() async throws -> Any {
  // SAMPLE: CountdownKit/Formatting/RemainingTime.swift
  RemainingTime(seconds: 93_784).formatted(.spelledOut, locale: Locale(identifier: "de_DE"))
  // "1 Tag, 2 Stunden, 3 Minuten und 4 Sekunden"
  // END SAMPLE
}

@MainActor @SampleBody func sample24() async throws -> Any {
  // SAMPLE: CountdownKit/Formatting/RemainingTime.swift
  remaining.formatted(.countdown(.spelledOut))
  // END SAMPLE
}

@MainActor @SampleBody func sample25() async throws -> Any {
  // SAMPLE: CountdownKit/Lifecycle/CountdownManager+Lifecycle.swift
  CountdownManager.shared.suspendsInBackground = false
  // END SAMPLE
}

@MainActor @SampleBody func sample26() async throws -> Any {
  // SAMPLE: CountdownKit/Lifecycle/CountdownManager+Lifecycle.swift
  let observation = manager.suspendAndResume(
    on: LifecycleObservation.platformSuspendNames,
    and: LifecycleObservation.platformResumeNames)
  // END SAMPLE
  _ = observation
}

@MainActor @SampleBody func sample27() async throws -> Any {
  // ARTICLE: TimeSemantics
  // A second manager that follows the app's lifecycle like the shared one:
  quizClock.suspendsInBackground = true
  // END ARTICLE
}

@MainActor @SampleBody func sample28() async throws -> Any {
  // ARTICLE: TimeSemantics
  // A Mac app's quiz clock that stops while the app is hidden:
  let observation = quizClock.suspendAndResume(
    on: [LifecycleObservation.appKitApplicationDidHide],
    and: [LifecycleObservation.appKitApplicationDidUnhide])
  // END ARTICLE
  _ = observation
}

@MainActor @SampleBody func sample29() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+Async.swift
  for await remaining in try CountdownManager.shared.values(for: .seconds(10)) {
    print(remaining)   // 10, 9, ..., 0
  }
  // END SAMPLE
}

@MainActor func sample30() async throws {
  // SAMPLE: CountdownKit/Manager/CountdownManager+Async.swift
  for await remaining in try manager.values(for: .seconds(10), pastTheEnd: .countsOvertime) {
    if remaining < -60 { break }  // ends the countdown
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample31() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+Async.swift
  let hide = try manager.after(.seconds(3)) { banner.isHidden = true }
  hide.cancel()  // changed our mind
  // END SAMPLE
}

@MainActor @SampleBody func sample32() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+Async.swift
  let open = try manager.after(at: sale.startsAt) { store.isSaleOpen = true }
  // END SAMPLE
  _ = open
}

@MainActor @SampleBody func sample33() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+Dates.swift
  try manager.calibrate(serverNow: response.serverDate)
  try manager.start(cell, until: item.saleEnd) { cell, remaining, _ in  // saleEnd is in server time
    cell.timeLabel.text = RemainingTime(seconds: remaining).formatted()
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample34() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+IDs.swift
  try CountdownManager.shared.start(id: order.id, for: order.deliveryWindow) { id, remaining, _ in
    store.remaining[id] = remaining
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample35b() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+IDs.swift
  // At launch: an order's countdown ran out an hour ago, while the app was not running. Its
  // notification rang then; its handler is given its 0 now, inside the restore: no ring again.
  try manager.restore(snapshot) { id, remaining, _ in
    store.remaining[id] = remaining
    if remaining == 0, (manager.endedAgo(id: id) ?? .zero) < .seconds(5) {
      store.ring(id)
    }
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample36() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+IDs.swift
  manager.listen(id: call.id) { id, elapsed, _ in
    durations[id] = elapsed
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample37() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+Milestones.swift
  // Warn at 10 minutes, turn red at 60 s, buzz at 10 s; and the end.
  try manager.start(
    id: "exam", for: .seconds(7_200),
    delivering: manager.milestones([.seconds(600), .seconds(60), .seconds(10)])
  ) { _, left, _ in exam.reached(left) }
  // END SAMPLE
}

@MainActor @SampleBody func sample38() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+Receivers.swift
  try manager.start(button, for: .seconds(59)) { button, remaining, stop in
    button.title = remaining > 0 ? "Resend in \(remaining) s" : "Resend code"
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample39() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+Receivers.swift
  try manager.start(orderCell, for: .seconds(20 * 60), pastTheEnd: .countsOvertime) { cell, remaining, _ in
    cell.etaLabel.text = RemainingTime(seconds: remaining).formatted()  // "20:00" … "0:00", then "−0:01", …
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample40() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+Receivers.swift
  manager.listen(callView) { view, elapsed, _ in
    view.durationLabel.text = RemainingTime(seconds: elapsed).formatted()
  }
  // END SAMPLE
}

// SAMPLE: CountdownKit/Manager/CountdownManager+Receivers.swift
func signOut() {
  CountdownManager.shared.cancelAll()
}
// END SAMPLE

#if canImport(SwiftUI)
@MainActor @SampleBody func sample42() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+SystemDates.swift
  if let dates = manager.timerDates(id: order.id) {
    Text(timerInterval: dates.timerInterval, pauseTime: dates.pauseTime, countsDown: true)
  }
  // END SAMPLE
}
#endif

#if canImport(UserNotifications)
@MainActor @SampleBody func sample43() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+SystemDates.swift
  if let end = manager.endDate(id: order.id) {
    let trigger = UNTimeIntervalNotificationTrigger(timeInterval: end.timeIntervalSinceNow, repeats: false)
    let request = UNNotificationRequest(identifier: order.id, content: content, trigger: trigger)
    try await UNUserNotificationCenter.current().add(request)
  }
  // END SAMPLE
}
#endif

#if canImport(SwiftUI)
@MainActor @SampleBody func sample44() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+SystemDates.swift
  if let range = manager.timerInterval(id: order.id) {
    ProgressView(timerInterval: range, countsDown: true)
  }
  // END SAMPLE
}
#endif

@MainActor @SampleBody func sample45() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+TimeAdded.swift
  // A late bid: the cell's label jumps from 0:05 to 0:35 and counts on.
  try CountdownManager.shared.addTime(.seconds(30), to: cell)
  // END SAMPLE
}

#if canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst)
@available(iOS 16.2, *)
@MainActor @SampleBody func sample46() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+TimeAdded.swift
  // A late bid extends the auction by 30 s: every view of it, and its Live Activity's dates.
  try manager.addTime(.seconds(30), id: lot.id)
  if let dates = manager.timerDates(id: lot.id) {
    let state = AuctionAttributes.ContentState(ends: dates.timerInterval, pausedAt: dates.pauseTime)
    await activity.update(ActivityContent(state: state, staleDate: dates.endDate))
  }
  // END SAMPLE
}
#endif

@MainActor @SampleBody func sample47() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager.swift
  // In a table view cell's configuration (called again on reuse):
  try CountdownManager.shared.start(cell, until: item.saleEnd) { cell, remaining, stop in
    cell.timeLabel.text = RemainingTime(seconds: remaining).formatted()
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample48() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager.swift
  let quizClock = try CountdownManager(interval: .milliseconds(100))
  // END SAMPLE
  _ = quizClock
}

#if canImport(SwiftUI)
@MainActor @SampleBody func sample49() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownTimerDates.swift
  if let dates = manager.timerDates(id: order.id) {
    Text(timerInterval: dates.timerInterval, pauseTime: dates.pauseTime, countsDown: true)
    ProgressView(timerInterval: dates.timerInterval, countsDown: true)
  }
  // END SAMPLE
}
#endif

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample50() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/CountdownManager+Observation.swift
  let resend = try CountdownManager.shared.countdown(for: .seconds(30))
  // In a view: Text(resend.hasEnded ? "Resend code" : "Resend in \(resend.remaining) s")
  // END SAMPLE
  _ = resend
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample51() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/CountdownManager+Observation.swift
  let talk = try manager.countdown(for: .seconds(25 * 60), pastTheEnd: .countsOvertime)
  // END SAMPLE
  _ = talk
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample52() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/ObservableCountdown.swift
  let countdown = try CountdownManager.shared.countdown(for: .seconds(30))
  countdown.remaining       // 30, then 29, ... 0, on the main actor
  countdown.hasEnded        // false until the 0
  try countdown.restart(for: .seconds(30))  // the same model counts again
  // END SAMPLE
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample53() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/ObservableCountdown.swift
  try talk.restart(for: .seconds(25 * 60), pastTheEnd: .countsOvertime)
  // talk.remaining: 1500, …, 0, then -1, -2, …; talk.isOvertime once it is below 0
  // END SAMPLE
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample54() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/ObservableCountdown.swift
  try quiz.addTime(.seconds(10))   // a bonus: 5 becomes 15
  try quiz.addTime(.seconds(-10))  // a penalty; past the end, it ends now
  // END SAMPLE
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample55() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/ObservableCountdown+Snapshot.swift
  let data = try JSONEncoder().encode(resend.snapshot(id: "resend"))
  // END SAMPLE
  _ = data
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample56() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/ObservableCountdownList+TimeAdded.swift
  // A late bid on one lot extends its auction by 30 s; the other rows are untouched.
  try auctions.addTime(.seconds(30), id: lot.id)
  // END SAMPLE
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample57() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/ObservableCountdownList.swift
  let deliveries = ObservableCountdownList<Order.ID>(manager: .shared)
  try deliveries.start(id: order.id, until: order.deliveryDeadline)
  deliveries[order.id]?.remaining      // this row's value: observed alone
  deliveries.ids                       // the rows, in the order they were added
  // END SAMPLE
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample58() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownManager+ObservableSnapshot.swift
  let snapshot = try CountdownSnapshot<String>(decoding: data)
  let resend = try manager.countdown(restoring: snapshot, id: "resend")
  // END SAMPLE
  _ = resend
}

@MainActor @SampleBody func sample59() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownManager+Saving.swift
  // At launch:
  try manager.keepSaved(Order.ID.self, in: .file(ordersURL)) { id, remaining, _ in
    store.remaining[id] = remaining
  }
  // From then on, each countdown started with start(id:…) is saved when the app goes to the background.
  // END SAMPLE
}

@MainActor @SampleBody func sample60() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownManager+Snapshot.swift
  let data = try JSONEncoder().encode(manager.snapshot(of: Order.ID.self))
  // END SAMPLE
  _ = data
}

@MainActor @SampleBody func sample61() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownManager+Snapshot.swift
  let snapshot = try CountdownSnapshot<Order.ID>(decoding: data)
  let restoration = try manager.restore(snapshot) { id, remaining, _ in
    store.remaining[id] = remaining
  }
  // END SAMPLE
  _ = restoration
}

@MainActor @SampleBody func sample62() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownRestoration.swift
  let restoration = try manager.restore(snapshot) { id, remaining, _ in
    store.remaining[id] = remaining
  }
  for (id, end) in restoration.ended { store.markEnded(id, at: end) }
  // END SAMPLE
}

@MainActor @SampleBody func sample63() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownSnapshot.swift
  // Going to the background:
  let data = try JSONEncoder().encode(manager.snapshot(of: Order.ID.self))
  // After the relaunch, on a new manager: each countdown has its right value at once.
  let snapshot = try CountdownSnapshot<Order.ID>(decoding: data)
  try manager.restore(snapshot) { id, remaining, _ in
    store.remaining[id] = remaining
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample64() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownSnapshot.swift
  let snapshot = try CountdownSnapshot<String>(decoding: data)
  // END SAMPLE
  _ = snapshot
}

@MainActor func sample65() async throws {
  // SAMPLE: CountdownKit/Persistence/CountdownSnapshotError.swift
  do {
    try manager.restore(CountdownSnapshot<String>(decoding: data)) { _, _, _ in }
  } catch where error.kind == .invalidEntry {
    print("entry \(error.index ?? -1) refused: \(error.reason.map(String.init(describing:)) ?? "")")
  } catch {
    print("not restored: \(error)")
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample66() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownStore.swift
  let store = CountdownStore.file(URL.applicationSupportDirectory.appending(path: "orders.json"))
  try manager.keepSaved(String.self, in: store) { id, remaining, _ in
    orders.remaining[id] = remaining
  }
  // END SAMPLE
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample67() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/ObservableCountdownList+Saving.swift
  let deliveries = ObservableCountdownList<Order.ID>()
  try deliveries.keepSaved(in: .userDefaults(key: "deliveries"))
  // END SAMPLE
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample68() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/ObservableCountdownList+Snapshot.swift
  let data = try JSONEncoder().encode(deliveries.snapshot())
  // END SAMPLE
  _ = data
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func sample69() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/ObservableCountdownList+Snapshot.swift
  let restoration = try deliveries.restore(CountdownSnapshot(decoding: data))
  // END SAMPLE
  _ = restoration
}

@MainActor @SampleBody func sample70() async throws -> Any {
  // SAMPLE: CountdownKit/ReadAloud/CountdownReadAloud.swift
  let readAloud = try manager.readAloud(at: [.seconds(600), .seconds(60), .seconds(10)])
  try manager.start(id: "exam", for: .seconds(7_200), delivering: readAloud.deliveries) { _, left, _ in
    readAloud.read(left)
  }
  // END SAMPLE
}

@MainActor @SampleBody func sample71() async throws -> Any {
  // SAMPLE: CountdownKit/Manager/CountdownManager+Receivers.swift
  try manager.start(orderCell, for: .seconds(20 * 60)) { cell, remaining, _ in
    cell.etaLabel.text = RemainingTime(seconds: remaining).formatted()
    // The device slept through the end: the order's alert rang then, not again now.
    if remaining == 0, (manager.endedAgo(cell) ?? .zero) < .seconds(5) {
      store.ring(order.id)
    }
  }
  // END SAMPLE
}

@SampleBody func sample72() async throws -> Any {
  // SAMPLE: CountdownCore/Engine/CountdownEngine+Queries.swift
  try engine.register(session, .duration(.seconds(30))) { [weak session] remaining, stop in
    guard let session, remaining == 0 else { return stop = session == nil }
    session.expire()
    if let late = engine.endedAgo(session) {
      print("expired \(late) late: the device slept, or the app was suspended")
    }
  }
  // END SAMPLE
}

// The alerts' adapters' samples, and the alerts article's samples that no test runs.

#if canImport(AlarmKit) && !targetEnvironment(macCatalyst)
@available(iOS 26.0, *)
@MainActor func alarmKitSample() async throws {
  // SAMPLE: CountdownAlerts/Alarms/AlarmKitCenter.swift
  struct TimerMetadata: AlarmMetadata { var countdownID: String }

  let center = AlarmKitCenter<TimerMetadata> { id in
    var alert = AlarmPresentation.Alert(
      title: "\(id) is done", stopButton: AlarmButton(text: "Stop", textColor: .white, systemImageName: "stop"))
    if #available(iOS 26.1, *) { alert = AlarmPresentation.Alert(title: "\(id) is done") }  // the system's stop button
    return AlarmAttributes(
      presentation: AlarmPresentation(
        alert: alert,
        countdown: AlarmPresentation.Countdown(title: "\(id)"),
        paused: AlarmPresentation.Paused(
          title: "Paused", resumeButton: AlarmButton(text: "Resume", textColor: .orange, systemImageName: "play"))),
      metadata: TimerMetadata(countdownID: id), tintColor: .orange)
  }
  let alarms = try CountdownAlarms(String.self, center: center)
  // END SAMPLE
  _ = alarms
}
#endif

#if canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst)
@available(iOS 16.2, *)
@MainActor func activityKitSample() async throws {
  // SAMPLE: CountdownAlerts/LiveActivities/LiveActivityCenter.swift
  struct TimerAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable, Sendable {
      var range: ClosedRange<Date>
      var pausedAt: Date?
    }
    var countdownID: String
  }
  let activities = CountdownLiveActivities(
    String.self, center: LiveActivityCenter<TimerAttributes> { $0.countdownID }
  ) { _, dates in TimerAttributes.ContentState(range: dates.timerInterval, pausedAt: dates.pauseTime) }
  // END SAMPLE
  _ = activities
}
#endif

#if canImport(UserNotifications)
// SAMPLE: UserNotificationCenter
nonisolated final class NotificationDelegate: NSObject, UNUserNotificationCenterDelegate {
  let alerts: CountdownNotifications<String>
  init(alerts: CountdownNotifications<String>) { self.alerts = alerts }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
  ) {
    completionHandler(alerts.presentationOptions(for: notification) ?? [.banner, .sound])
  }
}
// END SAMPLE
#endif


@available(tvOS, unavailable)
@MainActor @SampleBody func alertsSample() async throws -> Any {
  // ARTICLE: AlertsOverview
  // At launch, after restoring the countdowns; keep `alerts` for as long as the app runs.
  let alerts = try CountdownNotifications(String.self, manager: .shared, center: UserNotificationCenter()) { id, moment in
    switch moment {
    case .end: CountdownAlertContent(title: "Timer", body: "\(id) is done.")
    case .timeLeft: CountdownAlertContent(title: "Timer", body: "\(id): almost done.", sound: nil)
    }
  }
  // END ARTICLE
  _ = alerts
}

@MainActor func alertsSetContentSample() {
  // ARTICLE: AlertsOverview
  // When the user renames the timer, or picks another sound:
  alerts.setContent(
    CountdownAlertContent(title: "Pasta", body: "Drain the pasta.", sound: .named("bell.caf"), interruptionLevel: .timeSensitive),
    for: "pasta")
  // END ARTICLE
}

#if canImport(AlarmKit) && !targetEnvironment(macCatalyst)
@available(iOS 26.0, *)
@MainActor @SampleBody func alarmsSample() async throws -> Any {
  // ARTICLE: AlertsOverview
  // After restoring the countdowns; keep `alarms` for as long as the app runs.
  let alarms = try CountdownAlarms(
    String.self, manager: .shared, center: AlarmKitCenter(attributes: timerAlarm), isFollowed: { $0.hasPrefix("oven") })
  // END ARTICLE
  _ = alarms
}
#endif

#if canImport(AlarmKit) && !targetEnvironment(macCatalyst)
@MainActor @SampleBody func alarmOrNotificationSample() async throws -> Any {
  // ARTICLE: AlertsOverview
  // At launch, after restoring the countdowns: an alarm where AlarmKit is there and allowed, a
  // notification elsewhere, decided for the whole launch so that no id has both.
  var alarmCenter: (any CountdownAlarmCenter)?
  if #available(iOS 26.0, *) { alarmCenter = AlarmKitCenter(attributes: timerAlarm) }
  let ringsAsAlarm = alarmCenter?.authorization == .authorized
  let alarms = try alarmCenter.map { center in
    try CountdownAlarms(String.self, center: center, isFollowed: { _ in ringsAsAlarm })
  }
  let alerts = try CountdownNotifications(
    String.self, center: UserNotificationCenter(), isFollowed: { _ in !ringsAsAlarm }
  ) { id, _ in CountdownAlertContent(title: "Timer", body: "\(id) is done.") }
  // END ARTICLE
  _ = (alarms, alerts)
}
#endif

#if canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst)
@available(iOS 16.2, *)
@MainActor @SampleBody func liveActivitiesSample() async throws -> Any {
  // ARTICLE: AlertsOverview
  // After restoring the countdowns; keep `activities` for as long as the app runs.
  let activities = CountdownLiveActivities(String.self, center: LiveActivityCenter<TimerAttributes> { $0.countdownID }) {
    _, dates in TimerAttributes.ContentState(range: dates.timerInterval, pausedAt: dates.pauseTime)
  }
  try CountdownManager.shared.start(id: "pizza", for: .seconds(720)) { _, _, _ in }
  if let content = activities.content(for: "pizza") {
    _ = try Activity.request(
      attributes: TimerAttributes(countdownID: "pizza"),
      content: ActivityContent(state: content.state, staleDate: content.staleDate))
  }
  // END ARTICLE
}
#endif

// The widgets' samples.

@MainActor @SampleBody func widgetsSample() async throws -> Any {
  // SAMPLE: CountdownAlerts/Widgets/CountdownWidgets.swift
  // At launch, after the restore (keep `widgets` for as long as the app runs):
  let widgets = CountdownWidgets(String.self, center: FakeWidgetCenter(), kind: "Timers")
  try CountdownManager.shared.start(id: "tea", for: .seconds(180)) { _, _, _ in }
  // The "Timers" widgets are reloaded once; as the tea counts down, never again, until it is
  // paused, resumed, given time or cancelled.
  // END SAMPLE
  _ = widgets
}

@MainActor @SampleBody func fakeWidgetCenterSample() async throws -> Any {
  // SAMPLE: CountdownAlerts/Widgets/FakeWidgetCenter.swift
  let center = FakeWidgetCenter(dailyBudget: 40)
  let widgets = CountdownWidgets(String.self, center: center, kind: "Timers")
  try CountdownManager.shared.start(id: "tea", for: .seconds(180)) { _, _, _ in }
  center.reloads.count  // 1
  // END SAMPLE
  _ = widgets
}

#if canImport(WidgetKit) && !os(tvOS)
@available(visionOS 26.0, *)
@MainActor @SampleBody func widgetKitCenterSample() async throws -> Any {
  // SAMPLE: CountdownAlerts/Widgets/WidgetKitCenter.swift
  let widgets = CountdownWidgets(String.self, center: WidgetKitCenter(), kind: "Timers")
  // END SAMPLE
  _ = widgets
}

@available(visionOS 26.0, *)
@MainActor @SampleBody func widgetsArticleSample() async throws -> Any {
  // ARTICLE: AlertsOverview
  // At launch, after restoring the countdowns; keep `widgets` for as long as the app runs.
  let widgets = CountdownWidgets(String.self, manager: .shared, center: WidgetKitCenter(), kind: "Timers")
  // END ARTICLE
  _ = widgets
}
#endif

// The plans' samples (CountdownKit/Phases).

@MainActor @SampleBody func phasesSample1() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhase+Purpose.swift
  let rest = CountdownPhase("Walk", .seconds(90), purpose: .recovery)
  let stretch = CountdownPhase("Stretch", .seconds(2 * 60), purpose: CountdownPhase.Purpose("stretch"))
  // END SAMPLE
  _ = (rest, stretch)
}

@MainActor @SampleBody func phasesSample2() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhase.swift
  let work = CountdownPhase("Work", .seconds(25 * 60))
  let rest = CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery, userInfo: ["sound": "bell"])
  // END SAMPLE
  _ = work
  _ = rest
}

@MainActor @SampleBody func phasesSample3() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhase.swift
  let sprint = CountdownPhase("Sprint", .seconds(30))
  let walk = CountdownPhase("Walk", .seconds(90), purpose: .recovery, pausesAfter: false)
  // END SAMPLE
  _ = sprint
  _ = walk
}

@MainActor @SampleBody func phasesSample4() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhase.swift
  let plank = try CountdownPhase("Plank", seconds: 45)
  // END SAMPLE
  _ = plank
}

@MainActor @SampleBody func phasesSample5() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPlan+Block.swift
  // Four Pomodoros; the fourth break is a long one.
  let pomodoros = CountdownPlan.Block(
    [CountdownPhase("Work", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
    repeated: .times(4),
    longBreak: CountdownPhase("Long break", .seconds(15 * 60), purpose: .recovery), every: 4)
  // END SAMPLE
  _ = pomodoros
}

@MainActor @SampleBody func phasesSample6() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPlan+Block.swift
  let intervals = CountdownPlan.Block(
    [CountdownPhase("Run", .seconds(90)), CountdownPhase("Walk", .seconds(60), purpose: .recovery)],
    repeated: .lasting(.seconds(30 * 60)))
  // END SAMPLE
  _ = intervals
}

@MainActor @SampleBody func phasesSample7() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPlan+Codable.swift
  let plan = try CountdownPlan(blocks: [CountdownPlan.Block([CountdownPhase("Work", .seconds(25 * 60))])])
  let saved = try JSONEncoder().encode(plan)
  let again = try JSONDecoder().decode(CountdownPlan.self, from: saved)  // == plan
  // END SAMPLE
  _ = again
}

@MainActor @SampleBody func phasesSample8() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPlan+Repetition.swift
  let eight = CountdownPlan.Repetition.times(8)
  let endless = CountdownPlan.Repetition.forever
  let halfAnHour = CountdownPlan.Repetition.lasting(.seconds(30 * 60))
  // END SAMPLE
  _ = eight
  _ = endless
  _ = halfAnHour
}

@MainActor @SampleBody func phasesSample9() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPlan.swift
  // A Pomodoro: 25 minutes of work and 5 of rest, four times; the fourth rest is 15 minutes.
  let pomodoro = try CountdownPlan(blocks: [
    CountdownPlan.Block(
      [CountdownPhase("Work", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
      repeated: .times(4),
      longBreak: CountdownPhase("Long break", .seconds(15 * 60), purpose: .recovery), every: 4)
  ])
  // END SAMPLE
  _ = pomodoro
}

@MainActor @SampleBody func phasesSample10() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPlan.swift
  // Walk and run for 30 minutes, between a warm-up and a cool-down walk.
  let run = try CountdownPlan(
    warmUp: [CountdownPhase("Warm-up walk", .seconds(5 * 60), purpose: .recovery)],
    blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Run", .seconds(90)), CountdownPhase("Walk", .seconds(60), purpose: .recovery)],
        repeated: .lasting(.seconds(30 * 60)))
    ],
    coolDown: [CountdownPhase("Cool-down walk", .seconds(5 * 60), purpose: .recovery)])
  // END SAMPLE
  _ = run
}

@MainActor @SampleBody func phasesSample11() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPlan.swift
  let pomodoro = try CountdownPlan(blocks: [
    CountdownPlan.Block(
      [CountdownPhase("Work", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60))], repeated: .times(4))
  ])
  print(pomodoro.phaseCount ?? 0)  // 8
  // END SAMPLE
}

@MainActor @SampleBody func phaseSequenceSample1() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownManager+PhaseSequences.swift
  let pomodoro = try CountdownPlan(blocks: [
    CountdownPlan.Block(
      [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60))], repeated: .forever,
      longBreak: CountdownPhase("Long break", .seconds(15 * 60), pausesAfter: true), every: 4)
  ])
  try manager.start(id: "focus", plan: pomodoro) { _, update, _ in
    for end in update.phaseEnds { chime(for: end.phase) }
    if let position = update.position { show(position.phase.name, update.remaining) }
  }
  // END SAMPLE
}

@MainActor @SampleBody func phaseSequenceSample2() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownManager+PhaseSequences.swift
  // "Skip break": back to work now.
  manager.skipPhase(id: "focus")
  // END SAMPLE
}

@MainActor @SampleBody func phaseSequenceSample3() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownManager+PhaseSequences.swift
  // Interrupted: this focus session starts over.
  manager.restartPhase(id: "focus")
  // END SAMPLE
}

@MainActor @SampleBody func phaseSequenceSample4() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownManager+PhaseSequences.swift
  // The runner wants the last interval again.
  manager.goToPreviousPhase(id: "intervals")
  // END SAMPLE
}

@MainActor @SampleBody func phaseSequenceSample5() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownManager+PhaseSequences.swift
  if let position = manager.phasePosition(id: "focus") {
    label.text = "\(position.phase.name) · next: \(position.nextPhase?.name ?? "done")"
  }
  // END SAMPLE
}

@MainActor @SampleBody func phaseSequenceSample6() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhasePosition.swift
  if let position = manager.phasePosition(id: "focus") {
    label.text = "\(position.phase.name), cycle \(position.cycle + 1)"
    label.text? += position.nextPhase.map { " · next: \($0.name)" } ?? " · last phase"
  }
  // END SAMPLE
}

@MainActor @SampleBody func phaseSequenceSample7() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhaseEnd.swift
  for end in update.phaseEnds where end.lateness < .seconds(60) {
    chime(for: end.phase)
  }
  // END SAMPLE
}

@MainActor @SampleBody func seekPhaseSample() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownManager+PhaseSequences.swift
  // The scrub bar let go on the fourth phase, 30 s in.
  try manager.seekPhase(id: "intervals", to: 3, offset: .seconds(30))
  // END SAMPLE
}

@MainActor @SampleBody func phaseEndNextPhaseSample() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhaseEnd.swift
  for end in update.phaseEnds {
    announce(end.nextPhase.map { "\(end.phase.name) done, \($0.name) next" } ?? "Workout done")
  }
  // END SAMPLE
}

@MainActor @SampleBody func phaseSequenceSample8() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhaseEndSummary.swift
  if let earlier = update.earlierPhaseEnds {
    print("\(earlier.count) phases passed while away, since \(earlier.firstDate)")
  }
  // END SAMPLE
}

@MainActor @SampleBody func phaseSequenceSample9() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhaseUpdate.swift
  try manager.start(id: "focus", plan: pomodoro) { _, update, _ in
    for end in update.phaseEnds { chime(for: end.phase) }
    if let position = update.position { show(position.phase.name, update.remaining) }
    if update.planEnded { showDone() }
  }
  // END SAMPLE
}

@MainActor @SampleBody func readAloudPhasesSample1() async throws -> Any {
  // SAMPLE: CountdownKit/ReadAloud/CountdownReadAloud.swift
  let readAloud = try manager.readAloud(at: [.seconds(240), .seconds(10)])
  try manager.start(id: "focus", plan: pomodoro, delivering: readAloud.deliveries) { _, update, _ in
    readAloud.read(update)  // "Focus, 4 minutes left", then "Break, 4 minutes left"
  }
  // END SAMPLE
}

@MainActor @SampleBody func phaseSnapshotSample1() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownSnapshot+PhaseEntry.swift
  let snapshot = manager.snapshot(of: String.self)
  for entry in snapshot.phaseEntries {
    print(entry.id, "at phase", entry.ordinal, entry.isPaused ? "paused" : "running")
  }
  // END SAMPLE
}

@MainActor @SampleBody func phaseSnapshotSample2() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownManager+PhaseSnapshot.swift
  let snapshot = try CountdownSnapshot<String>(decoding: data)
  let restoration = try manager.restore(snapshot) { id, remaining, _ in
    store.remaining[id] = remaining
  } phases: { id, update, _ in
    // Ends passed while the app was not running come first, late: no bell for them.
    for end in update.phaseEnds where end.lateness < .seconds(5) { chime(for: end.phase) }
    if let position = update.position { show(position.phase.name, update.remaining) }
  }
  // END SAMPLE
  _ = restoration
}

@MainActor @SampleBody func phaseSnapshotSample3() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownManager+Saving.swift
  // At launch: the Pomodoro comes back where its plan is now, and is saved from then on.
  try manager.keepSaved(String.self, in: .userDefaults(key: "timers")) { id, remaining, _ in
    store.remaining[id] = remaining
  } phases: { _, update, _ in
    if let position = update.position { show(position.phase.name, update.remaining) }
  }
  // END SAMPLE
}

@MainActor @SampleBody func phaseSnapshotSample3PlansOnly() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownManager+Saving.swift
  // At launch: the Pomodoro comes back where its plan is now, and is saved from then on.
  try manager.keepSaved(plansOf: String.self, in: .userDefaults(key: "timers")) { _, update, _ in
    if let position = update.position { show(position.phase.name, update.remaining) }
  }
  // END SAMPLE
}

@MainActor @SampleBody func phaseSnapshotSample4() async throws -> Any {
  let snapshot = try CountdownSnapshot<String>(decoding: data)
  // SAMPLE: CountdownKit/Persistence/CountdownPhaseTimelineEntry.swift
  let entries = snapshot.timeline(id: "focus", limit: 20)
  for entry in entries {
    print(entry.date, entry.position?.phase.name ?? "done")
  }
  // END SAMPLE
}

@MainActor @SampleBody func phaseSnapshotSample5() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownSnapshot+PhaseTimeline.swift
  let snapshot = try CountdownSnapshot<String>(decoding: data)
  let entries = snapshot.timeline(id: "focus", from: Date(), limit: 20)
  // Each entry's position shows its phase; the system counts each phase down by itself.
  // END SAMPLE
  _ = entries
}
@MainActor @SampleBody func phaseSnapshotSample6() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownSnapshot.swift
  let focus = CountdownSnapshot<String>.PhaseEntry(id: "focus", plan: pomodoro, ordinal: 0, date: Date() + 25 * 60)
  let snapshot = CountdownSnapshot(takenAt: Date(), serverOffset: nil, entries: [], phaseEntries: [focus])
  // END SAMPLE
  _ = snapshot
}
@MainActor @SampleBody func phaseReceiverSample1() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownManager+PhaseReceivers.swift
  try manager.start(timerView, plan: pomodoro) { view, update, _ in
    view.phaseLabel.text = update.position?.phase.name ?? "Done"
    view.timeLabel.text = RemainingTime(seconds: update.remaining).formatted()
  }
  // END SAMPLE
}

@MainActor @SampleBody func phaseReceiverSample2() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownManager+PhaseReceivers.swift
  // The "Skip break" button's action.
  manager.skipPhase(timerView)
  // END SAMPLE
}

@MainActor @SampleBody func phaseReceiverSample3() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownManager+PhaseReceivers.swift
  if let position = manager.phasePosition(for: timerView) {
    timerView.nextLabel.text = position.nextPhase.map { "Next: \($0.name)" } ?? "Last one"
  }
  // END SAMPLE
}

#if canImport(SwiftUI)
@MainActor @SampleBody func phaseReceiverSample4() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownManager+PhaseReceivers.swift
  if let dates = manager.timerDates(for: timerView) {
    Text(timerInterval: dates.timerInterval, pauseTime: dates.pauseTime, countsDown: true)
  }
  // END SAMPLE
}
#endif

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func phaseModelSample1() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/ObservablePhaseCountdown.swift
  let workout = try CountdownManager.shared.countdown(plan: tabata)
  workout.phase?.name   // "Warm-up", then "Work", "Rest", … on the main actor
  workout.remaining     // 300, 299, … in the phase
  workout.skipPhase()   // the runner skips the warm-up
  // END SAMPLE
}

#if canImport(SwiftUI)
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func phaseModelSample2() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/ObservablePhaseCountdown.swift
  Text(timerInterval: workout.timerInterval, pauseTime: workout.pauseTime, countsDown: true)
  // END SAMPLE
}
#endif

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func phaseModelSample3() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/ObservablePhaseCountdown.swift
  try workout.addTime(.seconds(30))  // "+30 s" on the rest
  // END SAMPLE
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func phaseModelRefreshSample() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/ObservablePhaseCountdown.swift
  workout.refreshDates()  // the clock was set: the same phase end, at its date on the new clock
  // END SAMPLE
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func phaseModelSample4() async throws -> Any {
  // SAMPLE: CountdownKit/Observable/CountdownManager+ObservableCountdown.swift
  let pomodoroModel = try CountdownManager.shared.countdown(plan: pomodoro)
  // In a view: Text("\(pomodoroModel.phase?.name ?? "Done") \(pomodoroModel.remaining)")
  // END SAMPLE
  _ = pomodoroModel
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func phaseModelSnapshotSample() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/ObservablePhaseCountdown+Snapshot.swift
  let data = try JSONEncoder().encode(workout.snapshot(id: "workout"))
  // END SAMPLE
  _ = data
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @SampleBody func phaseModelRestoreSample() async throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownManager+PhaseSnapshot.swift
  let snapshot = try CountdownSnapshot<String>(decoding: data)
  let workout = try manager.phaseCountdown(restoring: snapshot, id: "workout")
  // END SAMPLE
  _ = workout
}

@MainActor @SampleBody func phaseUpdatesSample1() async throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownManager+PhaseUpdates.swift
  for await update in try manager.phaseUpdates(plan: tabata) {
    for end in update.phaseEnds { print("\(end.phase.name) done") }
    print(update.position?.phase.name ?? "Finished", update.remaining)
  }
  // END SAMPLE
}

// MARK: - CountdownPush

@SampleBody func pushSample1() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Alert.swift
  let done = LiveActivityPush.Alert(title: "Tea", body: "Your tea is ready.", sound: "chime.aiff")
  // END SAMPLE
  _ = done
}

@SampleBody func pushSample2() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Alert.swift
  let sound = LiveActivityPush.Alert(title: "Tea", body: "Ready.", sound: "chime.aiff").sound
  // END SAMPLE
  _ = sound
}

@SampleBody func pushSample3() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Alert.swift
  let alert = LiveActivityPush.Alert(title: "Oven", body: "The bread is done.")
  // END SAMPLE
  _ = alert
}

@SampleBody func pushSample4() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Alert.swift
  let alert = LiveActivityPush.Alert.localized(
    titleKey: "%@ is done", titleArguments: ["Oven"], bodyKey: "Take the bread out.")
  // END SAMPLE
  _ = alert
}

@SampleBody func pushSample5() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Environment.swift
  let environment: LiveActivityPush.Environment = isDebugBuild ? .development : .production
  // END SAMPLE
  _ = environment
}

@SampleBody func pushSample6() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Environment.swift
  let host = LiveActivityPush.Environment.development.host  // "api.sandbox.push.apple.com"
  // END SAMPLE
  _ = host
}

@SampleBody func pushSample7() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Environment.swift
  let shipping = LiveActivityPush.Environment.production
  // END SAMPLE
  _ = shipping
}

@SampleBody func pushSample8() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Environment.swift
  let testing = LiveActivityPush.Environment.development
  // END SAMPLE
  _ = testing
}

@SampleBody func pushSample9() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Environment.swift
  print(LiveActivityPush.Environment.production)  // api.push.apple.com
  // END SAMPLE
}

@SampleBody func pushSample10() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Event.swift
  let events: [LiveActivityPush.Event] = [.update, .end(), .end(dismissalDate: Date(timeIntervalSince1970: 0))]
  // END SAMPLE
  _ = events
}

@SampleBody func pushSample11() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Event.swift
  let removal = LiveActivityPush.Event.end(dismissalDate: Date()).dismissalDate
  // END SAMPLE
  _ = removal
}

@SampleBody func pushSample12() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Event.swift
  let event = LiveActivityPush.Event.update
  // END SAMPLE
  _ = event
}

@SampleBody func pushSample13() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Event.swift
  let atOnce = LiveActivityPush.Event.end(dismissalDate: Date(timeIntervalSince1970: 0))
  let inAnHour = LiveActivityPush.Event.end(dismissalDate: Date().addingTimeInterval(3_600))
  // END SAMPLE
  _ = atOnce
  _ = inAnHour
}

@SampleBody func pushSample14() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Event.swift
  let name = LiveActivityPush.Event.update.name  // "update"
  // END SAMPLE
  _ = name
}

@SampleBody func pushSample15() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Event.swift
  print(LiveActivityPush.Event.end())  // end
  // END SAMPLE
}

@SampleBody func pushSample16() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Priority.swift
  let priority: LiveActivityPush.Priority = needsAttention ? .high : .low
  // END SAMPLE
  _ = priority
}

@SampleBody func pushSample17() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Priority.swift
  let value = LiveActivityPush.Priority.high.value  // 10
  // END SAMPLE
  _ = value
}

@SampleBody func pushSample18() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Priority.swift
  let urgent = LiveActivityPush.Priority.high
  // END SAMPLE
  _ = urgent
}

@SampleBody func pushSample19() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Priority.swift
  let routine = LiveActivityPush.Priority.low
  // END SAMPLE
  _ = routine
}

@SampleBody func pushSample20() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush+Priority.swift
  print(LiveActivityPush.Priority.low)  // 5
  // END SAMPLE
}

@SampleBody func pushSample21() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush.swift
  let push = try LiveActivityPush(
    .update, contentState: TimerActivityState(endsAt: end, isPaused: false), deviceToken: pushToken,
    bundleID: "com.example.timer", environment: .production, priority: .low, timestamp: Date())
  // POST push.url with push.headers, an `authorization` header of the server's, and push.body.
  // END SAMPLE
  _ = push
}

@SampleBody func pushSample22() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush.swift
  let room = LiveActivityPush.maximumPayloadSize - push.body.count  // bytes left
  // END SAMPLE
  _ = room
}

@SampleBody func pushSample23() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush.swift
  let sandboxed = push.environment == .development
  // END SAMPLE
  _ = sandboxed
}

@SampleBody func pushSample24() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush.swift
  let path = push.path  // "/3/device/80f5…"
  // END SAMPLE
  _ = path
}

@SampleBody func pushSample25() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush.swift
  for (name, value) in push.headers.sorted(by: { $0.key < $1.key }) {
    print("\(name): \(value)")  // apns-priority: 5, apns-push-type: liveactivity, apns-topic: …
  }
  // END SAMPLE
}

@SampleBody func pushSample26() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush.swift
  let json = String(decoding: push.body, as: UTF8.self)  // {"aps":{"content-state":{…},…}}
  // END SAMPLE
  _ = json
}

@SampleBody func pushSample27() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush.swift
  let method = push.method  // "POST"
  // END SAMPLE
  _ = method
}

@SampleBody func pushSample28() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush.swift
  let host = push.host  // "api.push.apple.com"
  // END SAMPLE
  _ = host
}

@SampleBody func pushSample29() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush.swift
  let url = push.url  // https://api.push.apple.com/3/device/80f5…
  // END SAMPLE
  _ = url
}

@SampleBody func pushSample30() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPush.swift
  let ended = try LiveActivityPush(
    .end(dismissalDate: Date().addingTimeInterval(15 * 60)),
    contentState: TimerActivityState(endsAt: end, isPaused: false), deviceToken: pushToken,
    bundleID: "com.example.timer", environment: .production, priority: .high, timestamp: Date(),
    alert: LiveActivityPush.Alert(title: "Tea", body: "Your tea is ready.", sound: "chime.aiff"))
  // END SAMPLE
  _ = ended
}

func pushSample31() throws {
  // SAMPLE: CountdownPush/LiveActivityPushError.swift
  do throws(LiveActivityPushError) {
    _ = try LiveActivityPush(
      .update, contentState: TimerActivityState(endsAt: end, isPaused: true), deviceToken: pushToken,
      bundleID: "com.example.timer", environment: .production, priority: .low, timestamp: Date())
  } catch where error == .invalidDeviceToken {
    print("Not a push token: forget it.")
  }
  // END SAMPLE
}

@SampleBody func pushSample32() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPushError.swift
  let forgetTheToken = error == .invalidDeviceToken
  // END SAMPLE
  _ = forgetTheToken
}

@SampleBody func pushSample33() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPushError.swift
  let fixTheConfiguration = error == .invalidBundleID
  // END SAMPLE
  _ = fixTheConfiguration
}

@SampleBody func pushSample34() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPushError.swift
  let badScore = error == .invalidRelevanceScore
  // END SAMPLE
  _ = badScore
}

@SampleBody func pushSample35() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPushError.swift
  let badState = error == .invalidContentState
  // END SAMPLE
  _ = badState
}

@SampleBody func pushSample36() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPushError.swift
  let tooLarge = error == .payloadTooLarge
  // END SAMPLE
  _ = tooLarge
}

@SampleBody func pushSample37() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPushError.swift
  let badDate = error == .invalidDate
  // END SAMPLE
  _ = badDate
}

@SampleBody func pushSample38() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPushError.swift
  let same = LiveActivityPushError.invalidDate == .invalidDate  // true
  // END SAMPLE
  _ = same
}

@SampleBody func pushSample39() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPushError.swift
  let kinds: Set<LiveActivityPushError> = [.invalidDate, .payloadTooLarge]
  // END SAMPLE
  _ = kinds
}

@SampleBody func pushSample40() throws -> Any {
  // SAMPLE: CountdownPush/LiveActivityPushError.swift
  print(error)  // LiveActivityPushError: the payload is over 4096 bytes (4200 bytes, above 4096)
  // END SAMPLE
}

@MainActor @SampleBody func phaseWindowSample0() throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhaseWindow.swift
  let window = manager.phaseWindow(id: "intervals", lookAhead: .max)  // 1 001 phases at most
  // END SAMPLE
  _ = window
}

@MainActor @SampleBody func phaseWindowSample1() throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhaseWindow.swift
  if let window = manager.phaseWindow(id: "pomodoro", lookAhead: 1) {
    let shown = window.phase(at: Date())  // the current phase; past its end, the next
    print(shown.phase.name, Date(timeIntervalSince1970: shown.end))
  }
  // END SAMPLE
}

@SampleBody func phaseWindowSample2() throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhaseWindow.swift
  let shown = window.phase(at: Date())
  // END SAMPLE
  _ = shown
}

@SampleBody func phaseWindowSample3() throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownPhaseWindow+Phase.swift
  let shown = window.phase(at: Date())
  print("\(shown.phase.name), round \(shown.cycle + 1)", shown.pausesAfter ? "then a pause" : "")
  // END SAMPLE
}

@MainActor @SampleBody func phaseWindowSample4() throws -> Any {
  // SAMPLE: CountdownKit/Phases/CountdownManager+PhaseWindow.swift
  if let window = manager.phaseWindow(id: "pomodoro") {
    // The activity's content state holds the window; its stale date is the current phase's end.
    print(window.current.phase.name, window.phases.map(\.end), window.staleDate as Any)
  }
  // END SAMPLE
}

@SampleBody func phaseWindowSample5() throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownSnapshot+PhaseWindow.swift
  let snapshot = try CountdownSnapshot<String>(decoding: data)
  if let window = snapshot.phaseWindow(id: "pomodoro", lookAhead: 2) {
    print(window.phases.map(\.phase.name))  // ["Focus", "Break", "Focus"]
  }
  // END SAMPLE
}

@SampleBody func phaseWindowSample6() throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownPhasePush.swift
  for push in snapshot.pushSchedule(id: "pomodoro", limit: 8) {
    print(push.sendDate, push.event, push.window.phases.map(\.phase.name), push.staleDate ?? 0)
  }
  // END SAMPLE
}

@SampleBody func phaseWindowSample7() throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownPhasePush+Event.swift
  let events: [CountdownPhasePush.Event] = [.update, .end(dismissalDate: 1_800_000_000)]
  print(events.map(\.dismissalDate))  // [nil, Optional(1800000000.0)]
  // END SAMPLE
}

@SampleBody func phaseWindowSample8() throws -> Any {
  // SAMPLE: CountdownKit/Persistence/CountdownSnapshot+PhasePushSchedule.swift
  let snapshot = try CountdownSnapshot<String>(decoding: data)  // as the app uploaded it
  for push in snapshot.pushSchedule(id: "pomodoro", lookAhead: 1, from: Date(), limit: 16) {
    // Each sent at its date, its window the activity's content state (CountdownPush builds it).
    print(Date(timeIntervalSince1970: push.sendDate), push.event, push.window.current.phase.name)
  }
  // END SAMPLE
}

// ARTICLE: TheLockScreenInPhases
/// The Live Activity's content state, as the app declares it.
struct PomodoroState: Codable, Hashable {
  var window: CountdownPhaseWindow
}

/// The pushes that move the Pomodoro's Live Activity on from the app's snapshot, each with the
/// date to send it at.
func pomodoroPushes(from data: Data, pushToken: String, now: Date = Date()) throws -> [(sendAt: Date, request: LiveActivityPush)] {
  let snapshot = try CountdownSnapshot<String>(decoding: data)
  return try snapshot.pushSchedule(id: "pomodoro", lookAhead: 1, from: now, limit: 48).map { push in
    let sendAt = Date(timeIntervalSince1970: push.sendDate)
    let request = try LiveActivityPush(
      push.event.dismissalDate.map { .end(dismissalDate: Date(timeIntervalSince1970: $0)) } ?? .update,
      contentState: PomodoroState(window: push.window), deviceToken: pushToken, bundleID: "com.example.focus",
      environment: .production, priority: .high, timestamp: sendAt,
      staleDate: push.staleDate.map { Date(timeIntervalSince1970: $0) })
    return (sendAt, request)
  }
}
// END ARTICLE

func pushOutcomeSample() {
  // SAMPLE: CountdownKit/PushScheduling/CountdownPushOutcome.swift
  let outcome = CountdownPushOutcome(apnsStatus: 410, reason: "Unregistered")
  print(outcome.isTokenGone)  // true
  // END SAMPLE
}

func pushRecordSample(scheduler: CountdownPushScheduler<String>) {
  // SAMPLE: CountdownKit/PushScheduling/CountdownPushRecord.swift
  if let record = scheduler.record(id: "pomodoro") {
    print(record.token, record.sentCount)
  }
  // END SAMPLE
}

func pushReportKindSample() {
  // SAMPLE: CountdownKit/PushScheduling/CountdownPushReportKind.swift
  let dropped: [CountdownPushReportKind] = [.ended, .tokenGone, .rejected, .gaveUp]
  print(dropped.map(\.description))
  // END SAMPLE
}

func pushRetryPolicySample() -> CountdownPushRetryPolicy {
  // SAMPLE: CountdownKit/PushScheduling/CountdownPushRetryPolicy.swift
  // 1 s, 2 s, 4 s, 8 s, then gives up after the fifth failure in a row.
  let retry = CountdownPushRetryPolicy(firstDelay: .seconds(1), maximumDelay: .seconds(30), maximumAttempts: 5)
  // END SAMPLE
  return retry
}

func pushSchedulerSample(engine: CountdownEngine, snapshot: CountdownSnapshot<String>, token: String) async throws {
  // SAMPLE: CountdownKit/PushScheduling/CountdownPushScheduler.swift
  let scheduler = try CountdownPushScheduler(
    engine: engine, sender: LoggingSender(),
    store: CountdownPushSchedulerJSONStore<String>(.file(URL(fileURLWithPath: "/var/lib/focus/pushes.json"))))
  try await scheduler.follow(snapshot, id: "pomodoro", token: token)  // its first push goes out now
  // END SAMPLE
}

func pushSchedulerCallsSample(
  scheduler: CountdownPushScheduler<String>, snapshot: CountdownSnapshot<String>, token: String, newToken: String
) async throws {
  // SAMPLE: CountdownKit/PushScheduling/CountdownPushScheduler.swift
  try await scheduler.follow(snapshot, id: "pomodoro", token: token, lookAhead: 1)
  // END SAMPLE
  // SAMPLE: CountdownKit/PushScheduling/CountdownPushScheduler.swift
  try await scheduler.updateToken(newToken, id: "pomodoro")
  // END SAMPLE
  // SAMPLE: CountdownKit/PushScheduling/CountdownPushScheduler.swift
  try await scheduler.stop(id: "pomodoro")
  // END SAMPLE
}

func pushSchedulerErrorSample(
  scheduler: CountdownPushScheduler<String>, snapshot: CountdownSnapshot<String>, token: String
) async throws {
  // SAMPLE: CountdownKit/PushScheduling/CountdownPushSchedulerError.swift
  do {
    try await scheduler.follow(snapshot, id: "pomodoro", token: token)
  } catch let error as CountdownPushSchedulerError where error.kind == .noPhaseEntry {
    print("the app sent a snapshot without the Pomodoro")
  }
  // END SAMPLE
}

func pushSchedulerStoreSample() throws {
  // SAMPLE: CountdownKit/PushScheduling/CountdownPushSchedulerJSONStore.swift
  let store = CountdownPushSchedulerJSONStore<String>(.file(URL(fileURLWithPath: "/var/lib/focus/pushes.json")))
  print(try store.load().count, "ids followed")
  // END SAMPLE
}

func pushSchedulerReportSample() -> @Sendable (CountdownPushSchedulerReport<String>) -> Void {
  // SAMPLE: CountdownKit/PushScheduling/CountdownPushSchedulerReport.swift
  let onReport: @Sendable (CountdownPushSchedulerReport<String>) -> Void = { report in
    if report.kind == .tokenGone { print("\(report.id): the activity is gone") }
  }
  // END SAMPLE
  return onReport
}

// SAMPLE: CountdownKit/PushScheduling/CountdownPushSender.swift
struct LoggingSender: CountdownPushSender {
  func send(_ push: CountdownPhasePush, id: String, token: String) async throws -> CountdownPushOutcome {
    print("to \(token): \(push.event) \(push.window.current.phase.name)")
    return .sent
  }
}
// END SAMPLE

// ARTICLE: TheLockScreenInPhases
/// Sends each push through the server's APNs client, which signs and posts the request.
struct APNsSender: CountdownPushSender {
  let post: @Sendable (LiveActivityPush) async throws -> (status: Int, reason: String?)

  func send(_ push: CountdownPhasePush, id: String, token: String) async throws -> CountdownPushOutcome {
    let request = try LiveActivityPush(
      push.event.dismissalDate.map { .end(dismissalDate: Date(timeIntervalSince1970: $0)) } ?? .update,
      contentState: PomodoroState(window: push.window), deviceToken: token, bundleID: "com.example.focus",
      environment: .production, priority: .high, timestamp: Date(timeIntervalSince1970: push.sendDate),
      staleDate: push.staleDate.map { Date(timeIntervalSince1970: $0) })
    let answer = try await post(request)
    return CountdownPushOutcome(apnsStatus: answer.status, reason: answer.reason)
  }
}

/// The process's scheduler: it goes on with the ids its shard saved before it stopped.
func makePushScheduler(
  shard: Int, post: @escaping @Sendable (LiveActivityPush) async throws -> (status: Int, reason: String?)
) throws -> CountdownPushScheduler<String> {
  let engine = try CountdownEngine(interval: .seconds(1), deliveryQueue: DispatchQueue(label: "pushes"))
  let store = CountdownPushSchedulerJSONStore<String>(
    .file(URL(fileURLWithPath: "/var/lib/focus/pushes-\(shard).json")))
  return try CountdownPushScheduler(
    engine: engine, sender: APNsSender(post: post), store: store,
    onReport: { report in print("push scheduler: \(report)") })
}

/// The shard of an id among `count` processes: a hash that is the same in every process (an id's
/// `hashValue` is seeded anew in each).
func shard(of id: String, among count: Int) -> Int {
  Int(id.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 } % UInt32(count))
}

/// What the app posts: its snapshot, and the activity's push token.
func appPosted(_ data: Data, id: String, token: String, to scheduler: CountdownPushScheduler<String>) async throws {
  try await scheduler.follow(try CountdownSnapshot<String>(decoding: data), id: id, token: token)
}
// END ARTICLE
