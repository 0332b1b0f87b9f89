public import Foundation

extension CountdownManager {
  /// Restores the countdowns of ids of type `ID` that `store` holds, and saves them there
  /// whenever the app leaves the foreground: relaunch and reboot survival in one call, with no
  /// file handling.
  ///
  /// ```swift
  /// // At launch:
  /// try manager.keepSaved(Order.ID.self, in: .file(ordersURL)) { id, remaining, _ in
  ///   store.remaining[id] = remaining
  /// }
  /// // From then on, each countdown started with start(id:…) is saved when the app goes to the background.
  /// ```
  ///
  /// The restore is ``restore(_:_:)``'s, which leaves countdowns in phases out: an app that runs
  /// some restores them with ``keepSaved(_:in:savingOn:center:onFailure:_:phases:)``. Each save writes ``snapshot(of:)-(ID.Type)`` as JSON, on
  /// the posting thread, when any of `names` is posted on `center` (by default the notifications
  /// the ``shared`` manager suspends on; macOS and Linux have none: pass your own, or call
  /// ``save(_:to:)``). Called again for the same `ID` while its saving lasts, it replaces the saving
  /// and restores nothing, the countdowns being live; after ``stopSaving(_:)`` it restores again.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids to save and restore.
  ///   - store: Where the countdowns are kept.
  ///   - names: The notifications to save on.
  ///   - center: Where to observe them.
  ///   - onFailure: Called with the error of a save that failed (a full disk); the previous save
  ///     stays.
  ///   - update: The handler of every restored id, as for ``restore(_:_:)``.
  /// - Returns: What the restore did; empty for a call that replaces a saving.
  /// - Throws: A ``CountdownSnapshotError`` for a store that cannot be read or a snapshot
  ///   ``restore(_:_:)`` refuses (a replacing call too); nothing changes then, and a damaged save is
  ///   not overwritten unseen: remove it with ``CountdownStore/remove()`` and call again.
  @discardableResult
  public func keepSaved<ID: Hashable & Sendable & Codable>(
    _ idType: ID.Type = ID.self, in store: CountdownStore,
    savingOn names: [Notification.Name] = LifecycleObservation.platformSuspendNames,
    center: NotificationCenter = .default, onFailure: (@Sendable (any Error) -> Void)? = nil,
    _ update: @escaping @MainActor (_ id: ID, _ value: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownSnapshotError) -> CountdownRestoration<ID> {
    try keepSaving(ID.self, in: store, savingOn: names, center: center, onFailure: onFailure) {
      snapshot throws(CountdownSnapshotError) in try restore(snapshot, update)
    }
  }

  /// Restores the countdowns and the countdowns in phases of ids of type `ID` that `store` holds,
  /// and saves them there whenever the app leaves the foreground.
  ///
  /// ```swift
  /// // At launch: the Pomodoro comes back where its plan is now, and is saved from then on.
  /// try manager.keepSaved(String.self, in: .userDefaults(key: "timers")) { id, remaining, _ in
  ///   store.remaining[id] = remaining
  /// } phases: { _, update, _ in
  ///   if let position = update.position { show(position.phase.name, update.remaining) }
  /// }
  /// ```
  ///
  /// As ``keepSaved(_:in:savingOn:center:onFailure:_:)``, with ``restore(_:_:phases:)``: each save
  /// holds every countdown in phases as it stands then (its phase, its phase's end or time left),
  /// so what a change made (a start, a skip, a restart, going back, a pause, a resume, time added,
  /// a cancel, a phase end) is in the next save.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids to save and restore.
  ///   - store: Where the countdowns are kept.
  ///   - names: The notifications to save on.
  ///   - center: Where to observe them.
  ///   - onFailure: Called with the error of a save that failed; the previous save stays.
  ///   - update: The handler of every restored countdown, as for ``restore(_:_:)``.
  ///   - phases: The handler of every restored countdown in phases, as for ``restore(_:_:phases:)``.
  /// - Returns: What the restore did; empty for a call that replaces a saving.
  /// - Throws: What ``keepSaved(_:in:savingOn:center:onFailure:_:)`` throws, and what
  ///   ``restore(_:_:phases:)`` throws for a countdown in phases; nothing changes then.
  @discardableResult
  public func keepSaved<ID: Hashable & Sendable & Codable>(
    _ idType: ID.Type = ID.self, in store: CountdownStore,
    savingOn names: [Notification.Name] = LifecycleObservation.platformSuspendNames,
    center: NotificationCenter = .default, onFailure: (@Sendable (any Error) -> Void)? = nil,
    _ update: @escaping @MainActor (_ id: ID, _ value: Int, _ stop: inout Bool) -> Void,
    phases: @escaping @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) throws(CountdownSnapshotError) -> CountdownRestoration<ID> {
    try keepSaving(ID.self, in: store, savingOn: names, center: center, onFailure: onFailure) {
      snapshot throws(CountdownSnapshotError) in try restore(snapshot, update, phases: phases)
    }
  }

  /// Restores the countdowns in phases of ids of type `ID` that `store` holds, and saves them there
  /// whenever the app leaves the foreground: for an app whose countdowns all walk plans.
  ///
  /// ```swift
  /// // At launch: the Pomodoro comes back where its plan is now, and is saved from then on.
  /// try manager.keepSaved(plansOf: String.self, in: .userDefaults(key: "timers")) { _, update, _ in
  ///   if let position = update.position { show(position.phase.name, update.remaining) }
  /// }
  /// ```
  ///
  /// As ``keepSaved(_:in:savingOn:center:onFailure:_:phases:)``, but the single countdowns the store
  /// holds are left out of the restore (as ``keepSaved(_:in:savingOn:center:onFailure:_:)`` leaves
  /// out the countdowns in phases): an app that starts them needs that one, with their handler.
  /// (The type is named, with its own label, so that a trailing closure that ignores its arguments
  /// still picks one of the other two.)
  ///
  /// - Parameters:
  ///   - idType: The type of the ids to save and restore.
  ///   - store: Where the countdowns are kept.
  ///   - names: The notifications to save on.
  ///   - center: Where to observe them.
  ///   - onFailure: Called with the error of a save that failed; the previous save stays.
  ///   - phases: The handler of every restored countdown in phases, as for ``restore(_:_:phases:)``.
  /// - Returns: What the restore did (the countdowns in phases only); empty for a call that
  ///   replaces a saving.
  /// - Throws: What ``keepSaved(_:in:savingOn:center:onFailure:_:phases:)`` throws; nothing changes
  ///   then.
  /// - Complexity: As ``restore(_:_:phases:)``, O(*n*) in the entries restored.
  @discardableResult
  public func keepSaved<ID: Hashable & Sendable & Codable>(
    plansOf idType: ID.Type, in store: CountdownStore,
    savingOn names: [Notification.Name] = LifecycleObservation.platformSuspendNames,
    center: NotificationCenter = .default, onFailure: (@Sendable (any Error) -> Void)? = nil,
    phases: @escaping @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) throws(CountdownSnapshotError) -> CountdownRestoration<ID> {
    try keepSaving(ID.self, in: store, savingOn: names, center: center, onFailure: onFailure) {
      snapshot throws(CountdownSnapshotError) in try restore(snapshot, countdowns: nil, phases: phases)
    }
  }

  /// Restores what `store` holds with `restoring`, unless a saving of `ID` lasts, and saves there
  /// on `names` from then on.
  private func keepSaving<ID: Hashable & Sendable & Codable>(
    _ idType: ID.Type, in store: CountdownStore, savingOn names: [Notification.Name], center: NotificationCenter,
    onFailure: (@Sendable (any Error) -> Void)?,
    restoring: (CountdownSnapshot<ID>) throws(CountdownSnapshotError) -> CountdownRestoration<ID>
  ) throws(CountdownSnapshotError) -> CountdownRestoration<ID> {
    let key = ObjectIdentifier(ID.self)
    // A saving that lasts means the manager's countdowns of `ID` are live: what the store holds is
    // older than they are, so it is read (a damaged save is refused) but not restored over them.
    let replaces = state.withLock { $0.savings[key] != nil }
    var restoration = CountdownRestoration<ID>(ids: [], ended: [:])
    if let saved = try Self.savedSnapshot(ID.self, in: store), !replaces {
      restoration = try restoring(saved)
    }
    let observation = NotificationObservers(observing: names, on: center) { [weak self] in
      do {
        try self?.save(ID.self, to: store)
      } catch {
        onFailure?(error)
      }
    }
    let replaced = state.withLock { $0.savingStarted(observation, for: key) }
    replaced?.removeAll()
    return restoration
  }

  /// Writes the countdowns of ids of type `ID` to `store` now (``snapshot(of:)-(ID.Type)`` as JSON).
  ///
  /// - Throws: The store's error for a write that failed; what was saved before stays.
  public func save<ID: Hashable & Sendable & Codable>(_ idType: ID.Type = ID.self, to store: CountdownStore) throws {
    try store.save(JSONEncoder().encode(snapshot(of: ID.self)))
  }

  /// Ends the saving that ``keepSaved(_:in:savingOn:center:onFailure:_:)`` set up for `ID`.
  public func stopSaving<ID: Hashable & Sendable & Codable>(_ idType: ID.Type = ID.self) {
    let observation = state.withLock { $0.savingStopped(for: ObjectIdentifier(ID.self)) }
    observation?.removeAll()
  }

  /// The snapshot `store` holds, or `nil` if it holds none.
  static func savedSnapshot<ID: Hashable & Sendable & Codable>(
    _ idType: ID.Type, in store: CountdownStore
  ) throws(CountdownSnapshotError) -> CountdownSnapshot<ID>? {
    let data: Data?
    do {
      data = try store.load()
    } catch {
      throw .unreadable
    }
    return try data.map { data throws(CountdownSnapshotError) in try CountdownSnapshot<ID>(decoding: data) }
  }
}
