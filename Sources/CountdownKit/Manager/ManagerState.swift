/// What the manager keeps beside its engine, inside its lock (`CountdownManager.state`). Every
/// change is one `mutating` method here, named for the event it follows; the fields are
/// `private(set)`, so the compiler keeps every other file from writing them; the id map,
/// ``IDRegistry``, is the exception: its records are private to it, so it is changed only through
/// its own methods, which callers reach as `state.ids`.
///
/// The methods call no user code but the ids' own `Hashable` conformance (the id map's lookups),
/// and release nothing whose release could run a deinit: what an event replaces or removes (a
/// saving, a lifecycle observation, a model's refresh, a token) is returned, and the caller drops
/// it after the lock.
struct ManagerState {
  /// Offset to add to this device's wall clock to get the server's (see ``CountdownManager/calibrate(serverNow:receivedAt:)``).
  private(set) var serverOffset: Duration = .zero
  /// Whether ``CountdownManager/calibrate(serverNow:receivedAt:)`` was called: a snapshot then writes its dates in
  /// server time, and a restore maps them through this manager's own offset.
  private(set) var isCalibrated = false
  /// The tokens standing in for `Hashable` ids (see
  /// ``CountdownManager/start(id:for:whileSuspended:delivering:pastTheEnd:_:)``), each with its
  /// generation, the number of its latest start (a countdown that ends forgets its id only if no
  /// later start replaced it) and, for a countdown, its length from start to end (the span of
  /// ``CountdownManager/timerDates(id:)``, which a snapshot keeps so that progress goes on after a
  /// relaunch).
  var ids = IDRegistry()
  /// The observable models whose countdown pauses while the manager is suspended, by their
  /// handle: each freezes at ``CountdownManager/suspendTicking()`` and runs again at ``CountdownManager/resumeTicking()``, and its
  /// dates follow (see ``CountdownManager/refreshModelsFollowingSuspensions()``).
  private(set) var modelsFollowingSuspensions: [ObjectIdentifier: @MainActor @Sendable () -> Void] = [:]
  /// The saves ``CountdownManager/keepSaved(_:in:savingOn:center:onFailure:_:)`` set up, by id type.
  private(set) var savings: [ObjectIdentifier: NotificationObservers] = [:]
  /// The observers of id changes (``CountdownManager/addIDObserver(_:)``), by the key each was added under.
  private(set) var idObservers: [Int: @Sendable ([IDKey]) -> Void] = [:]
  /// The key the next id observer is added under.
  private(set) var nextIDObserverKey = 0
  /// The automatic background/foreground wiring (``CountdownManager/shared``'s, where the platform has one; see
  /// ``CountdownManager/suspendsInBackground``).
  private(set) var automaticLifecycle: LifecycleObservation?

  // MARK: Server time

  /// ``CountdownManager/calibrate(serverNow:receivedAt:)`` measured `offset`: it is the manager's from now on, and
  /// the manager is calibrated.
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

  /// ``CountdownManager/addIDObserver(_:)`` added `observer`.
  ///
  /// - Returns: The key it is kept under.
  mutating func idObserverAdded(_ observer: @escaping @Sendable ([IDKey]) -> Void) -> Int {
    defer { nextIDObserverKey += 1 }
    idObservers[nextIDObserverKey] = observer
    return nextIDObserverKey
  }

  /// ``CountdownManager/removeIDObserver(_:)`` for `key`.
  ///
  /// - Returns: The observer removed, if any, for the caller to release after the lock.
  mutating func idObserverRemoved(_ key: Int) -> (@Sendable ([IDKey]) -> Void)? {
    idObservers.removeValue(forKey: key)
  }

  // MARK: Observable models

  /// The model keyed by `handle` now pauses while the manager is suspended: `refresh` brings its
  /// dates up to date at each suspension and resumption.
  ///
  /// - Returns: The refresh it had before, if any, for the caller to release after the lock.
  mutating func modelFollowsSuspensions(
    _ handle: ObjectIdentifier, refresh: @escaping @MainActor @Sendable () -> Void
  ) -> (@MainActor @Sendable () -> Void)? {
    modelsFollowingSuspensions.updateValue(refresh, forKey: handle)
  }

  /// The model keyed by `handle` was released, or counts on through suspensions: no refresh for
  /// it any more.
  ///
  /// - Returns: Its refresh, if it had one, for the caller to release after the lock.
  mutating func modelStopsFollowingSuspensions(_ handle: ObjectIdentifier) -> (@MainActor @Sendable () -> Void)? {
    modelsFollowingSuspensions.removeValue(forKey: handle)
  }

  // MARK: Savings

  /// ``CountdownManager/keepSaved(_:in:savingOn:center:onFailure:_:)`` set up `observation` for the ids of `type`:
  /// it replaces the saving that type had.
  ///
  /// - Returns: The saving replaced, for the caller to cancel and release after the lock.
  mutating func savingStarted(_ observation: NotificationObservers, for type: ObjectIdentifier)
    -> NotificationObservers?
  {
    savings.updateValue(observation, forKey: type)
  }

  /// ``CountdownManager/stopSaving(_:)`` for the ids of `type`.
  ///
  /// - Returns: The saving ended, for the caller to cancel and release after the lock.
  mutating func savingStopped(for type: ObjectIdentifier) -> NotificationObservers? {
    savings.removeValue(forKey: type)
  }

  // MARK: Lifecycle

  /// The manager was set to follow the app's lifecycle through `observation`: it becomes the
  /// automatic wiring, unless the manager has one already (another thread's won).
  ///
  /// - Returns: Whether `observation` was installed; if not, the caller cancels it after the lock.
  mutating func automaticLifecycleStarted(_ observation: LifecycleObservation) -> Bool {
    guard automaticLifecycle == nil else { return false }
    automaticLifecycle = observation
    return true
  }

  /// The manager no longer follows the app's lifecycle by itself.
  ///
  /// - Returns: The wiring it had, if any, for the caller to cancel and release after the lock.
  mutating func automaticLifecycleStopped() -> LifecycleObservation? {
    defer { automaticLifecycle = nil }
    return automaticLifecycle
  }
}
