import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// One "process" of an app with alarms (``AppHarness``) and its alarms, on an alarm center that
/// outlives it (the system's), so that a test can relaunch.
final class AlarmsHarness: AppHarness {
  let center: FakeAlarmCenter
  private(set) var alarms: CountdownAlarms<String>?
  /// An alarm of the app's own, scheduled outside the package: never touched.
  let foreign = UUID()
  /// Where the app's stop intent records the person's stops, if the app keeps them.
  var stops: CountdownAlarmStops?
  /// What the app adds to each alarm, if anything.
  var options: (@Sendable (String, UUID) -> CountdownAlarmOptions)?
  /// Where the app's changes made before the person's change is heard come from
  /// (``mirrorStep(_:of:)``'s late steps).
  private var appChanges = SplitMix64(seed: 0)
  /// The alarms of these alarms' seen ringing at the last look (``mismatch()``), and those the
  /// person stopped since: a ring goes only by the person's stop, or when a start makes its
  /// identifier's alarm anew.
  private var ringing: Set<UUID> = []
  private var stoppedByThePerson: Set<UUID> = []

  init() throws {
    let wall = DeviceClock()
    center = FakeAlarmCenter(now: { wall.now })
    try super.init(wall: wall)
    alarms = try makeAlarms()
    center.hold(id: foreign, fireDate: wall.now + 10_000_000)  // far off: it never rings in a test
  }

  func makeAlarms() throws(CountdownAlertError) -> CountdownAlarms<String> {
    try CountdownAlarms(
      String.self, manager: manager, center: center, namespace: "timers", clockChanges: clockChanges, stops: stops,
      options: options, onFailure: recordFailure)
  }

  var alarmsOrFail: CountdownAlarms<String> { alarms! }

  /// The identifier of the alarm `id`'s countdown has now: its current phase's, for a countdown in
  /// phases.
  func currentAlarmID(of id: String) -> UUID {
    let alarms = alarmsOrFail
    return manager.phasePosition(id: id).map { alarms.alarmID(for: id, ordinal: $0.ordinal) } ?? alarms.alarmID(for: id)
  }

  /// The user changes the device's clock: an alarm's timer keeps its time left.
  override func jumpWallClock(by seconds: TimeInterval) {
    center.deviceClockChanged(by: seconds)
    super.jumpWallClock(by: seconds)
  }

  /// The app is killed and launched again: the countdowns (and the countdowns in phases) come back
  /// from a snapshot taken now, on a new manager; the alarms are made before the restore (`alarmsFirst`) or after it;
  /// `whileNotRunning` is what happens between the two processes (the person acts on an alarm).
  func relaunch(alarmsFirst: Bool = true, whileNotRunning: () throws -> Void = {}) throws {
    let data = try snapshot()
    alarms = nil  // the process ends: nothing is cancelled
    try whileNotRunning()
    try startNewProcess()
    if alarmsFirst { alarms = try makeAlarms() }
    try manager.restore(CountdownSnapshot<String>(decoding: data)) { _, _, _ in
    } phases: { _, _, _ in
    }
    if !alarmsFirst { alarms = try makeAlarms() }
  }

  /// What differs between the center and the countdowns of `ids`, or `nil`: each running one has
  /// its alarm (a countdown in phases, its current phase's) counting down to its end date, each
  /// paused one its alarm paused with its time left; no other alarm of these alarms' but ringing
  /// ones (ended countdowns', ended phases'); the app's own alarm as it was.
  func mismatch(_ ids: [String]) -> String? {
    let now = wall.now
    var held = Dictionary(uniqueKeysWithValues: center.alarms.map { ($0.id, $0) })
    guard held.removeValue(forKey: foreign)?.state == .countdown else { return "the app's own alarm was touched" }
    for id in ids {
      let alarm = held.removeValue(forKey: currentAlarmID(of: id))
      if let end = manager.endDate(id: id), end > now {
        guard let alarm, alarm.state == .countdown, let fire = alarm.fireDate, abs(fire.timeIntervalSince(end)) < 1e-6
        else { return "\(id) runs to +\(end.timeIntervalSince(now)): its alarm is \(String(describing: alarm))" }
      } else if let dates = manager.timerDates(id: id), let paused = dates.pauseTime,
        dates.timerInterval.upperBound > paused
      {
        let left = dates.timerInterval.upperBound.timeIntervalSince(paused)
        guard let alarm, alarm.state == .paused, let remaining = alarm.remaining, abs(remaining - left) < 1e-6 else {
          return "\(id) is paused with \(left) s left: its alarm is \(String(describing: alarm))"
        }
      } else if let alarm, alarm.state != .alerting {
        return "\(id) has no countdown ahead, but an alarm \(alarm)"
      }
    }
    if let stray = held.values.first(where: { $0.state != .alerting }) { return "a stray alarm: \(stray)" }
    return nil
  }

  func assertHeld(_ ids: [String], _ what: String = "", file: StaticString = #filePath, line: UInt = #line) {
    if let mismatch = mismatch(ids) { XCTFail("\(what): \(mismatch)", file: file, line: line) }
  }

  /// Fails if any call named an alarm that is not these alarms'.
  /// `context` (such as a seed to replay) follows the message.
  func assertNoForeignCall(
    _ context: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
  ) {
    let alarms = alarmsOrFail
    let foreign = center.calls.compactMap(\.id).filter { !alarms.isOwnAlarm($0) }
    let context = context()
    let message = context.isEmpty ? "a call touched another's alarm" : "a call touched another's alarm; \(context)"
    XCTAssertEqual(foreign, [], message, file: file, line: line)
  }
}

extension AlarmsHarness: MirrorHarness {
  static let ids = (0..<6).map { "t\($0)" }

  static let steps: [(below: Int, step: MirrorStep)] = [
    (14, .change(.start)), (22, .change(.startPlan)), (26, .change(.skipPhase)), (34, .change(.pause)),
    (44, .change(.resume)), (54, .change(.addTime)), (60, .change(.cancel)), (62, .change(.cancelAll)),
    (68, .change(.suspendOrResume)), (72, .relaunch), (74, .clockJump), (77, .mirror(0)), (80, .mirror(1)),
    (84, .mirror(2)), (85, .mirror(3)), (87, .mirror(4)), (89, .mirror(5)), (91, .mirror(6)), (94, .mirror(7)),
    (96, .mirror(8)), (98, .mirror(9)),
  ]

  static func make(using random: inout SplitMix64) throws -> Self {
    let h = try Self()
    h.appChanges = SplitMix64(seed: random.next())
    return h
  }

  /// Relaunched with the alarms made before the restore or after it.
  func relaunch(using random: inout SplitMix64) throws -> String {
    let alarmsFirst = Bool.random(using: &random)
    try relaunch(alarmsFirst: alarmsFirst)
    return "relaunch (alarms first: \(alarmsFirst))"
  }

  /// What the person does in the system's alarm UI: pauses (0), resumes (1) or stops (2) the alarm
  /// of `id`, whose countdown follows; or pauses and resumes the app's own alarm (3); or pauses
  /// (4), resumes (5) or stops (6) the alarm of `id` while the app changes its countdown
  /// (``lateStep(_:of:)``); or AlarmKit fails the cancels of the app's change (7,
  /// ``failedCancelsStep(of:)``), or refuses cancels for a while (8, ``lastingRefusalsStep(of:)``),
  /// its updates coming late meanwhile (9, ``lateUpdatesWhileRefusingStep(of:)``).
  func mirrorStep(_ number: Int, of id: String) throws -> (action: String, broken: String?) {
    if number == 9 { return try lateUpdatesWhileRefusingStep(of: id) }
    if number == 8 { return try lastingRefusalsStep(of: id) }
    if number == 7 { return try failedCancelsStep(of: id) }
    if number >= 4 { return try lateStep(number, of: id) }
    let alarmID = currentAlarmID(of: id)
    // AlarmKit's update of the person's change reaches the app later (`heard`), before the step is
    // checked.
    let heard = { (acted: Bool) in
      self.center.deliverUpdates()
      return acted
    }
    switch number {
    case 0:
      let paused = heard(center.personPauses(id: alarmID)) && manager.timerDates(id: id)?.isFrozen != true
      return ("the person pauses \(id)'s alarm", paused ? "\(id) was not paused with its alarm" : nil)
    case 1:
      // A countdown frozen by a suspension stays frozen, and its alarm is paused again.
      let resumed =
        heard(center.personResumes(id: alarmID)) && !manager.isSuspended
        && manager.timerDates(id: id)?.isFrozen != false
      return ("the person resumes \(id)'s alarm", resumed ? "\(id) was not resumed with its alarm" : nil)
    case 2:
      let wasCounting = center.alarms.first { $0.id == alarmID }.map { $0.state != .alerting } ?? false
      stoppedByThePerson.insert(alarmID)
      let action = "the person stops \(id)'s alarm (\(wasCounting ? "counting or paused" : "ringing, or none"))"
      let stopped = heard(center.personStops(id: alarmID)) && wasCounting && manager.contains(id: id)
      return (action, stopped ? "\(id) was not cancelled with its alarm" : nil)
    default:
      center.personPauses(id: foreign)
      center.personResumes(id: foreign)
      center.deliverUpdates()
      return ("the person pauses and resumes the app's own alarm", nil)
    }
  }

  /// The person pauses (4), resumes (5) or stops (6) the alarm of `id`, and AlarmKit's update of it
  /// comes late: after the app's next change of the countdown (a pause, a resume, time added or
  /// taken, a start, a cancel), whose calls are made before the app heard of the person's. Once
  /// heard, the person's change wins, as a change the app then hears of: a stop of an alarm
  /// counting down or paused cancels the countdown, a pause leaves it paused, a resume running
  /// (but while ticking is suspended, or where the app's change left no time to count); a pause
  /// or a resume of a phase's alarm whose phase the app's time taken ended is of a phase that is
  /// over. But after a start under the id, the person's change was of the alarm of the countdown
  /// that start replaced: the new countdown is neither cancelled nor paused by it. A call of the app's the center refused, the
  /// alarm having changed under it, is the app's to hear of (a failure it is told, not a mismatch).
  private func lateStep(_ number: Int, of id: String) throws -> (action: String, broken: String?) {
    let alarmID = currentAlarmID(of: id)
    let failuresBefore = failures.withLock { $0.count }
    // A ring stopped is the person's to stop: its countdown is not cancelled for it.
    let wasCounting = center.alarms.first { $0.id == alarmID }.map { $0.state != .alerting } ?? false
    let (verb, acted) =
      switch number {
      case 4: ("pauses", center.personPauses(id: alarmID))
      case 5: ("resumes", center.personResumes(id: alarmID))
      default: ("stops", center.personStops(id: alarmID))
      }
    if number == 6 { stoppedByThePerson.insert(alarmID) }
    // A start's cancel of a ring its identifier had, which the countdown heard stopped may then
    // cancel (the stop heard after the start is taken for the old alarm's).
    let rings = [alarmsOrFail.alarmID(for: id), alarmsOrFail.alarmID(for: id, ordinal: 0)]
    let changes: [ManagerChanges.Change] = [.pause, .resume, .addTime, .start, .cancel]
    let change = changes.randomElement(using: &appChanges)!
    let ordinal = manager.phasePosition(id: id)?.ordinal
    let made = try ManagerChanges.make(change, of: id, on: manager, using: &appChanges)
    // Time taken past the end of the phase whose alarm the person paused or resumed: that phase is
    // over, and the person's change with it (the plan goes on in its next phase, running or
    // waiting, paused, as it was; a single countdown would be gone).
    let phaseEnded = change == .addTime && ordinal != nil && manager.phasePosition(id: id)?.ordinal != ordinal
    if change == .start { stoppedByThePerson.formUnion(rings) }
    let action = "the person \(verb) \(id)'s alarm (\(acted ? "done" : "nothing to do")), heard after the app's \(made)"
    center.deliverUpdates()
    drainMain()
    failures.withLock { failures in
      let others = failures[failuresBefore...].filter { $0 != .requestFailed }
      failures.removeSubrange(failuresBefore...)
      failures += others
    }
    guard acted, change != .cancel else { return (action, nil) }
    let dates = manager.timerDates(id: id)
    // Time left to count, for which an alarm would be there.
    let counts = dates.map { $0.timerInterval.upperBound > ($0.pauseTime ?? wall.now) } ?? false
    switch number {
    case 4 where change == .start && dates?.isFrozen == true && !manager.isSuspended:
      return (action, "\(id) is paused: the person's pause of the alarm the start replaced paused it")
    case 6 where change == .start && !manager.contains(id: id):
      return (action, "\(id) is gone: the person's stop of the alarm the start replaced cancelled it")
    case 4 where change != .start && dates?.isFrozen == false && !phaseEnded:
      return (action, "\(id) runs on: the person's pause was lost")
    case 5 where change != .start && dates?.isFrozen == true && counts && !manager.isSuspended && !phaseEnded:
      return (action, "\(id) is paused: the person's resume was lost")
    case 6 where change != .start && counts && wasCounting:
      return (action, "\(id) counts on: the person's stop was lost")
    default: return (action, nil)
    }
  }

  /// AlarmKit fails the first cancel of the app's next change of `id` (a skip, a start, a plan
  /// started, time added or taken, a cancel), the alarm staying as it was; the app hears of it and calls
  /// `retry()`, after which the center holds what the countdowns want: no alarm a countdown in
  /// phases moved off counts down to a phase end that will not come, none of a single countdown's
  /// to an end that moved or went.
  private func failedCancelsStep(of id: String) throws -> (action: String, broken: String?) {
    let failuresBefore = failures.withLock { $0.count }
    let changes: [ManagerChanges.Change] = [.skipPhase, .start, .startPlan, .addTime, .cancel]
    let change = changes.randomElement(using: &appChanges)!
    center.failCancels(with: URLError(.timedOut), times: 1)
    let made = try ManagerChanges.make(change, of: id, on: manager, using: &appChanges)
    drainMain()
    center.failCancels(with: nil)
    alarmsOrFail.retry()
    drainMain()
    // The failures the app heard of: the cancel's, and a schedule's made after it under the
    // identifier still held.
    failures.withLock { failures in
      let others = failures[failuresBefore...].filter { $0 != .requestFailed }
      failures.removeSubrange(failuresBefore...)
      failures += others
    }
    return ("AlarmKit fails the cancels of the app's \(made), then retry()", nil)
  }

  /// AlarmKit refuses the next 2 to 4 cancels, from the app's next change of `id` (a skip, a start, a
  /// plan started, time added or taken, a cancel) on; events follow while it may still refuse (an
  /// update of the system's alarms, made by the person's pause and resume of the app's own alarm;
  /// `retry()`), then the refusals stop. After one more update, no alarm of ours counts down that no
  /// countdown wants (an alarm owed a cancel is cancelled at each update); after `retry()`, the
  /// center holds what the countdowns want (a countdown's own alarm, its cancel refused, is
  /// made again at the next change or `retry()`). The app hears of its refused cancels, not of
  /// each one made again: at most one failure per refusal.
  private func lastingRefusalsStep(of id: String) throws -> (action: String, broken: String?) {
    let failuresBefore = failures.withLock { $0.count }
    let refusals = Int.random(in: 2...4, using: &appChanges)
    let changes: [ManagerChanges.Change] = [.skipPhase, .start, .startPlan, .addTime, .cancel]
    let change = changes.randomElement(using: &appChanges)!
    center.failCancels(with: URLError(.timedOut), times: refusals)
    let made = try ManagerChanges.make(change, of: id, on: manager, using: &appChanges)
    drainMain()
    var events: [String] = []
    for _ in 0..<refusals {
      if Bool.random(using: &appChanges) {
        updateFromThePerson()
        events.append("an update")
      } else {
        alarmsOrFail.retry()
        events.append("retry()")
      }
      drainMain()
    }
    center.failCancels(with: nil)
    updateFromThePerson()
    drainMain()
    let action =
      "AlarmKit refuses \(refusals) cancels from the app's \(made) on, then \(events.joined(separator: ", "))"
    let (stray, refusalsTold) = strayAlarmAndRefusalsTold(since: failuresBefore)
    if let stray { return (action, "after the refusals and an update, an alarm no countdown wants: \(stray)") }
    // The app's change makes at most one cancel a refusal is told of; the cancels made again are not.
    if refusalsTold > 1 { return (action, "\(refusalsTold) refused cancels told for one change") }
    return (action + ", the refusals stop, an update, retry()", nil)
  }

  /// AlarmKit refuses cancels (every one, or the next 2 to 6) from the app's change of `id` (time
  /// added or taken, a start, a plan started, a skip, a pause, a resume) on, and for a while its
  /// updates come late: after an update heard or not, the app makes 1 to 3 more changes of `id` (time
  /// added or taken, a start, a skip, a pause, a resume, a cancel) before it hears of its own calls,
  /// with updates of the person's (not heard either) and `retry()` between them. So a cancel may be
  /// refused again for an alarm whose earlier cancel was refused and whose pause or resume is not
  /// heard of yet, or refused for an alarm scheduled after updates of the person's still to be
  /// heard. Then the updates are heard, the refusals stop, and as after
  /// ``lastingRefusalsStep(of:)``: after one more update, no alarm of ours counts down that no
  /// countdown wants; after `retry()`, the center holds what the countdowns want; the app is told
  /// of at most one refused cancel per change.
  private func lateUpdatesWhileRefusingStep(of id: String) throws -> (action: String, broken: String?) {
    let failuresBefore = failures.withLock { $0.count }
    // A change that moves the countdown onto an identifier whose alarm rings (a start, a plan
    // started, a skip) cancels the ring to make that alarm anew; a later change of this step may
    // then cancel the new alarm, so the ring is gone with no alarm of that identifier left.
    let madeAnew = {
      let alarmID = self.currentAlarmID(of: id)
      if self.ringing.contains(alarmID) { self.stoppedByThePerson.insert(alarmID) }
    }
    let refusals = Bool.random(using: &appChanges) ? Int.max : Int.random(in: 2...6, using: &appChanges)
    var events = [refusals == .max ? "AlarmKit refuses every cancel" : "AlarmKit refuses \(refusals) cancels"]
    center.failCancels(with: URLError(.timedOut), times: refusals)
    let firstChanges: [ManagerChanges.Change] = [.addTime, .start, .startPlan, .skipPhase, .pause, .resume]
    let first = firstChanges.randomElement(using: &appChanges)!
    let firstMade = try ManagerChanges.make(first, of: id, on: manager, using: &appChanges)
    madeAnew()
    events.append("the app's \(firstMade)")
    drainMain()
    if Bool.random(using: &appChanges) {
      updateFromThePerson()
      drainMain()
      events.append("an update")
    }
    center.defersUpdates = true
    events.append("updates late from here")
    // Late, the app adds time, starts, skips, pauses, resumes or cancels: an alarm scheduled while
    // updates are late, its cancel then refused, is owed that cancel though the person's updates
    // made before the schedule, heard after the refusal, show it absent.
    let laterChanges: [ManagerChanges.Change] = [.addTime, .start, .skipPhase, .pause, .resume, .cancel]
    let changes = Int.random(in: 1...3, using: &appChanges)
    for _ in 0..<changes {
      switch Int.random(in: 0..<4, using: &appChanges) {
      case 0:
        // The person's pause and resume of the app's own alarm: published, not heard yet.
        center.personPauses(id: foreign)
        center.personResumes(id: foreign)
        events.append("an update (late)")
      case 1:
        alarmsOrFail.retry()
        events.append("retry()")
      default: break
      }
      let change = laterChanges.randomElement(using: &appChanges)!
      let made = try ManagerChanges.make(change, of: id, on: manager, using: &appChanges)
      madeAnew()
      events.append("the app's \(made)")
      drainMain()
    }
    center.defersUpdates = false
    center.deliverUpdates()
    drainMain()
    center.failCancels(with: nil)
    updateFromThePerson()
    drainMain()
    let action = events.joined(separator: ", ") + ", the late updates heard, the refusals stop, an update"
    let (stray, refusalsTold) = strayAlarmAndRefusalsTold(since: failuresBefore)
    if let stray { return (action, "after the refusals and an update, an alarm no countdown wants: \(stray)") }
    if refusalsTold > 1 + changes { return (action, "\(refusalsTold) refused cancels told for \(1 + changes) changes") }
    return (action + ", retry()", nil)
  }

  /// After the refusals stopped and an update: an alarm of the app's that no countdown wants and
  /// that does not ring (read before a last `retry()`, which this makes), and how many of the
  /// failures heard since `failuresBefore` were refused cancels. The request failures heard since
  /// then (the refused cancels, and schedules made under an identifier still held) are dropped from
  /// `failures`, the others kept.
  private func strayAlarmAndRefusalsTold(since failuresBefore: Int) -> (
    stray: FakeAlarmCenter.HeldAlarm?, refusalsTold: Int
  ) {
    let wanted = Set(Self.ids.filter { manager.contains(id: $0) }.map(currentAlarmID(of:)))
    let stray = center.alarms.first {
      alarmsOrFail.isOwnAlarm($0.id) && $0.state != .alerting && !wanted.contains($0.id)
    }
    alarmsOrFail.retry()
    drainMain()
    // The failures the app heard of: its refused cancels', and a schedule's made after one under the
    // identifier still held (at a change, and at each retry()).
    let refusalsTold = failures.withLock { failures in
      let others = failures[failuresBefore...].filter { $0 != .requestFailed }
      let refusalsTold = failures[failuresBefore...].filter { $0.underlying?.contains("NSURLErrorDomain") == true }
      failures.removeSubrange(failuresBefore...)
      failures += others
      return refusalsTold.count
    }
    return (stray, refusalsTold)
  }

  /// An update of the system's alarms that is not the package's: the person pauses the app's own
  /// alarm, then resumes it, each update heard.
  private func updateFromThePerson() {
    center.personPauses(id: foreign)
    center.deliverUpdates()
    center.personResumes(id: foreign)
    center.deliverUpdates()
  }

  /// ``mismatch(_:)`` of every id; no ring gone but by the person's stop or a start that made its
  /// identifier's alarm anew (a countdown in phases moving on never cancels the alarm that rings);
  /// and nothing kept for an alarm that has neither a countdown nor a place in the center.
  func mismatch() -> String? {
    if let mismatch = mismatch(Self.ids) { return mismatch }
    let own = center.alarms.filter { alarmsOrFail.isOwnAlarm($0.id) }
    let current = Set(Self.ids.filter { manager.contains(id: $0) }.map(currentAlarmID(of:)))
    let held = Set(own.filter { $0.state == .alerting || current.contains($0.id) }.map(\.id))
    let cancelled = ringing.subtracting(held).subtracting(stoppedByThePerson)
    ringing = Set(own.filter { $0.state == .alerting }.map(\.id))
    stoppedByThePerson = []
    if let ring = cancelled.first { return "the ringing alarm \(ring) was cancelled by the app" }
    let alarms = alarmsOrFail
    let bound =
      Self.ids.filter { manager.contains(id: $0) }.count + center.alarms.filter { alarms.isOwnAlarm($0.id) }.count
    return alarms.trackedAlarmCount > bound ? "\(alarms.trackedAlarmCount) alarms kept, over \(bound)" : nil
  }

  func assertFinally(_ context: String) {
    assertNoForeignCall(context)
    XCTAssertEqual(failures.withLock { $0 }, [], context)
  }
}

/// Runs `body` with a new alarms harness; then checks that no call touched another's alarm and
/// that nothing failed (unless `expectsFailures`).
func withAlarms(
  expectsFailures: Bool = false, file: StaticString = #filePath, line: UInt = #line,
  _ body: @MainActor (AlarmsHarness) throws -> Void
) throws {
  try MainActor.assumeIsolated {
    let harness = try AlarmsHarness()
    defer { harness.manager.cancelAll() }
    try body(harness)
    harness.assertNoForeignCall(file: file, line: line)
    if !expectsFailures { XCTAssertEqual(harness.failures.withLock { $0 }, [], file: file, line: line) }
  }
}
