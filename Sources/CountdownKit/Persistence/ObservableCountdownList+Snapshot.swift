public import Foundation

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension ObservableCountdownList where ID: Codable {
  /// What every row counts, to outlive the process: encode it, and ``restore(_:)`` it after a
  /// relaunch.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(deliveries.snapshot())
  /// ```
  ///
  /// Every row the list shows is kept, in order: a row that ended with the date it ended (it
  /// restores ended, as it shows now). Rows whose countdown was cancelled (by
  /// ``CountdownManager/cancelAll()``) are left out. See ``CountdownSnapshot`` for what is kept.
  /// - Complexity: O(*n*) in the number of rows.
  public func snapshot() -> CountdownSnapshot<ID> {
    manager.snapshot(of: ids.compactMap { id in rows[id]?.snapshotSource(id: id) })
  }

  /// Restores the rows of a snapshot: each id's row is added (or restarted) with its countdown's
  /// value at once; one that ran out while the app was not running shows its `0` and
  /// ``ObservableCountdown/hasEnded``, and is listed in ``CountdownRestoration/ended``.
  ///
  /// ```swift
  /// let restoration = try deliveries.restore(CountdownSnapshot(decoding: data))
  /// ```
  ///
  /// Dates in server time are mapped as by ``CountdownManager/restore(_:_:)``.
  /// - Throws: A ``CountdownSnapshotError``, also ``CountdownSnapshotError/unsupportedEntry(index:)``
  ///   for a count-up (a row counts down); no row changes then.
  /// - Complexity: O(*n*) in the number of entries, and O(*n*) more per entry whose row is new.
  @discardableResult
  public func restore(_ snapshot: CountdownSnapshot<ID>) throws(CountdownSnapshotError) -> CountdownRestoration<ID> {
    try snapshot.validate()
    let plans = try manager.restorePlans(for: snapshot, at: snapshot.entries.indices, allowsCountingUp: false)
    manager.adoptServerOffset(of: snapshot)
    var ended: [ID: Date] = [:]
    for (entry, plan) in zip(snapshot.entries, plans) {
      let row = rows[entry.id] ?? ObservableCountdown(manager: manager)
      row.restart(plan)
      add(row, for: entry.id)
      ended[entry.id] = plan.endedAt
    }
    return CountdownRestoration(ids: snapshot.entries.map(\.id), ended: ended)
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension ObservableCountdownList where ID: Codable {
  /// Restores the rows that `store` holds, and saves every row there whenever the app leaves the
  /// foreground: a list that survives relaunch and reboot in one call.
  ///
  /// ```swift
  /// let deliveries = ObservableCountdownList<Order.ID>()
  /// try deliveries.keepSaved(in: .userDefaults(key: "deliveries"))
  /// ```
  ///
  /// As ``CountdownManager/keepSaved(_:in:savingOn:center:onFailure:_:)``, with ``restore(_:)`` and
  /// ``snapshot()``; each save runs on the main actor (at once when posted on the main thread or in
  /// a block of the main queue, else as soon as the main queue runs), and the saving lasts as long
  /// as the list, or until ``stopSaving()``.
  ///
  /// - Returns: What the restore did; empty for a call that replaces a saving.
  /// - Throws: What ``CountdownManager/keepSaved(_:in:savingOn:center:onFailure:_:)`` throws, and,
  ///   as ``restore(_:)``, ``CountdownSnapshotError/unsupportedEntry(index:)`` for a count-up.
  @discardableResult
  public func keepSaved(
    in store: CountdownStore, savingOn names: [Notification.Name] = LifecycleObservation.platformSuspendNames,
    center: NotificationCenter = .default, onFailure: (@Sendable (any Error) -> Void)? = nil
  ) throws(CountdownSnapshotError) -> CountdownRestoration<ID> {
    // A saving that lasts means the rows are live: what the store holds is older than they are, so
    // it is read (a damaged save is refused) but not restored over them.
    let replaces = saving != nil
    var restoration = CountdownRestoration<ID>(ids: [], ended: [:])
    if let saved = try CountdownManager.savedSnapshot(ID.self, in: store), !replaces {
      restoration = try restore(saved)
    }
    saving = NotificationObservers(observing: names, on: center) { [weak self] in
      let save = { @MainActor in
        do {
          try self?.save(to: store)
        } catch {
          onFailure?(error)
        }
      }
      if MainThreadMark.runsMainQueueWork {
        MainActor.assumeIsolated(save)
      } else {
        DispatchQueue.main.async(execute: save)
      }
    }
    return restoration
  }

  /// Writes every row to `store` now (``snapshot()`` as JSON).
  ///
  /// - Throws: The store's error for a write that failed; what was saved before stays.
  public func save(to store: CountdownStore) throws {
    try store.save(JSONEncoder().encode(snapshot()))
  }

  /// Ends the saving that ``keepSaved(in:savingOn:center:onFailure:)`` set up.
  public func stopSaving() {
    saving?.removeAll()
    saving = nil
  }
}
