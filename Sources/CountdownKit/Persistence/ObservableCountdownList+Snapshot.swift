import Foundation

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
    manager.snapshot(of: ids.compactMap { id in rows[id]?.snapshotKey(id: id) })
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
