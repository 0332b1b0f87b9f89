import CountdownCore
import Foundation

extension CountdownManager {
  /// What the manager counts for every id of type `ID`, written down to outlive the process.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(manager.snapshot(of: Order.ID.self))
  /// ```
  ///
  /// Holds every countdown and count-up of an id of type `ID`, running or paused, in
  /// ``CountdownSnapshot/entries``, and every countdown in phases, with its plan and where it is,
  /// in ``CountdownSnapshot/phaseEntries`` (not receivers nor one-shot actions); its dates in
  /// server time when the manager is calibrated.
  /// Safe while the manager is suspended: one that ran out meanwhile keeps the deadline it passed,
  /// and a countdown in phases the phase whose end it has not delivered yet.
  /// - Complexity: O(*n*) in the number of ids, the single countdowns under one acquisition of the
  ///   engine's lock, each countdown in phases under one more.
  public func snapshot<ID: Hashable & Sendable & Codable>(of idType: ID.Type = ID.self) -> CountdownSnapshot<ID> {
    let records = state.withLock { $0.ids.records(of: ID.self) }
    let keys = records.map { id, record in SnapshotSource(id: id, receiver: record.token, length: record.length) }
    var walks: [(id: ID, key: AnyObject)] = []
    // A countdown in phases is not one countdown: it has an entry of its own.
    var snapshot = snapshot(of: keys) { walks.append(($0.id, $0.receiver)) }
    snapshot.phaseEntries = phaseEntries(of: walks, wallNow: snapshot.takenAt, offset: snapshot.serverOffset)
    return snapshot
  }

  /// Restores the countdowns of a snapshot, each keyed by its id again and calling `update`: after
  /// a relaunch or a reboot, each has its right value at once.
  ///
  /// ```swift
  /// let snapshot = try CountdownSnapshot<Order.ID>(decoding: data)
  /// let restoration = try manager.restore(snapshot) { id, remaining, _ in
  ///   store.remaining[id] = remaining
  /// }
  /// ```
  ///
  /// Each countdown is started as by `start(id:…)` (replacing one the id has), a count-up as by
  /// `listen(id:…)`. Countdowns in phases (``CountdownSnapshot/phaseEntries``) are left out:
  /// ``restore(_:_:phases:)`` restores them too. A running countdown that delivers every change gets a prompt call; one that
  /// delivers only its end or milestones gets its next one (those passed while the app was not
  /// running are not delivered); a paused one stays paused, without a call until ``resume(id:)``
  /// (one paused at `0` too, whose resume ends it).
  /// One that ran out meanwhile gets its single `0` and is listed in
  /// ``CountdownRestoration/ended``; one counting overtime goes on. Those `0`s come in the order
  /// of the ends, ties in the snapshot's order. That `0` is late, hours after
  /// the end maybe: a handler that plays an alarm at a `0` tells it from one on time with
  /// ``endedAgo(id:)``, read in the call (how long ago it ended), so the app does not ring at launch
  /// for a timer that rang long ago. Dates written in server time
  /// are mapped through this manager's calibration, else through the snapshot's offset, which this
  /// manager then adopts. The details, and a change of the device's clock while the app was not
  /// running: the article *Countdowns outside the app* ("Relaunch").
  ///
  /// - Parameters:
  ///   - snapshot: What to restore.
  ///   - update: The handler of every restored id, called on the main actor with the id, its value
  ///     and the stop flag, as for `start(id:…)`.
  /// - Returns: The ids restored, and those that ended meanwhile.
  /// - Throws: A ``CountdownSnapshotError`` for an entry no countdown can have (see
  ///   ``CountdownSnapshot``), a repeated id, a deadline too far from now to count, or a server
  ///   offset that ``calibrate(serverNow:receivedAt:)`` refuses; for a countdown in phases the
  ///   snapshot holds, though it is left out, what decoding checks of it
  ///   (``CountdownSnapshotError/invalidPhaseEntry(index:reason:)``,
  ///   ``CountdownSnapshotError/duplicatePhaseID(index:)``); nothing is restored then, and nothing
  ///   changes.
  /// - Complexity: O(*n*) in the number of entries.
  @discardableResult
  public func restore<ID: Hashable & Sendable & Codable>(
    _ snapshot: CountdownSnapshot<ID>,
    _ update: @escaping @MainActor (_ id: ID, _ value: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownSnapshotError) -> CountdownRestoration<ID> {
    try snapshot.validate()
    let plans = try restorePlans(for: snapshot, at: snapshot.entries.indices, allowsCountingUp: true)
    adoptServerOffset(of: snapshot)
    return restoreCountdowns(of: snapshot, plans, update)
  }

  /// Counts the entries of `snapshot` again by `plans` (one each, checked), calling `update`.
  func restoreCountdowns<ID: Hashable & Sendable & Codable>(
    of snapshot: CountdownSnapshot<ID>, _ plans: [RestorePlan],
    _ update: @escaping @MainActor (_ id: ID, _ value: Int, _ stop: inout Bool) -> Void
  ) -> CountdownRestoration<ID> {
    var restored = [Bool](repeating: false, count: plans.count)
    var ended: [ID: Date] = [:]
    // Those that ran out meanwhile in the order of their ends: their `0`s come in that order.
    for index in RestorePlan.restoreOrder(of: plans)
    where restoreCountdown(snapshot.entries[index], plans[index], update) {
      restored[index] = true
      ended[snapshot.entries[index].id] = plans[index].endedAt
    }
    return restoration(snapshot.entries.indices.filter { restored[$0] }.map { snapshot.entries[$0].id }, ended: ended)
  }

  /// Counts `entry` again by `plan`, calling `update`, without telling the id's observers (the
  /// restore tells them once, ``restoration(_:ended:)``); whether it was.
  func restoreCountdown<ID: Hashable & Sendable & Codable>(
    _ entry: CountdownSnapshot<ID>.Entry, _ plan: RestorePlan,
    _ update: @escaping @MainActor (_ id: ID, _ value: Int, _ stop: inout Bool) -> Void
  ) -> Bool {
    do {
      try claimID(
        entry.id, endsAtZero: plan.endsAtZero, length: plan.length, atMilestones: plan.deliversMilestones,
        endedAt: plan.endedInstant, tellsObservers: false, update
      ) {
        token, handler throws(CountdownError) in
        try plan.restore(token, on: engine, handler: handler)
      }
    } catch {
      // Ruled out by the plan's checks, which are the engine's own.
      return false
    }
    return true
  }

  /// The countdowns `ids` were restored, those of `ended` having ended meanwhile: the id's
  /// observers are told in one change (a follower makes one turn of it, the widgets one reload).
  func restoration<ID: Hashable & Sendable & Codable>(_ ids: [ID], ended: [ID: Date]) -> CountdownRestoration<ID> {
    tellIDObservers(ids.map { IDKey($0) })
    return CountdownRestoration(ids: ids, ended: ended)
  }

  /// A snapshot of the registrations of `keys`, read at one instant; those that walk a plan's
  /// phases are left to `walking`, which a countdown in phases' entry is made for.
  func snapshot<ID: Hashable & Sendable & Codable>(
    of keys: [SnapshotSource<ID>], walking: (SnapshotSource<ID>) -> Void = { _ in }
  ) -> CountdownSnapshot<ID> {
    let offset = state.withLock { $0.isCalibrated ? $0.serverOffset : nil }
    let (_, statuses) = engine.statuses(of: keys.map(\.receiver))
    let wallNow = wallClock()
    let offsetSeconds = offset.map(\.secondsValue) ?? 0
    var entries: [CountdownSnapshot<ID>.Entry] = []
    entries.reserveCapacity(keys.count)
    for (key, status) in zip(keys, statuses) {
      if let status, status.walksSegments {
        walking(key)
      } else if let status {
        entries.append(Self.entry(for: key, status, wallNow: wallNow, offsetSeconds: offsetSeconds))
      } else if let endedAt = key.endedAt {
        // Never after the snapshot's date (the device's clock went back since it ended): a restore
        // takes a date after it for a countdown still running then.
        let date = min(endedAt, wallNow) + offsetSeconds
        entries.append(.init(id: key.id, kind: .countdown, policy: .keepsRunning, date: date, length: key.length))
      }
    }
    return CountdownSnapshot(takenAt: wallNow, serverOffset: offset, entries: entries)
  }

  /// The entry of `key`, from its registration's status, read under one acquisition of the
  /// engine's lock: its kind, policy, deliveries and time all describe the same registration, even
  /// if another thread replaced the id's meanwhile.
  private static func entry<ID>(
    for key: SnapshotSource<ID>, _ status: RegistrationStatus, wallNow: Date, offsetSeconds: Double
  ) -> CountdownSnapshot<ID>.Entry {
    let isCountdown = status.kind == .countdown
    var entry = CountdownSnapshot<ID>.Entry(
      id: key.id, kind: isCountdown ? .countdown : .countingUp, policy: status.policy,
      deliveries: status.milestones.map { .milestones($0) } ?? (status.skipsChanges ? .onlyTheEnd : .everyChange),
      isPaused: status.isPaused, ending: status.countsOvertime ? .countsOvertime : .stops)
    let left = max(0, status.nanoseconds)
    if isCountdown {
      // The recorded length may be an earlier start's, if the id was restarted since: never shorter
      // than what is left.
      entry.length = .nanoseconds(max(key.length?.nanosecondsSaturating ?? 0, left))
    }
    if entry.countsByTime {
      // Frozen in overtime: the time past the deadline, negative.
      entry.time = .nanoseconds(status.countsOvertime ? status.nanoseconds : left)
    } else {
      // Signed: a countdown whose deadline passed while the manager was suspended keeps that
      // deadline, so a restore reports when it ended, not when the snapshot was taken.
      let seconds = Double(status.nanoseconds) / 1e9
      entry.date = wallNow + (isCountdown ? seconds : -seconds) + offsetSeconds
    }
    return entry
  }

  /// Makes the snapshot's server offset this manager's, if it has one and the manager is still
  /// uncalibrated when the lock is taken: a calibration made meanwhile, fresher, wins.
  func adoptServerOffset<ID>(of snapshot: CountdownSnapshot<ID>) {
    guard let adopted = snapshot.serverOffset else { return }
    state.withLock { $0.snapshotRestored(serverOffset: adopted) }
  }
}

extension CountdownManager {
  /// Checks the entries of `snapshot` at `indices` against this manager, now, and works out how
  /// to count each again. The snapshot, or its dates and those entries, are checked already
  /// (``CountdownSnapshot/validate()``, ``CountdownSnapshot/validateEntry(of:)``).
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot restored from.
  ///   - indices: The positions of the entries to check in `snapshot`.
  ///   - allowsCountingUp: `false` for observable models, which hold countdowns only.
  func restorePlans<ID: Hashable & Sendable & Codable>(
    for snapshot: CountdownSnapshot<ID>, at indices: some Sequence<Int>, allowsCountingUp: Bool
  ) throws(CountdownSnapshotError) -> [RestorePlan] {
    let moment = restoreMoment(for: snapshot)
    var plans: [RestorePlan] = []
    for index in indices {
      let entry = snapshot.entries[index]
      guard allowsCountingUp || entry.kind == .countdown else {
        throw .unsupportedEntry(index: index)
      }
      do {
        plans.append(try RestorePlan(entry, at: moment))
      } catch {
        throw .invalidEntry(index: index, reason: error)
      }
    }
    return plans
  }

  /// The moment a restore of `snapshot` counts from, now: the clocks' readings, and the offset
  /// its dates are mapped through.
  func restoreMoment<ID: Hashable & Sendable & Codable>(for snapshot: CountdownSnapshot<ID>) -> RestorePlan.Moment {
    let ownOffset = state.withLock { $0.isCalibrated ? $0.serverOffset : nil }
    // Device date = date written − the offset it was written with (or the fresh one).
    let offset = snapshot.serverOffset.map { ownOffset ?? $0 } ?? .zero
    // The snapshot's date on the device's clock as it reads now: moved by the change of offset, as
    // the entries' dates are.
    let takenAt = snapshot.takenAt + ((snapshot.serverOffset ?? .zero) - offset).secondsValue
    return RestorePlan.Moment(
      now: clockNow, wallNow: wallClock(), takenAt: takenAt,
      interval: (try? engine.interval.countdownNanoseconds()) ?? 1, offset: offset)
  }
}

extension CountdownManager {
  /// A new observable countdown restored from the entry of `id` in a snapshot (one taken by
  /// ``ObservableCountdown/snapshot(id:)``, or any snapshot of countdowns), with its value at once.
  ///
  /// ```swift
  /// let snapshot = try CountdownSnapshot<String>(decoding: data)
  /// let resend = try manager.countdown(restoring: snapshot, id: "resend")
  /// ```
  ///
  /// Only the entry of `id` is restored and checked, with the snapshot's date and server offset (a
  /// manager-wide snapshot may hold count-ups of other ids, or entries this one cannot take); its
  /// date, deliveries and ending are restored as by ``restore(_:_:)``. A
  /// countdown that ran out while the app was not running shows `0`, ``ObservableCountdown/hasEnded``
  /// and the date it ended.
  /// - Returns: The countdown, or `nil` if the snapshot has no entry for `id` (nothing changes then:
  ///   not even the calibration).
  /// - Throws: A ``CountdownSnapshotError`` (nothing changes then): ``CountdownSnapshotError/unreadable``
  ///   or ``CountdownSnapshotError/invalidServerOffset(reason:)`` for the snapshot's dates,
  ///   ``CountdownSnapshotError/invalidEntry(index:reason:)`` or ``CountdownSnapshotError/unreadable``
  ///   for the entry of `id`, ``CountdownSnapshotError/duplicateID(index:)`` if `id` has two, and
  ///   ``CountdownSnapshotError/unsupportedEntry(index:)`` if its entry is a count-up, or a
  ///   countdown in phases (restore that with ``phaseCountdown(restoring:id:)``).
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public func countdown<ID: Hashable & Sendable & Codable>(
    restoring snapshot: CountdownSnapshot<ID>, id: ID
  ) throws(CountdownSnapshotError) -> ObservableCountdown? {
    guard let index = try snapshot.validateEntry(of: id) else { return nil }
    let plans = try restorePlans(for: snapshot, at: [index], allowsCountingUp: false)
    adoptServerOffset(of: snapshot)
    let countdown = ObservableCountdown(manager: self)
    countdown.restart(plans[0])
    return countdown
  }
}

extension CountdownManager {
  /// One countdown to write into a snapshot: the app's id, the object that keys it in the engine,
  /// and what the Kit keeps of it beside the engine (its length; for a model that ended, when).
  /// Everything else comes from one engine reading, so an entry never mixes two registrations.
  struct SnapshotSource<ID> {
    var id: ID
    var receiver: AnyObject
    /// A countdown's length, start to end; `nil` for a count-up.
    var length: Duration?
    /// For an observable model that shows its ended countdown (which the engine no longer holds):
    /// the date it ended, on the device's clock.
    var endedAt: Date? = nil
  }
}
