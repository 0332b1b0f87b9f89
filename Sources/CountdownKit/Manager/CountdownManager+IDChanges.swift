import Foundation

extension CountdownManager {
  /// What the countdown of an id is doing now, as a system alert mirrors it: running to an end,
  /// frozen, or gone. For the package's integration products (`CountdownAlerts`), read with
  /// ``idPhase(of:)``.
  package enum IDPhase: Hashable, Sendable {
    /// Running: it ends at `deadline` on the manager's clock (``CountdownCore/CountdownEngine/clock``),
    /// the instant its `0` is delivered; `dates` are the device dates of ``timerDates(id:)``.
    case running(dates: CountdownTimerDates, deadline: CountdownInstant)
    /// Frozen: paused, or started with ``CountdownCore/SuspensionPolicy/pauses`` while the manager
    /// is suspended. It has no end until it runs again.
    case frozen(dates: CountdownTimerDates)
    /// No countdown: none was started, it ended, was cancelled, or the id counts up.
    case gone
  }

  /// Has `observer` called with the ids whose countdowns changed, after every change: a start (a
  /// replacement and a restore included), ``pause(id:)``, ``resume(id:)``, ``addTime(_:id:)``,
  /// ``cancel(id:)``, ``cancelAll()``, an end (its `0`, or its stop flag), and, for countdowns
  /// that pause while the manager is suspended, ``suspendTicking()`` and ``resumeTicking()``.
  ///
  /// The observer hears which ids changed, not what they became: it reads that with
  /// ``idPhase(of:)``. Two threads changing one id may call the observer in either order, and a
  /// state handed along with the call could arrive stale; read after the call, the state is at
  /// least as new as the change that called it. (``calibrate(serverNow:receivedAt:)`` moves no
  /// countdown's deadline nor its device dates: it calls nothing.)
  ///
  /// The observer is called on the thread that made the change (the main queue for an end), after
  /// every lock of the manager is released, so it may call back into the manager. It must not
  /// block. `package`: the integration products build on it.
  ///
  /// - Returns: The key to remove the observer with, ``removeIDObserver(_:)``.
  package func addIDObserver(_ observer: @escaping @Sendable (_ ids: [IDKey]) -> Void) -> Int {
    state.withLock { $0.idObserverAdded(observer) }
  }

  /// Stops calling the observer added under `key` (nothing for a key not in use). Releases it
  /// after the lock.
  package func removeIDObserver(_ key: Int) {
    let removed = state.withLock { $0.idObserverRemoved(key) }
    _ = removed
  }

  /// What the countdown of `key` is doing now (see ``IDPhase``), read under one acquisition of
  /// the engine's lock.
  package func idPhase(of key: IDKey) -> IDPhase {
    idPhaseAndEnding(of: key).phase
  }

  /// ``idPhase(of:)``, and whether the countdown counts overtime
  /// (``CountdownCore/CountdownEnding/countsOvertime``), read together: past its deadline such a
  /// countdown is still running (or frozen), and only a cancel or its stop flag makes it go, where
  /// one that stops has ended at its `0`. `false` when it is gone.
  package func idPhaseAndEnding(of key: IDKey) -> (phase: IDPhase, countsOvertime: Bool) {
    guard let (token, length) = state.withLock({ $0.ids[key].map { ($0.token, $0.length) } }) else { return (.gone, false) }
    let (now, statuses) = engine.statuses(of: [token])
    guard let status = statuses[0], status.kind == .countdown else { return (.gone, false) }
    let dates = dates(of: status, length: length)
    if status.isFrozen { return (.frozen(dates: dates), status.countsOvertime) }
    let (deadline, overflow) = now.nanosecondsSinceOrigin.addingReportingOverflow(status.nanoseconds)
    let phase = IDPhase.running(dates: dates, deadline: CountdownInstant(nanosecondsSinceOrigin: overflow ? .max : deadline))
    return (phase, status.countsOvertime)
  }

  /// The ids of type `ID` that have a countdown or count-up now, in no particular order: what an
  /// observer added now has not heard of.
  package func idKeys<ID: Hashable & Sendable>(of type: ID.Type) -> [IDKey] {
    state.withLock { $0.ids.records(of: ID.self) }.map { IDKey($0.id) }
  }

  /// Tells the id observers, if any, that the countdowns of `keys` changed. Called after the
  /// change, with no lock held; the observers are copied out of the lock and called outside it.
  func idsChanged(_ keys: @autoclosure () -> [IDKey]) {
    let observers = state.withLock { $0.idObservers }
    guard !observers.isEmpty else { return }
    let keys = keys()
    guard !keys.isEmpty else { return }
    for observer in observers.values {
      observer(keys)
    }
  }

  /// Tells the id observers that the countdowns which freeze while the manager is suspended
  /// (``CountdownCore/SuspensionPolicy/pauses``) changed: at ``suspendTicking()`` and
  /// ``resumeTicking()``. O(*n*) in the number of ids, only while an observer is installed.
  func idsFrozenBySuspensionChanged() {
    guard state.withLock({ !$0.idObservers.isEmpty }) else { return }
    let records = state.withLock { $0.ids.tokens }
    let (_, statuses) = engine.statuses(of: records.map(\.token))
    idsChanged(zip(records, statuses).compactMap { record, status in status?.policy == .pauses ? record.key : nil })
  }
}
