import CountdownKit
import Foundation

/// The state machine of ``CountdownAlarms`` (``AlarmsMirror``), behind its follower's lock: what
/// it believes the system holds for each followed countdown, and the echoes of its own calls it
/// has not heard yet. Its whole behaviour is ``handle(_:)`` (AlarmsState+Events.swift); none of
/// it calls user code (the ids' own `Hashable` aside). The transition table is `reconcile`
/// (AlarmsState+Reconcile.swift); what an update of the system's alarms means, `observed`
/// (AlarmsState+Person.swift).
struct AlarmsState: MirrorStateMachine {
  /// A turn's reading: what each countdown wants of the system, by its alarm's identifier, with
  /// whether it counts overtime, its length (the span of its dates, nanoseconds: a snooze counts
  /// it down again, unless the app chose one; `nil` where not known), whether the app asked to
  /// refresh it (``CountdownAlarms/refresh(_:)``: its alarm is made again, with the app's options
  /// asked again) and which start of its id it is (another after each start under the id; `nil`
  /// where not known); at `now` on the manager's clock.
  struct Reading {
    typealias Wanted = (
      key: IDKey, id: UUID, desired: Desired, countsOvertime: Bool, length: Int64?, refreshed: Bool, start: UInt64?
    )
    var desired: [Wanted]
    var now: Int64
    /// Whether the person allowed alarms, read with the countdowns when one of them may be
    /// scheduled (counting down or paused); `nil` when none may (no schedule is made then).
    var authorization: CountdownAlarmAuthorization? = nil
  }

  /// What the system holds for one countdown, as far as this process knows.
  enum Held: Equatable, Sendable {
    /// Counting down to `deadline`, nanoseconds on the manager's clock.
    case counting(deadline: Int64)
    /// Paused with `remaining` nanoseconds left.
    case paused(remaining: Int64)
    /// Its deadline came: it rings (or rang) until the person stops it; not cancelled, unless
    /// its countdown counted overtime and the app cancelled it. Forgotten when an update shows
    /// it gone.
    case fired
    /// Maybe an alarm, in a state not known: one a previous process left, one a call failed on,
    /// or one the person changed before calls still to take effect. Cancelled before anything is
    /// scheduled under its identifier.
    case unknown
  }

  /// What the system should hold for one countdown.
  enum Desired: Equatable, Sendable {
    /// Counting down to `deadline`.
    case counting(deadline: Int64)
    /// Paused, showing `remaining` nanoseconds left.
    case paused(remaining: Int64)
    /// Nothing to count, but the countdown is there: it counts overtime past its end
    /// (``CountdownCore/CountdownEnding/countsOvertime``), running or paused. Its alarm rang.
    case pastTheEnd
    /// Nothing: the countdown went, or its end passed.
    case none
  }

  /// One call on the center.
  struct Operation: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
      /// A timer counting down to `deadline` on the manager's clock: its duration is read when the
      /// call is made.
      case schedule(deadline: Int64)
      /// A timer of `remaining` nanoseconds, paused at once after (the next operation).
      case schedulePaused(remaining: Int64)
      case pause
      case resume
      /// `reported`: whether a failure reaches the app (a cancel made in case a previous process
      /// left an alarm is not: there may be none).
      case cancel(reported: Bool)

      /// What the alarm shows once the call took effect.
      var shows: Shown {
        switch self {
        case .schedule, .schedulePaused, .resume: .present(.countdown)
        case .pause: .present(.paused)
        case .cancel: .absent
        }
      }
    }
    /// The countdown it is for; `nil` for an orphan of a previous process.
    var key: IDKey?
    var id: UUID
    var kind: Kind
    /// Its number among the calls made, to forget its echo if it fails.
    var sequence = 0
    /// For a schedule, the countdown's length, nanoseconds: what a snooze counts down, unless the
    /// app chose a snooze (``CountdownAlarmOptions/postAlert``); `nil` otherwise, or where not known.
    var length: Int64? = nil
    /// Whether it was made for a start of the countdown after the one its alarm was made for (a
    /// start under the same id): a change of the person's made before it took effect was of the
    /// alarm of the countdown that start replaced, which the new countdown does not follow.
    var forNewStart = false
  }

  /// What an update of the system's alarms shows of one alarm.
  enum Shown: Equatable, Sendable {
    /// Not there: never scheduled, cancelled, or stopped.
    case absent
    case present(CountdownAlarmState)
  }

  /// What the person did to a countdown's alarm, for the countdown to do too.
  struct PersonAction: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
      case pause, resume, cancel
      /// Nothing for the countdown; its alarm is reconciled again (a person's pause heard after
      /// the countdown's end: the paused alarm has nothing left to count, and goes; a person's
      /// change before calls still to take effect: the alarm is made anew).
      case reconcile
    }
    var key: IDKey
    var kind: Kind
  }

  /// What is kept for one followed countdown's alarm.
  struct Entry: Sendable {
    var id: UUID
    var held: Held
    /// Whether the countdown counts overtime, as last read: once it goes past its end, its going
    /// means the app is done with it (its ring is stopped), where a countdown that stops ended
    /// at its `0` (its ring is the person's to stop).
    var countsOvertime: Bool
    /// Which start of its id the countdown is, as last read (``Reading``); `nil` where not known.
    var start: UInt64? = nil
  }

  /// The calls made on one alarm whose effect no update has shown yet.
  struct Echoes: Sendable {
    /// What the alarm showed before the first of them, which an update made before that call
    /// may still show; `nil` when not known (anything).
    var before: Shown?
    /// Whether `before` is ``Shown/absent`` only because a cancel failed (taken for "no alarm",
    /// which a refusal is too), not because an update showed it: the alarm may still be there,
    /// so a later refused cancel of it is owed (``isShownGone(before:)``).
    var absenceAssumed = false
    /// What each call makes the alarm show, in the order made, and whether it was made for a new
    /// start of the countdown (``Operation/forNewStart``).
    var pending: [(sequence: Int, shows: Shown, forNewStart: Bool)]

    /// Whether a call made for a new start of the countdown is still waited for: a change of the
    /// person's shown now was made before it took effect, on the alarm of the countdown that start
    /// replaced.
    var waitsForNewStart: Bool {
      pending.contains { $0.forNewStart }
    }
    /// Whether an update showed the alarm gone while they were waited for: the person stopped it
    /// (not a cancel's failure, taken for "no alarm", which a refusal is too). Only a schedule
    /// brings it back.
    var stoppedByThePerson = false
  }

  /// How far apart a paused alarm's time left and the countdown's may be for a resume (rather
  /// than a cancel and a schedule) to keep the end: the time between the countdown's change and
  /// the alarm's call, which a schedule has too. The same for the ends of an alarm and its
  /// countdown after the person resumed the alarm and the countdown followed.
  static let tolerance: Int64 = 10_000_000

  var held: [IDKey: Entry] = [:]
  var keysByID: [UUID: IDKey] = [:]
  /// The echoes waited for, by alarm identifier.
  var echoes: [UUID: Echoes] = [:]
  private var sequence = 0
  /// Whether the center said what it held at the start; until then, a countdown this process
  /// has not touched may have an alarm of a previous process.
  private var swept = false
  /// Alarms of this namespace that no countdown's alarm is any more, left ringing for the person
  /// to stop: those the center held at the start, ringing, not yet reconciled, and those of a
  /// countdown in phases that rang at a phase end its countdown moved past. Cancelled before their
  /// identifier is scheduled again; forgotten once an update shows them gone.
  var leftRinging: Set<UUID> = []
  /// The countdown each alarm its countdown in phases moved off belongs to, while the calls made
  /// on it are still to be heard: the person's pause or resume of it, made before those calls took
  /// effect, is still the countdown's.
  var movedOffAlarms: [UUID: IDKey] = [:]
  /// The countdowns a call failed on: reconciled again with any work.
  private var refused: Set<IDKey> = []
  /// The alarms owed a cancel: the center refused one, and no countdown's alarm is the alarm any
  /// more (its countdown was cancelled, ended or replaced by a plan, its countdown in phases moved
  /// off it, or a previous process left it). Each may still count down to an end that will not
  /// come, and ring. Its cancel is made again, unreported (the app heard of the refusal once), at
  /// every later event: each turn (any change of the app's, `retry()`) and each update of the
  /// system's alarms, which asks for a turn (``owedCancelsTurn``); until a cancel goes through
  /// (a cancel made is no longer owed, one refused is owed again: so one at a time, and no call
  /// without an event) or an update shows the alarm gone. One entry per alarm, none a countdown
  /// holds: a countdown that wants its identifier again (a start under the same id, a phase
  /// gone back to) has the cancel made first in the turn that schedules it, and that cancel is the
  /// owed one (a refused cancel of an alarm a countdown holds is that countdown's, ``Held/unknown``).
  var owedCancels: Set<UUID> = []
  /// The calls whose updates the last update that heard any was taken for, by alarm, with what
  /// each alarm showed before it (the center answers a call after it delivered what the call
  /// changed; one update may hold the echoes of calls on several alarms). If such a call fails, the
  /// update was not its own: the person made the change just before it (``heardUpdate(of:)``).
  var lastHeard: [UUID: (sequence: Int, before: Shown?)] = [:]
  /// The countdowns whose alarm the app heard is waiting for the person to allow alarms
  /// (``CountdownAlertError/notAuthorized``): not told again while it waits, each time it is read
  /// again; told again once it was scheduled (or its countdown went) and is refused anew.
  var waitingReported: Set<IDKey> = []
  /// Whether the last reading of the app's alarms failed: read again at the next turn, or
  /// `retry()`.
  var readFailed = false

  /// How many alarms anything is kept for: what is believed held for a countdown, the ringing
  /// ones a previous process left, those whose calls' echoes are waited for, and those owed a
  /// cancel.
  var trackedAlarmCount: Int {
    Set(held.values.map(\.id)).union(leftRinging).union(echoes.keys).union(owedCancels).count
  }

  /// The key a turn is asked for when only ``owedCancels`` are to be made: of a type no app's id
  /// has (`ObjectIdentifier` is not `CustomStringConvertible`), so the turn reads no countdown for it.
  static let owedCancelsTurn = IDKey(ObjectIdentifier(AlarmsState.self))

  /// The countdowns a call failed on are read again with any work; after a change of the device's
  /// clock, those whose alarms count down too, so that an alarm is scheduled again only if its
  /// countdown's end moved.
  func alsoRead(clockChanged: Bool) -> [IDKey] {
    guard clockChanged else { return Array(refused) }
    var keys = refused
    for (key, entry) in held {
      if case .counting = entry.held { keys.insert(key) }
    }
    return Array(keys)
  }

  /// The desired states read for a turn (``Reading``), and what the center held at the start
  /// (`sweep`), if it said so this turn.
  ///
  /// Appends to `calls` the operations that bring the center to the desired states (a change of
  /// the device's clock alone makes none: a timer counts its duration, and the countdowns'
  /// deadlines are on the manager's clock, which the change does not move;
  /// `alsoRead(clockChanged:)` has them read, so that an end that did move is scheduled again),
  /// each as ``call(_:allowed:withheld:into:)`` makes it. Each operation's echo is waited for
  /// (`observed(_:now:)`).
  mutating func apply(
    _ reading: Reading, clockChanged: Bool, sweep: [CountdownAlarmSnapshot]?, into calls: inout [Call]
  ) {
    let now = reading.now
    let allowed = reading.authorization?.allowsAlarms ?? false
    var withheld: Set<UUID> = []
    if !owedCancels.isEmpty { cancelOwed(but: reading, into: &calls) }
    for (key, wantedID, wanted, countsOvertime, length, refreshed, start) in reading.desired {
      refused.remove(key)
      var entry = held[key]
      if entry == nil, wanted == .none { continue }  // Nothing of this process's; the sweep sees to the rest.
      // Started anew under the id (another start than the one its alarm was made for): what the
      // person did to the old alarm, not heard yet (or recorded by the stop intent), is never taken
      // for a change of the new countdown's (``Operation/forNewStart``).
      var forNewStart = false
      if let start, let old = entry?.start, start != old, wanted != .none { forNewStart = true }
      var id = wantedID
      if let old = entry, old.id != id {
        if wanted == .none {
          id = old.id  // Gone: what is held goes, under its own identifier.
        } else {
          movedOff(
            old, of: key, now: now, allowed: allowed, forNewStart: forNewStart, withheld: &withheld, into: &calls)
          entry = nil
        }
      }
      // An alarm owed a cancel is not known: this turn schedules it again (only such a one is
      // left owed by `cancelOwed`), and cancels it first.
      let current =
        entry?.held ?? (swept && !leftRinging.contains(id) && !owedCancels.contains(id) ? nil : .unknown)
      // A countdown that went says nothing of its ending: the one last read tells.
      let overtime = wanted == .none ? entry?.countsOvertime ?? false : countsOvertime
      var (kinds, next) = Self.reconcile(current, wanted, countsOvertime: overtime, now: now)
      // Started anew: its alarm is made anew, even for the same end, its stop recorded forgotten.
      if refreshed || forNewStart { (kinds, next) = Self.remade(kinds, next) }
      made(
        kinds, key: key, id: id, length: length, before: Self.shown(current, now: now), allowed: allowed,
        forNewStart: forNewStart, withheld: &withheld, into: &calls)
      if next == .fired || kinds.contains(where: { if case .cancel = $0 { true } else { false } }) {
        leftRinging.remove(id)
        if !owedCancels.isEmpty { owedCancels.remove(id) }
      }
      // Scheduled now, or gone: a refusal after this is a cause of its own.
      if !waitingReported.isEmpty, allowed || next == nil { waitingReported.remove(key) }
      if let next {
        held[key] = Entry(id: id, held: next, countsOvertime: overtime, start: start ?? entry?.start)
        keysByID[id] = key
      } else if held.removeValue(forKey: key) != nil {
        keysByID[id] = nil
      }
    }
    if let sweep {
      swept = true
      for alarm in sweep where keysByID[alarm.id] == nil {
        // Not touched by this process: its countdown went while the app was not running (or has
        // not been restored yet: a restore schedules it again). A ringing one has ended: the
        // person stops it.
        if alarm.state == .alerting {
          leftRinging.insert(alarm.id)
        } else {
          made(
            [.cancel(reported: false)], key: nil, id: alarm.id, length: nil, before: .present(alarm.state),
            allowed: allowed, withheld: &withheld, into: &calls)
        }
      }
    }
  }

  /// The countdown of `key` wants its alarm under another identifier than `old`'s (a countdown in
  /// phases moved to another phase: its phase ended, was skipped or left, or a plan replaced a
  /// single countdown): the alarm `old` goes as if its countdown had gone. One whose end came
  /// rings on, the person's to stop (``leftRinging``), so that moving on never cancels the alarm
  /// that rings; one still counting down or paused is cancelled (a skipped phase's end never
  /// rings). `forNewStart`: a start under the id moved it (``Operation/forNewStart``).
  private mutating func movedOff(
    _ old: Entry, of key: IDKey, now: Int64, allowed: Bool, forNewStart: Bool, withheld: inout Set<UUID>,
    into calls: inout [Call]
  ) {
    let (kinds, next) = Self.reconcile(old.held, .none, countsOvertime: old.countsOvertime, now: now)
    made(
      kinds, key: key, id: old.id, length: nil, before: Self.shown(old.held, now: now), allowed: allowed,
      forNewStart: forNewStart, withheld: &withheld, into: &calls)
    held[key] = nil
    keysByID[old.id] = nil
    if next != nil { leftRinging.insert(old.id) }
    if echoes[old.id] != nil { movedOffAlarms[old.id] = key }
  }

  /// Makes each cancel owed (``owedCancels``) in the turn of `reading`, unreported and for no
  /// countdown (its refusal is not the app's to hear again, and an update of the person's stop of
  /// it is not a countdown's), but of an alarm the turn schedules again (counting down to an end
  /// ahead, or paused): that one is left owed for the turn, which cancels it before it schedules
  /// it. Only a turn makes them, so that the center hears them in order with the turns' calls.
  private mutating func cancelOwed(but reading: Reading, into calls: inout [Call]) {
    var scheduled: Set<UUID> = []
    for wanted in reading.desired {
      switch wanted.desired {
      case .counting(let deadline) where deadline > reading.now: scheduled.insert(wanted.id)
      case .paused: scheduled.insert(wanted.id)
      case .counting, .pastTheEnd, .none: break
      }
    }
    var withheld: Set<UUID> = []
    for id in owedCancels where !scheduled.contains(id) {
      made(
        [.cancel(reported: false)], key: nil, id: id, length: nil, before: nil, allowed: true, withheld: &withheld,
        into: &calls)
    }
    owedCancels.formIntersection(scheduled)
  }

  /// The calls of a refresh (``CountdownAlarms/refresh(_:)``), where reconciling asked for
  /// `kinds`, leading to `next`: an alarm that will count down or be paused is made anew (with the
  /// app's options asked again), cancelled first, unless `kinds` schedule it already; any other is
  /// as reconciled (a ringing alarm is the person's, an alarm going goes).
  static func remade(_ kinds: [Operation.Kind], _ next: Held?) -> ([Operation.Kind], Held?) {
    let schedules = kinds.contains {
      switch $0 {
      case .schedule, .schedulePaused: true
      case .pause, .resume, .cancel: false
      }
    }
    guard !schedules else { return (kinds, next) }
    switch next {
    case .counting(let deadline)?: return ([.cancel(reported: true), .schedule(deadline: deadline)], next)
    case .paused(let remaining)?:
      return ([.cancel(reported: true), .schedulePaused(remaining: remaining), .pause], next)
    case .fired?, .unknown?, nil: return (kinds, next)
    }
  }

  /// Appends to `calls` the operations of `kinds` on the alarm `id`, numbered, their echoes
  /// waited for, each as ``call(_:allowed:withheld:into:)`` makes it; `length`: the countdown's,
  /// for a schedule's snooze; `before`: what the alarm showed before them, if known; `forNewStart`:
  /// whether they are made for a new start of the countdown (``Operation/forNewStart``). (Made
  /// into the turn's calls in place: no array of operations to copy into them at each change.)
  private mutating func made(
    _ kinds: [Operation.Kind], key: IDKey?, id: UUID, length: Int64?, before: Shown?, allowed: Bool,
    forNewStart: Bool = false, withheld: inout Set<UUID>, into calls: inout [Call]
  ) {
    guard !kinds.isEmpty else { return }
    // Room for a schedule's two calls each, at the turn's first: most turns are one countdown's.
    if calls.isEmpty { calls.reserveCapacity(2 * kinds.count + 1) }
    var echoes = self.echoes[id] ?? Echoes(before: before, pending: [])
    for kind in kinds {
      sequence += 1
      echoes.pending.append((sequence, kind.shows, forNewStart))
      var operation = Operation(key: key, id: id, kind: kind, sequence: sequence)
      if operation.isSchedule { operation.length = length }
      operation.forNewStart = forNewStart
      Self.call(operation, allowed: allowed, withheld: &withheld, into: &calls)
    }
    self.echoes[id] = echoes
  }

  /// Appends to `calls` what makes `operation`: the operation on the center, but while the person
  /// was not asked, or denied alarms (`allowed`: the reading's authorization), no schedule (each
  /// fails with ``CountdownAlertError/notAuthorized``, told at its place among the calls as the
  /// center's refusal would be, and the calls after it on the same alarm, `withheld`, are not
  /// made); a schedule forgets the person's stop recorded for its alarm first.
  private static func call(_ operation: Operation, allowed: Bool, withheld: inout Set<UUID>, into calls: inout [Call]) {
    if !withheld.isEmpty, withheld.contains(operation.id) {
      calls.append(.withhold(operation, nil))
      return
    }
    if operation.isSchedule {
      calls.append(.forgetStop(operation.id))
      guard allowed else {
        withheld.insert(operation.id)
        calls.append(.withhold(operation, CountdownAlertError.notAuthorized.alarm(operation.id.uuidString)))
        return
      }
    }
    calls.append(.center(operation))
  }

  /// What an alarm held as `held` shows, if known (`nil`: anything, as for one whose end came:
  /// ringing, or stopped by the person already).
  static func shown(_ held: Held?, now: Int64) -> Shown? {
    switch held {
    case nil: .absent
    case .counting(let deadline)?: deadline > now ? .present(.countdown) : nil
    case .paused?: .present(.paused)
    case .fired?, .unknown?: nil
    }
  }

  /// A call failed: it changed nothing, so its echo will not come. A cancel fails when there is no
  /// alarm: if it was the first call not heard of, the alarm is taken to have shown nothing before
  /// it; but a refusal fails with the alarm still there, so that absence is only assumed
  /// (``Echoes/absenceAssumed``) until an update shows it.
  ///
  /// When no call is left to hear of and the alarm was there (counting down or paused), what it
  /// showed is kept until the next update: a pause or a resume fails when the person changed the
  /// alarm first (stopped it, or paused it), and that update, heard after the failure, is the
  /// person's change from what it showed (``observed(_:now:)``).
  mutating func callFailed(_ operation: Operation) {
    guard var echoes = echoes[operation.id] else { return }
    if echoes.before == nil, case .cancel = operation.kind, echoes.pending.first?.sequence == operation.sequence {
      echoes.before = .absent
      echoes.absenceAssumed = true
    }
    echoes.pending.removeAll { $0.sequence == operation.sequence }
    let showedAlarm = echoes.before == .present(.countdown) || echoes.before == .present(.paused)
    self.echoes[operation.id] = echoes.pending.isEmpty && !showedAlarm ? nil : echoes
  }

  /// What the alarm showed before the update taken for the own update of `operation`, which
  /// failed, if that update was the last that was taken for any (``lastHeard``); the record is
  /// used up. The failed call changed
  /// nothing: the person made that change, just before the call (the center refuses a pause of a
  /// paused alarm, a resume of a counting one, a cancel of one that is gone).
  ///
  /// - Returns: `nil` if no update was taken for the call's own; else what the alarm showed
  ///   before that update (itself `nil` when not known).
  mutating func heardUpdate(of operation: Operation) -> Shown?? {
    guard let heard = lastHeard[operation.id], heard.sequence == operation.sequence else { return nil }
    lastHeard[operation.id] = nil
    return .some(heard.before)
  }

  /// A call on the alarm of `key` failed: what the system holds is not known (or, `gone`, known
  /// to be nothing: nothing is cancelled or kept for it); the countdown is reconciled again at the
  /// next change.
  mutating func failed(_ key: IDKey, id: UUID, gone: Bool = false) {
    refused.insert(key)
    if gone {
      if held.removeValue(forKey: key) != nil { keysByID[id] = nil }
      return
    }
    held[key] = Entry(
      id: id, held: .unknown, countsOvertime: held[key]?.countsOvertime ?? false, start: held[key]?.start)
    keysByID[id] = key
  }
}
