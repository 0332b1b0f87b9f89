public import Foundation

extension CountdownManager {
  /// Stops the manager's timer, for example when the app leaves the foreground: no wakeups, no CPU.
  ///
  /// This stops the whole manager; ``pause(_:)`` freezes one countdown. Countdowns keep their
  /// deadlines, but those started with ``CountdownCore/SuspensionPolicy/pauses`` freeze (an
  /// ``ObservableCountdown``'s dates say so inside this call on the main actor, else on the main
  /// queue's next turn); ``resumeTicking()`` delivers the corrected values.
  public func suspendTicking() {
    engine.suspendTicking()
    refreshModelsFollowingSuspensions()
    tellIDObserversOfSuspension(suspended: true)
  }

  /// Restarts the manager's timer after ``suspendTicking()``: every running countdown that
  /// delivers every change gets one prompt callback with its corrected value, those that ran out
  /// meanwhile their single `0` (one that delivers only its end or milestones, or is paused, waits
  /// for its next). ``resume(_:)`` continues one paused countdown. The `0` of an id's countdown
  /// that ran out meanwhile comes late: its handler reads how late with ``endedAgo(id:)``.
  public func resumeTicking() {
    noteEndsPassedWhileSuspended()
    engine.resumeTicking()
    refreshModelsFollowingSuspensions()
    tellIDObserversOfSuspension(suspended: false)
  }

  /// Whether the manager's ticking is suspended.
  public var isSuspended: Bool {
    engine.isSuspended
  }

  /// Whether this manager suspends its ticking by itself when the app goes to the background, and
  /// resumes it when the app comes back.
  ///
  /// `true` for ``shared`` where the platform posts such notifications, not on macOS and Linux (see
  /// the article *Time semantics*, "The background"); `false` for managers you create. Setting it
  /// to `true` makes any manager follow them as `shared` does; setting it to `false` only stops
  /// observing: a manager suspended at that moment stays suspended until ``resumeTicking()``.
  ///
  /// ```swift
  /// CountdownManager.shared.suspendsInBackground = false
  /// ```
  public var suspendsInBackground: Bool {
    get { state.withLock { $0.automaticLifecycle != nil } }
    set {
      if newValue {
        followLifecycle(
          suspendOn: LifecycleObservation.platformSuspendNames, resumeOn: LifecycleObservation.platformResumeNames)
      } else {
        stopFollowingLifecycle()
      }
    }
  }

  /// Observes `suspendNames` and `resumeNames` on `center` as the manager's automatic lifecycle
  /// wiring, unless it has one. `package`: tests wire names where the platform has none.
  package func followLifecycle(
    suspendOn suspendNames: [Notification.Name], resumeOn resumeNames: [Notification.Name],
    center: NotificationCenter = .default
  ) {
    guard !suspendNames.isEmpty || !resumeNames.isEmpty else { return }
    guard state.withLock({ $0.automaticLifecycle == nil }) else { return }
    // Made outside the lock (it calls into NotificationCenter); a concurrent setter may have won.
    let observation = suspendAndResume(on: suspendNames, and: resumeNames, center: center)
    let installed = state.withLock { $0.automaticLifecycleStarted { observation.cancel() } }
    if !installed { observation.cancel() }
  }

  /// Ends the automatic lifecycle wiring, if any; the observation is released outside the lock.
  func stopFollowingLifecycle() {
    let stop = state.withLock { $0.automaticLifecycleStopped() }
    stop?()
  }

  /// Suspends this manager when any of `suspendNames` is posted and resumes it on any of
  /// `resumeNames`, for as long as the returned observation lives.
  ///
  /// ```swift
  /// let observation = manager.suspendAndResume(
  ///   on: LifecycleObservation.platformSuspendNames,
  ///   and: LifecycleObservation.platformResumeNames)
  /// ```
  /// (What ``shared`` does by itself.) The observers run on the posting thread.
  public func suspendAndResume(
    on suspendNames: [Notification.Name],
    and resumeNames: [Notification.Name],
    center: NotificationCenter = .default
  ) -> LifecycleObservation {
    LifecycleObservation(manager: self, center: center, suspendOn: suspendNames, resumeOn: resumeNames)
  }

  /// Stops refreshing the model keyed by `handle` at suspensions: it was released, or counts on
  /// through them. From any thread.
  func stopFollowingSuspensions(_ handle: CountdownHandle) {
    // The closure (and the weak reference in it) is released outside the lock.
    let removed = state.withLock { $0.modelStopsFollowingSuspensions(ObjectIdentifier(handle)) }
    _ = removed
  }

  /// Refreshes the dates of every model whose countdown pauses while suspended: at once where the
  /// main queue's work runs (the engine's one rule, ``CountdownCore/MainThreadMark/runsMainQueueWork``:
  /// the main thread, or a block of the main queue), else on the main queue's next turn (each reads
  /// the state when it runs).
  func refreshModelsFollowingSuspensions() {
    let models = state.withLock { Array($0.modelsFollowingSuspensions.values) }
    guard !models.isEmpty else { return }
    let refresh = { @MainActor in
      for model in models { model() }
    }
    if MainThreadMark.runsMainQueueWork {
      MainActor.assumeIsolated(refresh)
    } else {
      DispatchQueue.main.async(execute: refresh)
    }
  }
}
