public import Foundation

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
  /// The restore is ``restore(_:)``'s; nothing saved yet restores nothing. Each save writes
  /// ``snapshot()`` as JSON when any of `names` is posted on `center` (by default the platform's
  /// background notifications, see ``CountdownManager/keepSaved(_:in:savingOn:center:onFailure:_:)``),
  /// on the main actor: at once when posted on the main thread, as the platform's are, else as soon
  /// as the main queue runs. The saving lasts as long as the list, or until ``stopSaving()``.
  ///
  /// Calling it again while its saving lasts replaces that saving (from then on it saves to the
  /// new call's store, on its notifications, reporting to its `onFailure`) and restores nothing:
  /// the list's rows are live, so no row removed comes back, none is restarted, and the
  /// restoration returned is empty. After ``stopSaving()``, a call restores, as the first did.
  ///
  /// - Returns: What the restore did; empty for a call that replaces a saving.
  /// - Throws: A ``CountdownSnapshotError`` for a store that cannot be read or a snapshot that
  ///   ``restore(_:)`` refuses; nothing changes then, and nothing is set up to save. A call that
  ///   replaces a saving reads the store too, and throws for one that cannot be read or holds a
  ///   snapshot ``CountdownSnapshot/init(decoding:)`` refuses; the earlier saving then stays.
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
    saving = SavingObservation(names: names, center: center) { [weak self] in
      let save = { @MainActor in
        do {
          try self?.save(to: store)
        } catch {
          onFailure?(error)
        }
      }
      if Thread.isMainThread {
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
    saving?.cancel()
    saving = nil
  }
}
