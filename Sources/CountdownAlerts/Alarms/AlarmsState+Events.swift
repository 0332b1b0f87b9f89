import CountdownKit
import Foundation

extension AlarmsState {
  /// Every input of the machine.
  enum Event: Sendable {
    /// A turn of the drain: what the countdowns want, whether the device's clock changed, and the
    /// alarms of these alarms' the center held at the start, when it said so this turn.
    case turn(Reading, clockChanged: Bool, sweep: [CountdownAlarmSnapshot]?)
    /// Whether the person allowed alarms, read before the turn's first schedule.
    case authorizationRead(CountdownAlarmAuthorization)
    /// A call on the center failed with `error` (the alarm's, for the app).
    case callFailed(Operation, CountdownAlertError)
    /// An update of the system's alarms: every alarm of these alarms' namespace, as the system
    /// holds them, at `now` on the manager's clock.
    case alarmsChanged([CountdownAlarmSnapshot], now: Int64)
    /// Reading the app's alarms failed.
    case listingFailed(CountdownAlertError)
    /// The app asked to try again (``CountdownAlarms/retry()``), or the person allowed alarms.
    case retried
  }

  /// One call the machine asks for.
  enum Call: Equatable, Sendable {
    /// The operation, on the center.
    case center(Operation)
    /// Read whether the person allowed alarms, and say it (``Event/authorizationRead(_:)``).
    case readAuthorization
    /// Forget the person's stop recorded for the alarm (it is scheduled again).
    case forgetStop(UUID)
    /// Read the app's alarms again: the last reading failed.
    case listAlarms
    /// Have the countdown do what the person did to its alarm (a pause, a resume, a cancel).
    case follow(PersonAction)
    /// Read these countdowns again (none: only those the machine reads again with any work).
    case readAgain([IDKey])
    /// Tell the app.
    case report(CountdownAlertError)
  }

  static func turn(_ reading: Reading, clockChanged: Bool, sweep: [CountdownAlarmSnapshot]?) -> Event {
    .turn(reading, clockChanged: clockChanged, sweep: sweep)
  }

  static func sweepFailed(_ error: CountdownAlertError) -> Event? {
    .listingFailed(error)
  }

  mutating func handle(_ event: Event) -> [Call] {
    switch event {
    case .turn(let reading, let clockChanged, let sweep):
      return handleTurn(reading, clockChanged: clockChanged, sweep: sweep)
    case .authorizationRead(let authorization):
      defer { awaitingAuthorization = [] }
      return authorized(awaitingAuthorization, authorization)
    case .callFailed(let operation, let error):
      // Scheduled, without what AlarmKit could not take: the app hears of it, nothing is retried.
      if error == .invalidAlarmOptions { return [.report(error)] }
      return failed(operation, error)
    case .alarmsChanged(let alarms, let now):
      let actions = observed(alarms, now: now)
      guard !actions.isEmpty else { return [] }
      return actions.map(Call.follow) + [.readAgain(actions.map(\.key))]
    case .listingFailed(let error):
      // Nothing is known of what a previous process left: each countdown is cancelled before it
      // is scheduled, and the alarms are read again at the next turn (or `retry()`).
      readFailed = true
      return [.report(error)]
    case .retried:
      defer { readFailed = false }
      return (readFailed ? [.listAlarms] : []) + [.readAgain([])]
    }
  }

  mutating func handleTurn(_ reading: Reading, clockChanged: Bool, sweep: [CountdownAlarmSnapshot]?) -> [Call] {
    let operations = apply(reading, clockChanged: clockChanged, sweep: sweep)
    var calls: [Call] = []
    calls.reserveCapacity(operations.count + 2)
    if readFailed {
      readFailed = false
      calls.append(.listAlarms)
    }
    // The authorization is read before the turn's first schedule.
    for (index, operation) in operations.enumerated() {
      guard operation.isSchedule else {
        calls.append(.center(operation))
        continue
      }
      awaitingAuthorization = Array(operations[index...])
      calls.append(.readAuthorization)
      break
    }
    return calls
  }

  /// The calls of `operations` (a turn's, from its first schedule on) with the person's
  /// `authorization`: while they were not asked, or denied alarms, no schedule is made (each
  /// fails with ``CountdownAlertError/notAuthorized``, and the calls after it on the same alarm
  /// are not made).
  private mutating func authorized(_ operations: [Operation], _ authorization: CountdownAlarmAuthorization) -> [Call] {
    var calls: [Call] = []
    var skipped: Set<UUID> = []
    for operation in operations {
      if skipped.contains(operation.id) {
        callFailed(operation)
        continue
      }
      guard operation.isSchedule else {
        calls.append(.center(operation))
        continue
      }
      calls.append(.forgetStop(operation.id))
      guard authorization.allowsAlarms else {
        skipped.insert(operation.id)
        calls += failed(operation, CountdownAlertError.notAuthorized.alarm(operation.id.uuidString))
        continue
      }
      calls.append(.center(operation))
    }
    return calls
  }

  /// A call failed: a cancel made in case there was an alarm is expected to; otherwise what the
  /// system holds for the countdown is not known (it is reconciled again at the next change), and
  /// the app hears why.
  private mutating func failed(_ operation: Operation, _ error: CountdownAlertError) -> [Call] {
    callFailed(operation)
    if case .cancel(reported: false) = operation.kind { return [] }
    if let key = operation.key { failed(key, id: operation.id) }
    return [.report(error)]
  }
}

extension AlarmsState.Operation {
  /// Whether it schedules an alarm (counting down, or to pause at once).
  var isSchedule: Bool {
    switch kind {
    case .schedule, .schedulePaused: true
    case .pause, .resume, .cancel: false
    }
  }
}
