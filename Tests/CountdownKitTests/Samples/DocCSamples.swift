// swift-format-ignore-file
// (The documentation's samples are copied here verbatim, checked by SampleCopyTests: a formatter
// that changed a copy would part it from its sample.)
// The documentation catalog's code samples that are not the README's, verbatim, between
// `// DOCC:` and `// END DOCC` markers, so that the compiler checks them and tests run them;
// `SampleCopyTests` fails if the articles and these drift apart. (Samples shared with the README
// live in ReadmeSamples.swift.)
import CountdownKit
import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#endif
#if canImport(UIKit) && !canImport(WatchKit)
  import UIKit
#endif
#if canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst)
  import ActivityKit
#endif
#if canImport(WidgetKit) && !os(tvOS) && !os(visionOS)
  import WidgetKit
#endif
#if canImport(UserNotifications) && !os(tvOS)
  import UserNotifications
#endif

/// The Time semantics article's end-on-time sample; returns the manager it made.
@MainActor func startPerMinuteDelivery() throws -> CountdownManager {
  // DOCC: per-minute-end
  // A per-minute manager counting to a deadline 90 s away shows 2, then 1 at 60 s, then 0 at 90 s.
  let perMinute = try CountdownManager(interval: .seconds(60))
  try perMinute.start(id: "delivery", until: Date(timeIntervalSinceNow: 90)) { _, remaining, _ in
    print(remaining)
  }
  // END DOCC
  return perMinute
}

/// A quiz question shown on screen, the receiver of its countdown.
@MainActor final class QuizQuestion {
  var secondsLeft = 0
}

// DOCC: resend-button
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct ResendCodeButton: View {
  let send: () -> Void
  @State private var countdown: ObservableCountdown?

  private var isWaiting: Bool { countdown.map { !$0.hasEnded } ?? false }

  var body: some View {
    Button(isWaiting ? "Resend in \(countdown!.remaining) s" : "Resend code") {
      send()
      countdown = try? CountdownManager.shared.countdown(for: .seconds(30))
    }
    .disabled(isWaiting)
  }
}
// END DOCC

// DOCC: time-semantics-query
@MainActor
func showRemaining(of cell: SaleCell, on manager: CountdownManager) {
  if let left = manager.timeLeft(for: cell) {
    cell.timeLabel.text = RemainingTime(left).formatted()  // as the cell's callback shows it now
  }
}
// END DOCC

func optOutOfAutomaticSuspension() {
  // DOCC: suspends-in-background
  // An audio or navigation app: its countdowns keep ticking in the background.
  CountdownManager.shared.suspendsInBackground = false
  // END DOCC
}

// DOCC: from-lxd
@MainActor
func showOffer(in cell: SaleCell, isSoldOut: @escaping @MainActor () -> Bool) throws {
  try CountdownManager.shared.start(cell, seconds: 60) { cell, remaining, stop in
    cell.timeLabel.text = RemainingTime(seconds: remaining).formatted()
    stop = isSoldOut()  // ends the countdown after this call, as *isStop = YES did
  }
}
// END DOCC

// DOCC: from-countdownlabel
@MainActor
func countDown(_ label: UILabel, from start: Date, to end: Date) throws {
  try CountdownManager.shared.start(label, for: .seconds(end.timeIntervalSince(start))) { label, remaining, _ in
    label.text = RemainingTime(seconds: remaining).formatted()
  }
}
// END DOCC

// DOCC: from-timerservice
@MainActor
final class CallScreen {
  let durationLabel = UILabel()

  func callStarted() {
    CountdownManager.shared.listen(self) { screen, elapsed, _ in
      screen.durationLabel.text = RemainingTime(seconds: elapsed).formatted()
    }
  }

  func callEnded() {
    CountdownManager.shared.cancel(self)
  }
}
// END DOCC

// DOCC: from-timermanager
func scheduleTasks(on manager: CountdownManager, saleStart: Date) throws {
  try manager.start(id: "session", seconds: 15 * 60) { _, remaining, _ in
    if remaining == 0 { print("session expired") }
  }
  manager.listen(id: "poll") { _, elapsed, _ in
    if elapsed % 30 == 0 { print("poll the server") }
  }
  try manager.after(at: saleStart) { print("the sale opened") }
  manager.cancel(id: "poll")
}
// END DOCC

// DOCC: from-singletimer
@MainActor
func runQuiz(_ question: QuizQuestion) throws {
  try CountdownManager.shared.start(question, seconds: 20) { question, remaining, _ in
    question.secondsLeft = remaining
  }
  CountdownManager.shared.pause(question)   // the player opened a hint
  CountdownManager.shared.resume(question)  // and closed it
}
// END DOCC

// DOCC: outside-live-activity
@available(iOS 16.2, *)
struct DeliveryAttributes: ActivityAttributes {
  struct ContentState: Codable, Hashable {
    var arrival: ClosedRange<Date>  // the same deadline the app's countdown counts to
    var pausedAt: Date?  // set while the countdown is frozen: the system shows it standing still
  }

  var orderID: String
}

@available(iOS 16.2, *)
@MainActor
func startDeliveryActivity(for orderID: String, on manager: CountdownManager) throws -> Activity<DeliveryAttributes>? {
  guard let dates = manager.timerDates(id: orderID) else { return nil }
  let state = DeliveryAttributes.ContentState(arrival: dates.timerInterval, pausedAt: dates.pauseTime)
  return try Activity.request(
    attributes: DeliveryAttributes(orderID: orderID),
    content: ActivityContent(state: state, staleDate: dates.endDate))
}

@available(iOS 16.2, macOS 13, *)
struct DeliveryActivityView: View {
  let state: DeliveryAttributes.ContentState

  var body: some View {
    // Rendered and counted by the system, even while the app is not running.
    Text(timerInterval: state.arrival, pauseTime: state.pausedAt, countsDown: true)
  }
}
// END DOCC

// DOCC: outside-overtime
@available(iOS 16.2, *)
struct TalkAttributes: ActivityAttributes {
  struct ContentState: Codable, Hashable {
    var scheduled: ClosedRange<Date>  // timerDates(id:).timerInterval: its end stays the deadline
    var isOver: Bool  // set by the app when its countdown delivers a value <= 0
  }
}

@available(iOS 16.2, macOS 13, *)
struct TalkActivityView: View {
  let state: TalkAttributes.ContentState

  var body: some View {
    // Before the deadline the system counts down to 0:00 and stops there; past it, a timer
    // style text counts up from the deadline by itself: 0:01, 0:02, … over.
    state.isOver
      ? Text(state.scheduled.upperBound, style: .timer)
      : Text(timerInterval: state.scheduled, countsDown: true)
  }
}
// END DOCC

// DOCC: time-semantics-overtime
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
func startTalk(on manager: CountdownManager) throws -> ObservableCountdown {
  // 25:00 … 0:00 at the deadline, then −0:01, −0:02, … on the same grid, until cancelled.
  try manager.countdown(for: .seconds(25 * 60), pastTheEnd: .countsOvertime)
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
struct TalkClock: View {
  let talk: ObservableCountdown

  var body: some View {
    // "0:05", "0:00", then "−0:05" once five seconds over; `talk.isOvertime` from "−0:01" on.
    Text(talk.remainingTime, format: .countdown)
  }
}
// END DOCC

// DOCC: outside-widget
struct SaleEntry: TimelineEntry {
  let date: Date
  let sale: CountdownTimerDates  // its range, and its pause time while frozen
}

@MainActor
func saleTimeline(from data: Data, saleID: Int, now: Date = Date()) throws -> Timeline<SaleEntry> {
  // The widget extension is a process of its own: it restores the snapshot the app wrote to
  // their shared app group into a manager of its own, and asks it for the sale's dates.
  let manager = try CountdownManager()
  try manager.restore(CountdownSnapshot<Int>(decoding: data)) { _, _, _ in }
  defer { manager.cancelAll() }
  guard let sale = manager.timerDates(id: saleID) else {
    return Timeline(entries: [], policy: .never)
  }
  // Running: one entry now and one at the end, between them the system counts by itself.
  // Paused: one entry, shown frozen, until the app reloads the timeline.
  let entries = [SaleEntry(date: now, sale: sale)] + (sale.endDate.map { [SaleEntry(date: $0, sale: sale)] } ?? [])
  return Timeline(entries: entries, policy: .never)
}
// END DOCC

// DOCC: outside-phase-widget
struct FocusEntry: TimelineEntry {
  let date: Date
  let phase: String  // "Focus", "Break", or "Done" once the plan has ended
  let phaseEnd: Date?  // counted down to by the system; nil while the plan waits, paused
}

func focusTimeline(from data: Data, now: Date = Date()) throws -> Timeline<FocusEntry> {
  // The app's snapshot, read from the app group: an entry at each phase's start, from it alone.
  let snapshot = try CountdownSnapshot<String>(decoding: data)
  let entries = snapshot.timeline(id: "pomodoro", from: now, limit: 24).map { entry in
    FocusEntry(
      date: entry.date, phase: entry.position?.phase.name ?? "Done", phaseEnd: entry.position?.phaseEndDate)
  }
  // Past the last entry (the limit, or a phase after which the plan waits) the app's next save
  // and reload bring the rest.
  return Timeline(entries: entries, policy: .never)
}
// END DOCC

// DOCC: phases-relaunch
@MainActor
final class FocusTimer {
  let session: FocusSession

  init(session: FocusSession) {
    self.session = session
  }

  /// At launch: the Pomodoro comes back where its plan is now, the ends that passed while the app
  /// was not running reported late (no bell for them), and it is saved from then on.
  func keepRunning(on manager: CountdownManager, in directory: URL) throws {
    let store = CountdownStore.file(directory.appendingPathComponent("focus.json"))
    try manager.keepSaved(String.self, in: store) { _, _, _ in
    } phases: { [weak self] _, update, _ in
      guard let self else { return }
      for end in update.phaseEnds where end.lateness < .seconds(60) {
        session.ring(for: end.phase)
      }
      session.show(update.position)
      if update.pausedAfterPhase { session.askToStartTheNextRound() }
    }
  }
}
// END DOCC

// DOCC: outside-notification
func scheduleArrivalNotification(for orderID: String, on manager: CountdownManager) {
  // A trigger must lie in the future: an order that already arrived gets none.
  guard let arrival = manager.endDate(id: orderID), arrival.timeIntervalSinceNow > 0 else { return }
  let content = UNMutableNotificationContent()
  content.title = "Your order has arrived"
  let trigger = UNTimeIntervalNotificationTrigger(timeInterval: arrival.timeIntervalSinceNow, repeats: false)
  UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: orderID, content: content, trigger: trigger))
}
// END DOCC

// DOCC: outside-paused
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct QuizClockView: View {
  let countdown: ObservableCountdown

  var body: some View {
    // Paused, the countdown has no end date: its range is laid out from its pause time, and
    // shown frozen there.
    Text(timerInterval: countdown.timerInterval, pauseTime: countdown.pauseTime, countsDown: true)
  }
}
// END DOCC

// DOCC: outside-keep-saved
@MainActor
final class Orders {
  var remaining: [String: Int] = [:]

  /// At launch: the orders' countdowns come back, and are saved whenever the app leaves the
  /// foreground, with no file handling here.
  func keepCounting(on manager: CountdownManager, in directory: URL) throws {
    let store = CountdownStore.file(directory.appendingPathComponent("orders.json"))
    try manager.keepSaved(String.self, in: store) { [weak self] id, left, _ in
      self?.remaining[id] = left
    }
  }
}
// END DOCC

// DOCC: relaunch
@MainActor
final class OrderTimers {
  let manager: CountdownManager
  let file: URL
  var remaining: [String: Int] = [:]

  init(manager: CountdownManager, file: URL) {
    self.manager = manager
    self.file = file
  }

  func start(order id: String, arrivingAt arrival: Date) throws {
    try manager.start(id: id, until: arrival) { [weak self] id, left, _ in self?.remaining[id] = left }
  }

  /// When the app leaves the foreground: what every order counts, written down.
  func save() throws {
    try JSONEncoder().encode(manager.snapshot(of: String.self)).write(to: file, options: .atomic)
  }

  /// At launch: every running order counts on, with its right value at once, even after a reboot;
  /// a paused one gets no call until it resumes, and its time left is read at once.
  func restore() throws {
    let snapshot = try CountdownSnapshot<String>(decoding: Data(contentsOf: file))
    // Handlers are not archived: each id gets its handler again.
    let restoration = try manager.restore(snapshot) { [weak self] id, left, _ in
      self?.remaining[id] = left
    }
    for (id, _) in restoration.ended {
      remaining[id] = 0  // arrived while the app was not running
    }
    for entry in snapshot.entries where entry.isPaused {
      if let left = manager.timeLeft(id: entry.id) { remaining[entry.id] = Int((left / .seconds(1)).rounded(.up)) }
    }
  }
}
// END DOCC

/// What the milestone samples drive: an exam's warnings, and a label that changes every second.
@MainActor final class Exam {
  var reachedValues: [Int] = []
  func reached(_ secondsLeft: Int) { reachedValues.append(secondsLeft) }
}

@MainActor final class ExamLabel {
  var text = ""
}

/// The Milestones article's first sample.
@MainActor
func startExam(on manager: CountdownManager, exam: Exam) throws {
  // DOCC: milestones-exam
  // Warn at 10 minutes, turn red at 60 s, buzz at 10 s: 4 wakeups in 2 hours, not 7 200.
  try manager.start(
    id: "exam", for: .seconds(7_200),
    delivering: manager.milestones([.seconds(600), .seconds(60), .seconds(10)])
  ) { _, left, _ in
    exam.reached(left)  // 600, 60, 10, then 0
  }
  // END DOCC
}

/// The Milestones article's read-aloud sample, with a label that changes every second.
@MainActor
func startExamClock(on manager: CountdownManager, label: ExamLabel) throws {
  // DOCC: read-aloud-label
  // The label changes every second; VoiceOver users hear the milestones instead.
  let readAloud = try manager.readAloud(at: [.seconds(600), .seconds(60), .seconds(10)])
  try manager.start(id: "exam", for: .seconds(7_200)) { _, left, _ in
    label.text = RemainingTime(seconds: left).formatted(.clock)
    readAloud.read(left)  // announces "10 minutes left", "1 minute left", "10 seconds left"
  }
  // END DOCC
}

/// The Milestones article's read-aloud sample of an async sequence: each value read in the task
/// that takes it.
@MainActor
func readExamValuesAloud(on manager: CountdownManager) async throws {
  // DOCC: read-aloud-stream
  let readAloud = try manager.readAloud(at: [.seconds(60), .seconds(10)])
  for await left in try manager.values(for: .seconds(7_200), delivering: readAloud.deliveries) {
    readAloud.read(left)
  }
  // END DOCC
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
// DOCC: read-aloud-model
struct ExamClock: View {
  let exam: ObservableCountdown
  let readAloud: CountdownReadAloud

  var body: some View {
    Text(exam.remainingTime, format: .countdown)
      .onChange(of: exam.remaining) { readAloud.read(exam) }
  }
}
// END DOCC

/// The Milestones article's read-aloud sample without a label: the app wakes for the milestones alone.
@MainActor
func startSilentExam(on manager: CountdownManager) throws {
  // DOCC: read-aloud-only
  let readAloud = try manager.readAloud(at: [.seconds(60), .seconds(10)])
  try manager.start(id: "exam", for: .seconds(7_200), delivering: readAloud.deliveries) { _, left, _ in
    readAloud.read(left)
  }
  // END DOCC
}

/// The Milestones article's announcer for tests, which keeps the texts; returns the read-aloud and
/// what it announced.
@MainActor
func readAloudKeepingTheTexts(on manager: CountdownManager) throws -> (CountdownReadAloud, () -> [String]) {
  // DOCC: test-announcer
  @MainActor final class Announcements: CountdownAnnouncer {
    private(set) var texts: [String] = []
    func announce(_ text: String) { texts.append(text) }
  }

  let announcements = Announcements()
  let readAloud = try manager.readAloud(at: [.seconds(60)], announcer: announcements)
  // END DOCC
  return (readAloud, { announcements.texts })
}

/// The Countdowns in phases article's Pomodoro, started on `manager`.
@MainActor func startPomodoro(on manager: CountdownManager, session: FocusSession) throws {
  // DOCC: phases-pomodoro
  let pomodoro = try CountdownPlan(blocks: [
    CountdownPlan.Block(
      [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
      repeated: .forever,
      longBreak: CountdownPhase("Long break", .seconds(15 * 60), purpose: .recovery, pausesAfter: true),
      every: 4)
  ])
  try manager.start(id: "pomodoro", plan: pomodoro) { _, update, _ in
    // An end that came more than a minute late (the Mac slept through it) rings no bell.
    for end in update.phaseEnds where end.lateness < .seconds(60) {
      session.ring(for: end.phase)
    }
    session.show(update.position)
    if update.pausedAfterPhase { session.askToStartTheNextRound() }
  }
  // END DOCC
}

/// The Countdowns in phases article's HIIT set, started on `manager`.
@MainActor func startHIIT(on manager: CountdownManager, workout: WorkoutScreen) throws {
  // DOCC: phases-hiit
  let tabata = try CountdownPlan(
    warmUp: [CountdownPhase("Warm-up", .seconds(5 * 60), purpose: .recovery)],
    blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Work", .seconds(20)), CountdownPhase("Rest", .seconds(10), purpose: .recovery)],
        repeated: .times(8))
    ],
    coolDown: [CountdownPhase("Cool-down", .seconds(3 * 60), purpose: .recovery)])
  try manager.start(id: "hiit", plan: tabata) { _, update, _ in
    if let position = update.position {
      workout.show(position.phase.name, round: position.cycle + 1, secondsLeft: update.remaining)
    } else {
      workout.finish()
    }
  }
  // END DOCC
}

/// The Countdowns in phases article's HIIT set that waits for the app, `tabata` started on `manager`
/// frozen while it is suspended.
@MainActor func startFrozenHIIT(on manager: CountdownManager, tabata: CountdownPlan, workout: WorkoutScreen) throws {
  // DOCC: phases-frozen
  try manager.start(id: "hiit", plan: tabata, whileSuspended: .pauses) { _, update, _ in
    if let position = update.position {
      workout.show(position.phase.name, round: position.cycle + 1, secondsLeft: update.remaining)
    } else {
      workout.finish()
    }
  }
  // END DOCC
}

/// The Countdowns in phases article's endless loop, started on `manager`; returns its plan.
@MainActor func startEndlessLoop(on manager: CountdownManager, coach: RunCoach) throws -> CountdownPlan {
  // DOCC: phases-endless
  let intervals = try CountdownPlan(blocks: [
    CountdownPlan.Block(
      [CountdownPhase("Run", .seconds(90)), CountdownPhase("Walk", .seconds(60), purpose: .recovery)],
      repeated: .forever)
  ])
  try manager.start(id: "intervals", plan: intervals, delivering: .onlyTheEnd) { _, update, _ in
    if let next = update.position?.phase { coach.announce(next.name) }
  }
  // END DOCC
  return intervals
}

/// The Countdowns in phases article's absence sample: `intervals` started again, logging what an
/// absence passed.
@MainActor func startLoggingAbsences(on manager: CountdownManager, intervals: CountdownPlan, coach: RunCoach) throws {
  // DOCC: phases-absence
  try manager.start(id: "intervals", plan: intervals) { _, update, _ in
    if let earlier = update.earlierPhaseEnds {
      coach.log("\(earlier.count) phases passed while away")
    }
    for end in update.phaseEnds { coach.log("\(end.phase.name) ended \(end.lateness) ago") }
  }
  // END DOCC
}

/// The Countdowns in phases article's receiver sample: `intervals` shown by `label`, and its
/// "Skip" button's action.
@MainActor func startIntervalsOnALabel(on manager: CountdownManager, label: CountdownLabel, intervals: CountdownPlan)
  throws
{
  // DOCC: phases-receiver
  try manager.start(label, plan: intervals) { label, update, _ in
    label.text = "\(update.position?.phase.name ?? "Done") \(update.remaining)"
  }
  // The "Skip" button's action:
  manager.skipPhase(label)
  // END DOCC
}

/// The Countdowns in phases article's model sample: `tabata` as an observable model.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor func tabataModel(on manager: CountdownManager, tabata: CountdownPlan) throws -> ObservablePhaseCountdown {
  // DOCC: phases-model
  let workout = try manager.countdown(plan: tabata)
  // In the view's body, each read observed on its own:
  //   Text(workout.phase?.name ?? "Done")            redrawn at each phase end
  //   Text(timerInterval: workout.timerInterval,     redrawn when the phase moves,
  //        pauseTime: workout.pauseTime)             the system counting the seconds
  // In its buttons: workout.skipPhase(), workout.pause(), workout.resume()
  // END DOCC
  return workout
}

/// The Countdowns in phases article's saving of the model: `workout` saved, and restored on
/// `manager`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor func savedWorkoutModel(
  _ workout: ObservablePhaseCountdown, on manager: CountdownManager
) throws -> ObservablePhaseCountdown? {
  // DOCC: phases-model-saved
  // Leaving the foreground:
  let data = try JSONEncoder().encode(workout.snapshot(id: "workout"))
  // At launch (nil if nothing was saved under the id):
  let restored = try manager.phaseCountdown(restoring: CountdownSnapshot<String>(decoding: data), id: "workout")
  // END DOCC
  return restored
}

/// The Countdowns in phases article's async sample: `intervals` as a sequence of updates.
@MainActor func coachIntervals(on manager: CountdownManager, intervals: CountdownPlan, coach: RunCoach) async throws {
  // DOCC: phases-async
  for await update in try manager.phaseUpdates(plan: intervals, delivering: .onlyTheEnd) {
    for end in update.phaseEnds { coach.log("\(end.phase.name) done, \(end.lateness) late") }
    if let next = update.position?.phase { coach.announce(next.name) }
  }
  // END DOCC
}

// DOCC: lock-screen-phase-activity
@available(iOS 16.2, *)
struct PomodoroAttributes: ActivityAttributes {
  struct ContentState: Codable, Hashable {
    var window: CountdownPhaseWindow  // the current phase and the next, each with its dates
  }
}

@available(iOS 16.2, *)
@MainActor
func startPomodoroActivity(on manager: CountdownManager) throws -> Activity<PomodoroAttributes>? {
  guard let window = manager.phaseWindow(id: "pomodoro") else { return nil }
  return try Activity.request(
    attributes: PomodoroAttributes(), content: ActivityContent(state: .init(window: window), staleDate: window.staleDate))
}

@available(iOS 16.2, macOS 13, *)
struct PomodoroActivityView: View {
  let state: PomodoroAttributes.ContentState

  var body: some View {
    // Drawn again when the content goes stale, at the current phase's end: from then on the next
    // phase, counted down by the system to its end.
    Text(timerInterval: state.window.phase(at: Date()).timerInterval, pauseTime: state.window.pauseTime, countsDown: true)
  }
}
// END DOCC
