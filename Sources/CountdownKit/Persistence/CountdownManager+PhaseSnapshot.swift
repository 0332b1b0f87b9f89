@_spi(Walks) import CountdownCore
import Foundation

extension CountdownManager {
  /// Restores the countdowns and the countdowns in phases of a snapshot, each keyed by its id
  /// again: after a relaunch or a reboot, each countdown has its right value at once, and each
  /// countdown in phases is at the phase its plan says, with the ends it passed meanwhile.
  ///
  /// ```swift
  /// let snapshot = try CountdownSnapshot<String>(decoding: data)
  /// let restoration = try manager.restore(snapshot) { id, remaining, _ in
  ///   store.remaining[id] = remaining
  /// } phases: { id, update, _ in
  ///   // Ends passed while the app was not running come first, late: no bell for them.
  ///   for end in update.phaseEnds where end.lateness < .seconds(5) { chime(for: end.phase) }
  ///   if let position = update.position { show(position.phase.name, update.remaining) }
  /// }
  /// ```
  ///
  /// The countdowns in ``CountdownSnapshot/entries`` are restored as by ``restore(_:_:)``, with
  /// `update`. Each of ``CountdownSnapshot/phaseEntries`` is started again as by
  /// ``start(id:plan:whileSuspended:delivering:_:)`` (replacing what the id has), with `phases`,
  /// at the phase the plan has reached now, whatever the gap (a minute, or a week of a plan that
  /// runs forever): the saved phase's end date and the plan give every later end.
  /// - A plan that passed ends while the app was not running gets one call, inside this one on
  ///   the main thread, with those ends in ``CountdownPhaseUpdate/phaseEnds``, oldest first, each
  ///   with its date and lateness, bounded as after a suspension (past a cycle's worth, the older
  ///   ones in ``CountdownPhaseUpdate/earlierPhaseEnds``), and the position now. A phase that
  ///   pauses the plan after it stops the walk there: the next phase waits, paused.
  /// - A plan that ended meanwhile reports its ends and its end in that call
  ///   (``CountdownPhaseUpdate/planEnded``): its id is then free, and it is listed in
  ///   ``CountdownRestoration/ended`` with the date its last phase ended.
  /// - A running phase with no end passed gets a prompt call if it delivers every change, else its
  ///   next value; a paused one stays paused, without a call until ``resume(id:)``, at exactly the
  ///   time it had left (``phasePosition(id:)`` reads it at once).
  /// - One started `whileSuspended: .pauses` is frozen while the app is not running, as a single
  ///   such countdown is: it comes back at its phase with the time it had left, and no end for the
  ///   time away. An end that was due and not delivered yet when it was saved comes in the call
  ///   inside this one, late by as long as it was overdue then, the next phase with what it had left.
  ///
  /// Every end comes in deadline order, ties in the snapshot's order, as in any other batch: the
  /// countdowns' `0`s and the countdowns in phases' calls with ends passed together, each of the
  /// latter at its first such end.
  ///
  /// - Parameters:
  ///   - snapshot: What to restore.
  ///   - update: The handler of every restored countdown, as for ``restore(_:_:)``.
  ///   - phases: The handler of every restored countdown in phases, as for
  ///     ``start(id:plan:whileSuspended:delivering:_:)``.
  /// - Returns: The ids restored (the countdowns', then the countdowns in phases'), and those that
  ///   ended meanwhile.
  /// - Throws: What ``restore(_:_:)`` throws, and
  ///   ``CountdownSnapshotError/invalidPhaseEntry(index:reason:)`` for a countdown in phases whose
  ///   phase end or time left is too far from now to count; nothing is restored then, and nothing
  ///   changes.
  /// - Complexity: O(*n*) in the number of entries, each countdown in phases O(*w* log *p*): *w*
  ///   its plan's longest cycle, *p* the phases written in it, whatever the gap.
  @discardableResult
  public func restore<ID: Hashable & Sendable & Codable>(
    _ snapshot: CountdownSnapshot<ID>,
    _ update: @escaping @MainActor (_ id: ID, _ value: Int, _ stop: inout Bool) -> Void,
    phases: @escaping @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) throws(CountdownSnapshotError) -> CountdownRestoration<ID> {
    try restore(snapshot, countdowns: update, phases: phases)
  }

  /// ``restore(_:_:phases:)``, or, without `update`, its countdowns in phases alone (the single
  /// countdowns left out, as ``restore(_:_:)`` leaves out the countdowns in phases).
  func restore<ID: Hashable & Sendable & Codable>(
    _ snapshot: CountdownSnapshot<ID>,
    countdowns update: (@MainActor (_ id: ID, _ value: Int, _ stop: inout Bool) -> Void)?,
    phases: @escaping @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) throws(CountdownSnapshotError) -> CountdownRestoration<ID> {
    try snapshot.validate()
    let entries = update == nil ? 0..<0 : snapshot.entries.indices
    let plans = try restorePlans(for: snapshot, at: entries, allowsCountingUp: true)
    let moment = restoreMoment(for: snapshot)
    var phasePlans: [PhaseRestorePlan] = []
    for (index, entry) in snapshot.phaseEntries.enumerated() {
      do {
        phasePlans.append(try PhaseRestorePlan(entry, at: moment))
      } catch {
        throw .invalidPhaseEntry(index: index, reason: error)
      }
    }
    adoptServerOffset(of: snapshot)
    // Every end in deadline order, ties in the snapshot's order: the countdowns that ran out
    // meanwhile and the plans that passed ends, each at its first, in one order (the others in
    // the snapshot's order, the countdowns first).
    let count = plans.count
    let firstEnds = plans.map(\.endedInstant) + phasePlans.map(\.firstPassedEnd)
    var restored = [Bool](repeating: false, count: firstEnds.count)
    var ended: [ID: Date] = [:]
    for index in Self.restoreOrder(ofEndsAt: firstEnds) {
      if index < count, let update {
        let entry = snapshot.entries[index]
        guard restoreCountdown(entry, plans[index], update) else { continue }
        ended[entry.id] = plans[index].endedAt
      } else {
        let (id, plan) = (snapshot.phaseEntries[index - count].id, phasePlans[index - count])
        guard restorePhases(id: id, plan, at: moment.now, phases) else { continue }
        ended[id] = plan.endedAt
      }
      restored[index] = true
    }
    let ids =
      plans.indices.filter { restored[$0] }.map { snapshot.entries[$0].id }
      + snapshot.phaseEntries.indices.filter { restored[count + $0] }.map { snapshot.phaseEntries[$0].id }
    return restoration(ids, ended: ended)
  }

  /// The order in which to restore what ended at `ends` (`nil`: nothing ended): the given order,
  /// but for those that ended, which come in the order of their ends, ties in the given order.
  static func restoreOrder(ofEndsAt ends: [Int64?]) -> [Int] {
    var order = Array(ends.indices)
    let late = ends.indices.filter { ends[$0] != nil }
    let byEnd = late.sorted { (ends[$0]!, $0) < (ends[$1]!, $1) }
    for (place, index) in zip(late, byEnd) {
      order[place] = index
    }
    return order
  }

  /// Restores `plan` under `id`, as a start of the id with a plan does, at `now`: its walk
  /// registered where the plan is, its handler calling `phases`. Whether it was restored (a plan's
  /// checks rule out the engine's refusal).
  func restorePhases<ID: Hashable & Sendable>(
    id: ID, _ plan: PhaseRestorePlan, at now: Int64,
    _ phases: @escaping @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) -> Bool {
    let (left, paused) = plan.start(at: now)
    do {
      try claimID(id, length: nil) { token, generation throws(CountdownError) in
        try walk(
          plan.plan, under: token, for: id, generation: generation, plan.policy, plan.deliveries,
          from: plan.cursor.ordinal, left: left, paused: paused, readAt: CountdownInstant(nanosecondsSinceOrigin: now),
          phases)
      }
    } catch {
      return false
    }
    return true
  }

  /// Restores `plan` under `receiver`, held weakly, as a start of the receiver with a plan does
  /// (an ``ObservablePhaseCountdown``'s restore), at `now`; its calls go to `update`.
  @MainActor
  func restorePhases(
    _ receiver: AnyObject, _ plan: PhaseRestorePlan, at now: Int64,
    _ update: @escaping @MainActor (CountdownPhaseUpdate) -> Void
  ) -> Bool {
    let (left, paused) = plan.start(at: now)
    do {
      try walk(
        plan.plan, under: receiver, plan.policy, plan.deliveries, from: plan.cursor.ordinal, left: left, paused: paused
      ) { _, phaseUpdate, _ in update(phaseUpdate) }
    } catch {
      return false
    }
    return true
  }

  /// The snapshot entries of the walks registered under each key of `walks` (an id's token, or a
  /// model's handle) as they stand now: a phase whose end passed and is not delivered yet is kept
  /// with how overdue it is, so that a restore delivers that end, late.
  func phaseEntries<ID: Hashable & Sendable & Codable>(
    of walks: [(id: ID, key: AnyObject)], wallNow: Date, offset: Duration?
  ) -> [CountdownSnapshot<ID>.PhaseEntry] {
    let offsetSeconds = offset.map(\.secondsValue) ?? 0
    return walks.compactMap { id, key in
      guard let (status, sequence) = walk(of: key, passingEnds: false),
        !sequence.plan.layout.segments.isEnded(status.ordinal)
      else { return nil }
      var entry = CountdownSnapshot<ID>.PhaseEntry(
        id: id, plan: sequence.plan, ordinal: status.ordinal, policy: sequence.policy,
        deliveries: sequence.deliveries)
      if status.isPaused {
        entry.isPaused = true
        entry.time = .nanoseconds(status.timeLeft)
      } else if sequence.policy == .pauses {
        // Frozen while the app is away, as a single `.pauses` countdown: the time it has left.
        // Signed: a phase whose end is due and not delivered yet keeps how overdue it is, so that
        // the restore delivers that end as late, and the next phase has what it had left.
        entry.time = .nanoseconds(status.timeLeft)
        #if COUNTDOWN_CHECK_INVARIANTS
          // The simulation's self-test: the overdue time dropped.
          if PlantedFault.current == .snapshotDropsTheOverdueTime { entry.time = .nanoseconds(max(0, status.timeLeft)) }
        #endif
      } else {
        // It walks on while the app is away: its phase's end, a date that outlives a reboot.
        entry.date = wallNow + Double(status.timeLeft) / 1e9 + offsetSeconds
      }
      return entry
    }
  }
}

extension CountdownManager {
  /// A new observable countdown in phases restored from the countdown in phases of `id` in a
  /// snapshot (one taken by ``ObservablePhaseCountdown/snapshot(id:)``, or any snapshot with
  /// ``CountdownSnapshot/phaseEntries``), at the phase its plan has reached now.
  ///
  /// ```swift
  /// let snapshot = try CountdownSnapshot<String>(decoding: data)
  /// let workout = try manager.phaseCountdown(restoring: snapshot, id: "workout")
  /// ```
  ///
  /// Only the countdown in phases of `id` is restored and checked, with the snapshot's date and
  /// server offset, and it is restored as by ``restore(_:_:phases:)``, whatever the gap: the ends
  /// it passed while the app was not running are in ``ObservablePhaseCountdown/lastPhaseEnds``
  /// (oldest first, late; past a cycle's worth, the older ones in
  /// ``ObservablePhaseCountdown/earlierPhaseEnds``), as that restore's call has them; a phase that
  /// pauses the plan after it stops the walk there; a paused phase, or one started
  /// `whileSuspended: .pauses`, comes back with exactly the time it had left. A plan that ended
  /// meanwhile shows ``ObservablePhaseCountdown/hasEnded``, with the date its last phase ended as
  /// ``ObservablePhaseCountdown/endDate``.
  /// - Returns: The countdown in phases, or `nil` if the snapshot has no countdown of `id` (nothing
  ///   changes then: not even the calibration).
  /// - Throws: A ``CountdownSnapshotError`` (nothing changes then): ``CountdownSnapshotError/unreadable``
  ///   or ``CountdownSnapshotError/invalidServerOffset(reason:)`` for the snapshot's dates,
  ///   ``CountdownSnapshotError/invalidPhaseEntry(index:reason:)`` or ``CountdownSnapshotError/unreadable``
  ///   for the countdown in phases of `id`, ``CountdownSnapshotError/duplicatePhaseID(index:)`` if
  ///   `id` has two, and ``CountdownSnapshotError/unsupportedEntry(index:)`` if its entry is a
  ///   single countdown (restore that with ``countdown(restoring:id:)``).
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public func phaseCountdown<ID: Hashable & Sendable & Codable>(
    restoring snapshot: CountdownSnapshot<ID>, id: ID
  ) throws(CountdownSnapshotError) -> ObservablePhaseCountdown? {
    guard let index = try snapshot.validatePhaseEntry(of: id) else { return nil }
    let moment = restoreMoment(for: snapshot)
    let plan: PhaseRestorePlan
    do {
      plan = try PhaseRestorePlan(snapshot.phaseEntries[index], at: moment)
    } catch {
      throw .invalidPhaseEntry(index: index, reason: error)
    }
    adoptServerOffset(of: snapshot)
    let countdown = ObservablePhaseCountdown(manager: self)
    countdown.restart(plan, at: moment.now)
    return countdown
  }
}

extension CountdownManager {
  /// A snapshot of the countdown in phases of `key` alone, as ``snapshot(of:)-(ID.Type)`` would
  /// write its entry now (its dates in server time when the manager is calibrated): what an app
  /// posts to its push server (``CountdownPushScheduler/follow(_:id:token:lookAhead:)``). `nil`
  /// for a single countdown, a count-up, no countdown, a key of another type than `ID`, or a plan
  /// whose last phase ended.
  ///
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  package func phaseSnapshot<ID: Hashable & Sendable & Codable>(
    of key: IDKey, as idType: ID.Type
  ) -> CountdownSnapshot<ID>? {
    guard let id = key.id(as: ID.self), let record = record(of: key) else { return nil }
    let offset = state.withLock { $0.isCalibrated ? $0.serverOffset : nil }
    let wallNow = wallClock()
    let entries = phaseEntries(of: [(id: id, key: record.token)], wallNow: wallNow, offset: offset)
    guard !entries.isEmpty else { return nil }
    return CountdownSnapshot(takenAt: wallNow, serverOffset: offset, entries: [], phaseEntries: entries)
  }
}
