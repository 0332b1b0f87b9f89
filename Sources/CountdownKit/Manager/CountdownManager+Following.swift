package import Foundation

/// The seam the alerts (CountdownAlerts) follow the manager through: `package`, not API.
extension CountdownManager {
  /// Has `observer` called with the ids whose countdowns changed, after every change (a start,
  /// replace or restore, a pause, resume, time added, cancel, end, and, for countdowns that pause
  /// while suspended, ``suspendTicking()`` and ``resumeTicking()``; a calibration moves nothing).
  ///
  /// It hears which ids changed, not what they became: two threads changing one id may call it in
  /// either order, so a state handed along could arrive stale, where ``idPhase(of:)`` read after
  /// the call is at least as new as the change. It is called on the thread that made the change
  /// (the main queue for an end) with no lock held, so it may call back into the manager.
  ///
  /// `ended` is `true` when the change is the ids' countdowns running out (their `0` delivered), and
  /// `false` for every other change (a stop flag set in a handler too): a follower tells a countdown that ran out
  /// from one cancelled by it, where both are gone by the time it reads them.
  ///
  /// `suspended`, if given, is called likewise at each ``suspendTicking()`` (`true`) and
  /// ``resumeTicking()`` (`false`), after `observer` heard the ids they froze or let run: how a
  /// follower hears the app leave the foreground and come back, as the manager does.
  ///
  /// `phasesEnded`, if given, is called with the ids whose countdown in phases moved on to its
  /// next phase: at each delivery of one or more phase ends (on the main queue, after the next
  /// phase was handed to the engine, before the app's handler runs), and not at the plan's end,
  /// which `observer` hears as a run-out (`ended`). Only a phase end calls it: a skip, a restart or
  /// going back a phase is a change `observer` hears, as a pause is. Read the phase ends ahead with
  /// ``idPhaseEnds(of:upcoming:)``.
  ///
  /// - Returns: The key to remove the observer with, ``removeIDObserver(_:)``.
  package func addIDObserver(
    _ observer: @escaping @Sendable (_ ids: [IDKey], _ ended: Bool) -> Void,
    suspended: (@Sendable (_ suspended: Bool) -> Void)? = nil,
    phasesEnded: (@Sendable (_ ids: [IDKey]) -> Void)? = nil
  ) -> Int {
    state.withLock { $0.idObserverAdded(observer, suspended: suspended, phasesEnded: phasesEnded) }
  }

  /// Stops calling the observer added under `key`, released after the lock.
  package func removeIDObserver(_ key: Int) {
    let removed = state.withLock { $0.idObserverRemoved(key) }
    _ = removed
  }

  /// Now on the manager's clock, in nanoseconds since its origin: the instant the followers of
  /// the alerts compare deadlines with. The clock is the app's code: read it with no lock held.
  package var clockNow: Int64 { engine.nanosecondsNow }

  /// How far the device's clock (the manager's `wallClock`) is ahead of the manager's, in seconds:
  /// it changes when the person sets the device's clock (or the manager's clock stops while the
  /// device's runs on), and not as time passes. Both clocks are the app's code: read it with no
  /// lock held.
  package var wallClockAhead: TimeInterval {
    wallClock().timeIntervalSinceReferenceDate - Double(clockNow) / 1e9
  }

  /// What the countdown of `key` is doing now, and whether it counts overtime (past its deadline
  /// such a countdown still runs, or is frozen, until a cancel or its stop flag), read under one
  /// acquisition of the engine's lock.
  package func idPhase(of key: IDKey) -> (phase: IDPhase, countsOvertime: Bool) {
    guard let record = record(of: key) else { return (.gone, false) }
    let (token, length) = (record.token, record.length)
    return idPhase(token: token, length: length)
  }

  /// Which start of `key`'s id its countdown is, `nil` without one: the same through its pauses,
  /// resumes and time added, another after each start (a start under the id, a restore of it),
  /// however the one before ended. Read after its phase (``idPhase(of:)``), a start made in between
  /// is told: a countdown started anew is never taken for the one it replaced.
  package func idStart(of key: IDKey) -> UInt64? {
    record(of: key)?.start
  }

  /// What the countdown of the engine's `token` (an id's, of `length`) is doing now, and whether it
  /// counts overtime, read under one acquisition of the engine's lock. `walk`: the walk's status as
  /// the last call told it, already read, whose span a countdown in phases' dates are laid out
  /// with; `nil`: the span read with the status.
  func idPhase(
    token: IDRegistry.Token, length: Duration?, walk: SegmentStatus? = nil
  ) -> (phase: IDPhase, countsOvertime: Bool) {
    let (now, statuses) = engine.statuses(of: [token])
    guard let status = statuses[0], status.kind == .countdown else { return (.gone, false) }
    // A countdown in phases: the span of its current phase.
    let span = status.segmentSpan.map { walk?.span ?? $0 }
    let dates = dates(of: status, length: span.map { .nanoseconds($0) } ?? length)
    if status.isFrozen { return (.frozen(dates: dates), status.countsOvertime) }
    let (deadline, overflow) = now.nanosecondsSinceOrigin.addingReportingOverflow(status.nanoseconds)
    let phase = IDPhase.running(
      dates: dates, deadline: CountdownInstant(nanosecondsSinceOrigin: overflow ? .max : deadline))
    return (phase, status.countsOvertime)
  }

  /// The ids of type `ID` that have a countdown or count-up now, in no particular order: what an
  /// observer added now has not heard of.
  package func idKeys<ID: Hashable & Sendable>(of type: ID.Type) -> [IDKey] {
    state.withLock { $0.ids.records(of: ID.self) }.map { IDKey($0.id) }
  }

  /// Tells the id observers, if any, that the countdowns of `keys` changed (`ended`: by ending);
  /// called with no lock held.
  func tellIDObservers(_ keys: @autoclosure () -> [IDKey], ended: Bool = false) {
    let observers = state.withLock { $0.idObservers }
    guard !observers.isEmpty else { return }
    let keys = keys()
    guard !keys.isEmpty else { return }
    for observer in observers.values {
      observer(keys, ended)
    }
  }

  /// Tells the id observers that hear phase ends that the countdowns in phases of `keys` moved on
  /// to their next phase; called with no lock held. The keys are made only if an observer hears
  /// them: a phase end of an app that follows none makes no key (an `AnyHashable`, whose making
  /// looks up a conformance) and no array.
  func tellPhaseEndObservers(_ keys: @autoclosure () -> [IDKey]) {
    let observers = state.withLock { $0.phaseEndObservers }
    guard !observers.isEmpty else { return }
    let keys = keys()
    for observer in observers.values {
      observer(keys)
    }
  }

  /// Tells the id observers that the countdowns which freeze while suspended changed, then those
  /// that follow the suspensions that the manager is now `suspended` (or resumed): O(*n*) in the
  /// ids, only while an observer is installed.
  func tellIDObserversOfSuspension(suspended: Bool) {
    guard state.withLock({ !$0.idObservers.isEmpty }) else { return }
    let records = state.withLock { $0.ids.tokens }
    let (_, statuses) = engine.statuses(of: records.map(\.token))
    tellIDObservers(
      zip(records, statuses).compactMap { record, status in status?.policy == .pauses ? record.key : nil })
    for observer in state.withLock({ $0.suspensionObservers.values }) {
      observer(suspended)
    }
  }
}
