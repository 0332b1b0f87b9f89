import CountdownKit
import Foundation

extension AlarmsState {
  /// Every input of the machine.
  enum Event: Sendable {
    /// A turn of the drain: what the countdowns want, whether the device's clock changed, and the
    /// alarms of these alarms' the center held at the start, when it said so this turn.
    case turn(Reading, clockChanged: Bool, sweep: [CountdownAlarmSnapshot]?)
    /// A call on the center failed with `error` (the alarm's, for the app), or was not made for
    /// it (a schedule while alarms are not allowed).
    case callFailed(Operation, CountdownAlertError)
    /// A call was not made: one on an alarm whose schedule was not made before it in the turn.
    case callWithheld(Operation)
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
    /// Forget the person's stop recorded for the alarm (it is scheduled again).
    case forgetStop(UUID)
    /// Make no call for the operation, at its place among the calls: it failed with the error (say
    /// so: ``Event/callFailed(_:_:)``), or, `nil`, a call before it on its alarm was not made
    /// (``Event/callWithheld(_:)``).
    case withhold(Operation, CountdownAlertError?)
    /// Read the app's alarms again: the last reading failed.
    case listAlarms
    /// Have the countdown do what the person did to its alarm (a pause, a resume, a cancel).
    case follow(PersonAction)
    /// Read these countdowns again (none: only those the machine reads again with any work;
    /// ``AlarmsState/owedCancelsTurn`` is none, but asks for a turn, which makes the cancels owed).
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

  /// A countdown in phases has an alarm per phase end: the turn that reads it at each phase end
  /// the app sees schedules the next one, under its own identifier, and leaves the one that rang.
  static var hearsPhaseEnds: Bool { true }

  mutating func handle(_ event: Event) -> [Call] {
    switch event {
    case .turn(let reading, let clockChanged, let sweep):
      return handleTurn(reading, clockChanged: clockChanged, sweep: sweep)
    case .callWithheld(let operation):
      callFailed(operation)
      return []
    case .callFailed(let operation, let error):
      // Scheduled, without what AlarmKit could not take: the app hears of it, nothing is retried.
      if error == .invalidAlarmOptions { return [.report(error)] }
      return failed(operation, error)
    case .alarmsChanged(let alarms, let now):
      let actions = observed(alarms, now: now)
      // The cancels owed of alarms still held are made again, by a turn (the center hears the
      // turns' calls in order); one the update shows gone is owed no more.
      let owed = !owedCancels.isEmpty && owedCancelsStillHeld(alarms)
      guard !actions.isEmpty || owed else { return [] }
      return actions.map(Call.follow) + [.readAgain(actions.map(\.key) + (owed ? [Self.owedCancelsTurn] : []))]
    case .listingFailed(let error):
      // Nothing is known of what a previous process left: each countdown is cancelled before it
      // is scheduled, and the alarms are read again at the next turn (or `retry()`).
      readFailed = true
      return [.report(error)]
    case .retried:
      defer { readFailed = false }
      // The cancels owed are made again by the turn this asks for.
      return (readFailed ? [.listAlarms] : []) + [.readAgain(owedCancels.isEmpty ? [] : [Self.owedCancelsTurn])]
    }
  }

  /// The turn's calls: the operations that bring the center to the desired states, but while
  /// the person was not asked, or denied alarms (the reading's authorization), no schedule (each
  /// fails with ``CountdownAlertError/notAuthorized``, and the calls after it on the same alarm are
  /// not made); the app's alarms read again first if the last reading failed.
  mutating func handleTurn(_ reading: Reading, clockChanged: Bool, sweep: [CountdownAlarmSnapshot]?) -> [Call] {
    var calls: [Call] = []
    if readFailed {
      readFailed = false
      calls.append(.listAlarms)
    }
    apply(reading, clockChanged: clockChanged, sweep: sweep, into: &calls)
    return calls
  }

  /// A call failed. A cancel of an alarm no countdown holds now (its countdown went, or moved off
  /// it; a previous process's) may have left it counting down, and ringing: it is owed
  /// (``AlarmsState/owedCancels``), made again at every later event until it goes through or an
  /// update shows the alarm gone; the app hears of the app's own cancel's refusal once, when it
  /// comes, not of the cancels made again. A cancel made in case there was an alarm, before a
  /// schedule under the same identifier, is expected to fail (the schedule's failure tells if the
  /// alarm was there). Otherwise what the system holds for the countdown is not known (it is
  /// reconciled again at the next change, cancelled first), and the app hears why: once for an
  /// alarm waiting for the person to allow alarms, however many times it is read again meanwhile.
  ///
  /// But for a call whose own update was taken as heard before it failed (``heardUpdate(of:)``):
  /// that was the person's change, made just before it, and what the system holds is known. A
  /// pause or a resume the person made first leaves the alarm as the call would have (held as
  /// the turn left it); a stop the person made first, where the app's cancel found no alarm, has
  /// the countdown follow it (cancelled), as a stop heard after the failure does, unless the
  /// cancel, or a call after it still waited for, was made for a new start of the countdown
  /// (``Operation/forNewStart``): the stop was of the alarm of the countdown that start replaced,
  /// and the new countdown's alarm is the schedule's that follows. A call that
  /// fails after the update of the person's stop, the last one waited for on that alarm, leaves
  /// it known gone (``isLeftGone(by:)``): nothing is held for it, so no cancel is made or owed.
  private mutating func failed(_ operation: Operation, _ error: CountdownAlertError) -> [Call] {
    let heard = heardUpdate(of: operation)
    let shownGone = isShownGone(before: operation)
    let leftGone = isLeftGone(by: operation)
    let forNewStart = operation.forNewStart || echoes[operation.id]?.waitsForNewStart == true
    callFailed(operation)
    if let before = heard, let key = operation.key {
      var calls: [Call] = []
      if case .cancel = operation.kind, before == .present(.countdown) || before == .present(.paused), !forNewStart {
        calls = [.follow(PersonAction(key: key, kind: .cancel)), .readAgain([key])]
      }
      if case .cancel(reported: false) = operation.kind { return calls }
      return calls + [.report(error)]
    }
    if case .cancel(let reported) = operation.kind, !reported || keysByID[operation.id] == nil {
      // No countdown holds the alarm (or the cancel was made in case it was there, before a
      // schedule): owed, unless an update showed it gone (the one taken for the cancel's own, or
      // the last one heard, with no schedule between).
      if heard == nil, !shownGone, keysByID[operation.id] == nil { owedCancels.insert(operation.id) }
      return reported ? [.report(error)] : []
    }
    guard let key = operation.key else { return [.report(error)] }
    if let entry = held[key], entry.id != operation.id {
      // A call on an alarm its countdown in phases moved off since: it may still be held, and ring.
      leftRinging.insert(operation.id)
      return [.report(error)]
    }
    failed(key, id: operation.id, gone: leftGone)
    if error == .notAuthorized, !waitingReported.insert(key).inserted { return [] }
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

extension AlarmsState {
  /// Whether the last update heard showed the alarm of `operation` gone, and no call made before
  /// it (not heard of yet) may have brought it back: a schedule, or what shows as one. A refused
  /// cancel of it found no alarm. An absence only assumed from an earlier cancel's failure is not
  /// shown: the center may have refused that cancel with the alarm still there.
  func isShownGone(before operation: Operation) -> Bool {
    guard case .cancel = operation.kind, let echoes = echoes[operation.id], echoes.before == .absent,
      !echoes.absenceAssumed
    else { return false }
    return !echoes.pending.contains { $0.sequence < operation.sequence && $0.shows == .present(.countdown) }
  }

  /// Whether `operation`, which failed, was the last call waited for on an alarm an update showed
  /// gone while it was waited for (the person stopped it before the call), and none since showed
  /// it back: no call of this process's can bring it back, so it is known gone. Not for a
  /// schedule's failure.
  func isLeftGone(by operation: Operation) -> Bool {
    guard !operation.isSchedule, let echoes = echoes[operation.id], echoes.stoppedByThePerson,
      echoes.before == .absent
    else { return false }
    return echoes.pending.allSatisfy { $0.sequence == operation.sequence }
  }

  /// Whether any of the ``owedCancels`` is among `alarms` (an update of the system's alarms, its
  /// echoes already taken by `observed(_:now:)`); those that are not are gone, and owed no more.
  /// But an alarm a call still waited for brings back (a schedule, or what shows as one) is not
  /// shown gone: the update was made before that call took effect (the system sends an update
  /// per change, in order), as one the person caused before the schedule and heard after the
  /// cancel's refusal is.
  mutating func owedCancelsStillHeld(_ alarms: [CountdownAlarmSnapshot]) -> Bool {
    let held = Set(alarms.lazy.map(\.id))
    owedCancels = owedCancels.filter { id in
      held.contains(id) || echoes[id]?.pending.contains { $0.shows != .absent } == true
    }
    return !owedCancels.isEmpty
  }
}
