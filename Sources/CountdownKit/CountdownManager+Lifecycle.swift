public import Foundation

extension CountdownManager {
  /// Stops the timer, for example when the app leaves the foreground: no wakeups, no CPU.
  ///
  /// Countdowns keep their deadlines (unless started with ``CountdownCore/SuspensionPolicy/pauses``); ``resume()``
  /// delivers their corrected values.
  public func suspend() {
    engine.suspend()
  }

  /// Restarts after ``suspend()``: every countdown gets one prompt callback with its corrected
  /// remaining time, those that ran out meanwhile get their single `0`, and ticking continues.
  public func resume() {
    engine.resume()
  }

  /// Whether the manager is suspended.
  public var isSuspended: Bool {
    engine.isSuspended
  }

  /// Suspends this manager when any of `suspendNames` is posted and resumes it on any of
  /// `resumeNames`, for as long as the returned observation lives.
  ///
  /// ```swift
  /// let observation = manager.suspendAndResume(
  ///   on: LifecycleObservation.platformSuspendNames,
  ///   and: LifecycleObservation.platformResumeNames)
  /// ```
  /// (The ``shared`` manager does exactly this by itself; on macOS and Linux those lists are empty,
  /// see ``LifecycleObservation``.) The observers run on the posting thread; suspending and
  /// resuming are safe from any thread.
  public func suspendAndResume(
    on suspendNames: [Notification.Name],
    and resumeNames: [Notification.Name],
    center: NotificationCenter = .default
  ) -> LifecycleObservation {
    LifecycleObservation(manager: self, center: center, suspendOn: suspendNames, resumeOn: resumeNames)
  }
}
