import Foundation

extension CountdownManager {
  /// What the manager counts for every id of type `ID`, written down to outlive the process.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(manager.snapshot(of: Order.ID.self))
  /// ```
  ///
  /// Holds every running or paused countdown and count-up started with `start(id:…)` or
  /// `listen(id:…)` whose id is an `ID` (ids of other types, receiver-keyed countdowns, one-shot
  /// actions and async sequences are left out). Dates are written in server time when the manager
  /// is calibrated. See ``CountdownSnapshot`` for what is kept, and why.
  /// - Complexity: O(*n*) in the number of ids, under one acquisition of the engine's lock.
  public func snapshot<ID: Hashable & Sendable & Codable>(of idType: ID.Type = ID.self) -> CountdownSnapshot<ID> {
    let type = ObjectIdentifier(ID.self)
    let keys = state.withLock { state in
      state.ids.compactMap { key, record -> SnapshotKey<ID>? in
        guard key.type == type, let id = key.base.base as? ID else { return nil }
        return SnapshotKey(id: id, receiver: record.token, deliveries: record.deliveries)
      }
    }
    return snapshot(of: keys)
  }

  /// Restores the countdowns of a snapshot, each keyed by its id again and calling the handler
  /// `makeUpdate` returns for its id: after a relaunch or a reboot, each has its right value at
  /// once.
  ///
  /// ```swift
  /// let snapshot = try CountdownSnapshot<Order.ID>(decoding: data)
  /// let restoration = try manager.restore(snapshot) { id in
  ///   { id, remaining, _ in store.remaining[id] = remaining }
  /// }
  /// ```
  ///
  /// Each countdown is started as by `start(id:…)` (replacing a countdown the id has already),
  /// with its policy and deliveries; a count-up as by `listen(id:…)`, counting from its start. A
  /// running one promptly gets one call with its current value; one that ran out while the app was
  /// not running gets its single `0` and is listed in ``CountdownRestoration/ended`` with the date
  /// it ended. A paused one stays paused, without a call until ``resume(id:)``: read its value with
  /// ``remaining(id:)``. Time spent not running does not count for a paused countdown nor for one
  /// with ``CountdownCore/SuspensionPolicy/pauses``.
  ///
  /// Dates written in server time are mapped through this manager's calibration if
  /// ``calibrate(serverNow:receivedAt:)`` was called on it (calibrate from a fresh response first:
  /// that corrects a change of the device's clock while the app was not running), else through the
  /// snapshot's own offset, which this manager then adopts.
  ///
  /// - Parameters:
  ///   - snapshot: What to restore.
  ///   - makeUpdate: Makes the handler of each id: called once per entry, after every entry was
  ///     checked, before the id is started.
  /// - Returns: The ids restored, and those that ended meanwhile.
  /// - Throws: A ``CountdownSnapshotError`` for an entry no countdown can have (see
  ///   ``CountdownSnapshot``), a repeated id, or a deadline too far from now to count; nothing is
  ///   restored then, and nothing changes.
  /// - Complexity: O(*n*) in the number of entries.
  @discardableResult
  public func restore<ID: Hashable & Sendable & Codable>(
    _ snapshot: CountdownSnapshot<ID>,
    _ makeUpdate: (ID) -> @MainActor (_ id: ID, _ value: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownSnapshotError) -> CountdownRestoration<ID> {
    let plans = try restorePlans(for: snapshot, supportsEverything: true)
    var ids: [ID] = []
    ids.reserveCapacity(plans.count)
    var ended: [ID: Date] = [:]
    for (entry, plan) in zip(snapshot.entries, plans) {
      let update = makeUpdate(entry.id)
      do {
        try start(id: entry.id, endsAtZero: plan.isCountdown, delivering: plan.deliveries, update) {
          token, handler throws(CountdownError) in
          try plan.register(token, on: engine, handler: handler)
        }
      } catch {
        // Ruled out by the plan's checks, which are the engine's own.
        continue
      }
      ids.append(entry.id)
      ended[entry.id] = plan.endedAt
    }
    return CountdownRestoration(ids: ids, ended: ended)
  }

  /// A snapshot of the registrations of `keys`, read at one instant.
  func snapshot<ID: Hashable & Sendable & Codable>(of keys: [SnapshotKey<ID>]) -> CountdownSnapshot<ID> {
    let offset = state.withLock { $0.isCalibrated ? $0.serverOffset : nil }
    let (_, readings) = engine.readings(of: keys.map(\.receiver))
    let wallNow = wallClock()
    let offsetSeconds = offset.map(\.secondsValue) ?? 0
    var entries: [CountdownSnapshot<ID>.Entry] = []
    entries.reserveCapacity(keys.count)
    for (key, reading) in zip(keys, readings) {
      guard let reading else { continue }
      let kind: CountdownSnapshot<ID>.Kind = reading.kind == .countdown ? .countdown : .countingUp
      var entry = CountdownSnapshot<ID>.Entry(
        id: key.id, kind: kind, policy: reading.policy, deliveries: key.deliveries, isPaused: reading.isPaused)
      if entry.countsByTime {
        entry.time = .nanoseconds(reading.nanoseconds)
      } else {
        let seconds = Double(reading.nanoseconds) / 1e9
        entry.date = wallNow + (kind == .countdown ? seconds : -seconds) + offsetSeconds
      }
      entries.append(entry)
    }
    return CountdownSnapshot(takenAt: wallNow, serverOffset: offset, entries: entries)
  }

  /// Checks every entry of `snapshot` against this manager, now, and works out how to count it
  /// again; adopts the snapshot's calibration if this manager has none and every entry passed.
  ///
  /// - Parameter supportsEverything: `false` for observable models, which hold countdowns that
  ///   deliver every change and nothing else.
  func restorePlans<ID: Hashable & Sendable & Codable>(
    for snapshot: CountdownSnapshot<ID>, supportsEverything: Bool
  ) throws(CountdownSnapshotError) -> [RestorePlan] {
    try snapshot.validate()
    let ownOffset = state.withLock { $0.isCalibrated ? $0.serverOffset : nil }
    // Device date = date written − the offset it was written with (or the fresh one).
    let offset = snapshot.serverOffset.map { ownOffset ?? $0 } ?? .zero
    let interval = (try? engine.interval.countdownNanoseconds()) ?? 1
    let wallNow = wallClock()
    let now = engine.clock.now.nanosecondsSinceOrigin
    var plans: [RestorePlan] = []
    plans.reserveCapacity(snapshot.entries.count)
    for (index, entry) in snapshot.entries.enumerated() {
      guard supportsEverything || (entry.kind == .countdown && entry.deliveries == .everyChange) else {
        throw .unsupportedEntry(index: index)
      }
      do {
        plans.append(try plan(for: entry, now: now, interval: interval, wallNow: wallNow, offset: offset))
      } catch {
        throw .invalidEntry(index: index, reason: error)
      }
    }
    if ownOffset == nil, let adopted = snapshot.serverOffset {
      state.withLock { state in
        state.serverOffset = adopted
        state.isCalibrated = true
      }
    }
    return plans
  }

  /// How to count `entry` again at clock instant `now` (wall clock `wallNow`), with the checks the
  /// engine's `register` makes, so that registering the plan cannot throw.
  private func plan<ID>(
    for entry: CountdownSnapshot<ID>.Entry, now: Int64, interval: Int64, wallNow: Date, offset: Duration
  ) throws(CountdownError) -> RestorePlan {
    var plan = RestorePlan(
      target: .duration(.zero), policy: entry.policy, deliveries: entry.deliveries, isPaused: entry.isPaused)
    if let time = entry.time {
      let nanoseconds = try time.countdownNanoseconds()
      guard nanoseconds >= 0 else { throw .negativeDuration }
      switch entry.kind {
      case .countdown:
        try Self.checkCountdown(of: nanoseconds, at: now, interval: interval)
        plan.target = .duration(.nanoseconds(nanoseconds))
        if nanoseconds == 0 { plan.endedAt = wallNow }
      case .countingUp:
        plan.target = .countingUp(from: try Self.start(elapsed: nanoseconds, before: now))
      }
      return plan
    }
    guard let date = entry.date else { throw .nonFiniteValue }
    let device = date - offset.secondsValue
    let ahead = device.timeIntervalSince(wallNow)
    guard ahead.isFinite else { throw .nonFiniteValue }
    guard abs(ahead) < Self.representableSeconds else { throw .outOfRange }
    // Dates carry about a tenth of a microsecond: whole microseconds give back a deadline that lay
    // on an interval's boundary exactly, instead of a hair after it (a value one too high).
    let nanoseconds = Int64((ahead * 1e6).rounded()) * 1_000
    switch entry.kind {
    case .countdown:
      guard nanoseconds > 0 else {
        plan.target = .deadline(CountdownInstant(nanosecondsSinceOrigin: now))
        plan.endedAt = device
        return plan
      }
      try Self.checkCountdown(of: nanoseconds, at: now, interval: interval)
      plan.target = .deadline(CountdownInstant(nanosecondsSinceOrigin: now + nanoseconds))
    case .countingUp:
      // A start ahead of now (the device's clock went back): it counts from now.
      plan.target = .countingUp(from: try Self.start(elapsed: max(0, -nanoseconds), before: now))
    }
    return plan
  }

  /// Refuses a countdown of `nanoseconds` from `now` that the engine would: a deadline past the
  /// clock's last instant, or more intervals than a value holds.
  private static func checkCountdown(of nanoseconds: Int64, at now: Int64, interval: Int64) throws(CountdownError) {
    guard !now.addingReportingOverflow(nanoseconds).overflow else { throw .outOfRange }
    guard nanoseconds == 0 || (nanoseconds - 1) / interval + 1 <= CountdownTiming.maximumValue else {
      throw .outOfRange
    }
  }

  /// The clock instant `elapsed` nanoseconds before `now`.
  private static func start(elapsed: Int64, before now: Int64) throws(CountdownError) -> CountdownInstant {
    let (start, overflow) = now.subtractingReportingOverflow(elapsed)
    guard !overflow else { throw .outOfRange }
    return CountdownInstant(nanosecondsSinceOrigin: start)
  }
}
