/// What the manager keeps beside its engine, inside its lock (`CountdownManager.state`). Every
/// change is one `mutating` method, named for its event, here or on the id map (``IDRegistry``,
/// reached as `state.ids`); the other fields are `private(set)`. No method releases what could run
/// a deinit: what an event replaces or removes is returned, and the caller drops it after the lock.
struct ManagerState {
  /// Added to this device's wall clock, the server's.
  private(set) var serverOffset: Duration = .zero
  /// Whether the manager was calibrated: a snapshot then writes its dates in server time, and a
  /// restore maps them through this manager's own offset.
  private(set) var isCalibrated = false
  var ids = IDRegistry()
  /// The refreshes of the observable models whose countdown pauses while the manager is
  /// suspended, by their handle (see ``CountdownManager/refreshModelsFollowingSuspensions()``).
  private(set) var modelsFollowingSuspensions: [ObjectIdentifier: @MainActor @Sendable () -> Void] = [:]
  /// The saves ``CountdownManager/keepSaved(_:in:savingOn:center:onFailure:_:)`` set up, by id type.
  private(set) var savings: [ObjectIdentifier: NotificationObservers] = [:]
  private(set) var idObservers: [Int: @Sendable (_ ids: [IDKey], _ ended: Bool) -> Void] = [:]
  private(set) var nextIDObserverKey = 0
  /// What the id observers that follow the manager's suspensions hear of them, by the observer's key.
  private(set) var suspensionObservers: [Int: @Sendable (_ suspended: Bool) -> Void] = [:]
  /// What the id observers that hear phase ends hear of them, by the observer's key.
  private(set) var phaseEndObservers: [Int: @Sendable (_ ids: [IDKey]) -> Void] = [:]
  /// Ends the automatic background/foreground wiring (see
  /// ``CountdownManager/suspendsInBackground``), which it holds; `nil` without one.
  private(set) var automaticLifecycle: (@Sendable () -> Void)?

  // MARK: Server time

  /// ``CountdownManager/calibrate(serverNow:receivedAt:)`` measured `offset`.
  mutating func calibrated(serverOffset offset: Duration) {
    serverOffset = offset
    isCalibrated = true
  }

  /// A snapshot written with `offset` was restored: the offset becomes the manager's, unless the
  /// manager is calibrated already (its own calibration, or an earlier snapshot's, stays).
  mutating func snapshotRestored(serverOffset offset: Duration) {
    guard !isCalibrated else { return }
    calibrated(serverOffset: offset)
  }

  // MARK: Id observers

  /// ``CountdownManager/addIDObserver(_:suspended:phasesEnded:)`` added `observer` (and
  /// `suspended` and `phasesEnded`, what it hears of the suspensions and of phase ends); returns
  /// the key it is kept under.
  mutating func idObserverAdded(
    _ observer: @escaping @Sendable (_ ids: [IDKey], _ ended: Bool) -> Void,
    suspended: (@Sendable (_ suspended: Bool) -> Void)? = nil,
    phasesEnded: (@Sendable (_ ids: [IDKey]) -> Void)? = nil
  ) -> Int {
    defer { nextIDObserverKey += 1 }
    idObservers[nextIDObserverKey] = observer
    suspensionObservers[nextIDObserverKey] = suspended
    phaseEndObservers[nextIDObserverKey] = phasesEnded
    return nextIDObserverKey
  }

  /// The observer of `key` removed: what it was, returned to be released after the lock.
  mutating func idObserverRemoved(
    _ key: Int
  ) -> (
    (@Sendable (_ ids: [IDKey], _ ended: Bool) -> Void)?, (@Sendable (_ suspended: Bool) -> Void)?,
    (@Sendable (_ ids: [IDKey]) -> Void)?
  ) {
    (
      idObservers.removeValue(forKey: key), suspensionObservers.removeValue(forKey: key),
      phaseEndObservers.removeValue(forKey: key)
    )
  }

  // MARK: Observable models

  /// The model keyed by `handle` now pauses while the manager is suspended: `refresh` brings its
  /// dates up to date at each suspension and resumption.
  mutating func modelFollowsSuspensions(
    _ handle: ObjectIdentifier, refresh: @escaping @MainActor @Sendable () -> Void
  ) -> (@MainActor @Sendable () -> Void)? {
    modelsFollowingSuspensions.updateValue(refresh, forKey: handle)
  }

  /// The model keyed by `handle` was released, or counts on through suspensions.
  mutating func modelStopsFollowingSuspensions(_ handle: ObjectIdentifier) -> (@MainActor @Sendable () -> Void)? {
    modelsFollowingSuspensions.removeValue(forKey: handle)
  }

  // MARK: Savings

  /// A saving of the ids of `type` was set up: it replaces the one that type had, which the caller
  /// cancels.
  mutating func savingStarted(_ observation: NotificationObservers, for type: ObjectIdentifier)
    -> NotificationObservers?
  {
    savings.updateValue(observation, forKey: type)
  }

  mutating func savingStopped(for type: ObjectIdentifier) -> NotificationObservers? {
    savings.removeValue(forKey: type)
  }

  // MARK: Lifecycle

  /// The manager follows the app's lifecycle through a wiring that `stop` ends, unless it has one
  /// already (another thread's won: `false`, and the caller ends its own after the lock).
  mutating func automaticLifecycleStarted(stoppedBy stop: @escaping @Sendable () -> Void) -> Bool {
    guard automaticLifecycle == nil else { return false }
    automaticLifecycle = stop
    return true
  }

  /// The manager no longer follows the app's lifecycle by itself: what ends the wiring, to call
  /// after the lock.
  mutating func automaticLifecycleStopped() -> (@Sendable () -> Void)? {
    defer { automaticLifecycle = nil }
    return automaticLifecycle
  }
}
