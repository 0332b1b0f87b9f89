public import Foundation

/// Suspends and resumes a ``CountdownManager`` when notifications are posted, for as long as this
/// object lives (or until ``cancel()``).
///
/// ```swift
/// // AppKit, or any app-defined lifecycle:
/// let observation = manager.suspendAndResume(
///   on: [NSApplication.didResignActiveNotification],
///   and: [NSApplication.didBecomeActiveNotification])
/// ```
public final class LifecycleObservation: Sendable {
  /// `UIApplication.didEnterBackgroundNotification`, by its string value, so no UIKit import is needed.
  public static let applicationDidEnterBackground = Notification.Name("UIApplicationDidEnterBackgroundNotification")
  /// `UIApplication.willEnterForegroundNotification`, by its string value.
  public static let applicationWillEnterForeground = Notification.Name("UIApplicationWillEnterForegroundNotification")

  private let center: NotificationCenter
  private let observers: LockedState<[any NSObjectProtocol]>

  init(manager: CountdownManager, center: NotificationCenter, suspendOn: [Notification.Name], resumeOn: [Notification.Name]) {
    self.center = center
    var observers: [any NSObjectProtocol] = []
    for name in suspendOn {
      observers.append(center.addObserver(forName: name, object: nil, queue: nil) { [weak manager] _ in
        manager?.suspend()
      })
    }
    for name in resumeOn {
      observers.append(center.addObserver(forName: name, object: nil, queue: nil) { [weak manager] _ in
        manager?.resume()
      })
    }
    self.observers = LockedState(observers)
  }

  /// Stops observing. Also happens when the observation is deallocated.
  public func cancel() {
    let observers = self.observers.withLock { observers in
      defer { observers = [] }
      return observers
    }
    for observer in observers {
      center.removeObserver(observer)
    }
  }

  deinit {
    cancel()
  }
}
