public import Foundation

/// Suspends and resumes a ``CountdownManager`` when notifications are posted, for as long as this
/// object lives (or until ``cancel()``).
///
/// ``CountdownManager/shared`` observes ``platformSuspendNames`` and ``platformResumeNames`` by
/// itself; other managers observe nothing until wired, with
/// ``CountdownManager/suspendsInBackground`` or
/// ``CountdownManager/suspendAndResume(on:and:center:)``. Which names each platform posts, why a Mac
/// app is not suspended, and how two wirings combine: the article *Time semantics* ("The background").
///
/// The names are spelled by their string values, so that no UI framework is imported.
public final class LifecycleObservation: Sendable {
  /// UIKit's `UIApplication.didEnterBackgroundNotification`: the app went to the background (iOS,
  /// iPadOS, tvOS, visionOS, Mac Catalyst).
  public static let applicationDidEnterBackground = Notification.Name("UIApplicationDidEnterBackgroundNotification")
  /// UIKit's `UIApplication.willEnterForegroundNotification`: the app is coming back from the
  /// background (iOS, iPadOS, tvOS, visionOS, Mac Catalyst).
  public static let applicationWillEnterForeground = Notification.Name("UIApplicationWillEnterForegroundNotification")

  /// WatchKit's `WKApplication.didEnterBackgroundNotification`: the watch app went to the
  /// background (watchOS, where UIKit posts no application notifications).
  public static let watchKitApplicationDidEnterBackground = Notification.Name(
    "WKApplicationDidEnterBackgroundNotification")
  /// WatchKit's `WKApplication.willEnterForegroundNotification`: the watch app is coming back from
  /// the background (watchOS).
  public static let watchKitApplicationWillEnterForeground = Notification.Name(
    "WKApplicationWillEnterForegroundNotification")

  /// AppKit's `NSApplication.didHideNotification`: the app was hidden, with all its windows
  /// (macOS). Not observed by the shared manager; see ``LifecycleObservation``.
  public static let appKitApplicationDidHide = Notification.Name("NSApplicationDidHideNotification")
  /// AppKit's `NSApplication.didUnhideNotification`: the app is shown again after being hidden
  /// (macOS). Not observed by the shared manager; see ``LifecycleObservation``.
  public static let appKitApplicationDidUnhide = Notification.Name("NSApplicationDidUnhideNotification")

  /// The names ``CountdownManager/shared`` suspends on, on this platform:
  /// ``applicationDidEnterBackground`` where UIKit has `UIApplication`,
  /// ``watchKitApplicationDidEnterBackground`` on watchOS, none on macOS and Linux.
  public static var platformSuspendNames: [Notification.Name] {
    // WatchKit first: watchOS has UIKit too, but no UIApplication to post its notifications.
    #if canImport(WatchKit)
      [watchKitApplicationDidEnterBackground]
    #elseif canImport(UIKit)
      [applicationDidEnterBackground]
    #else
      []
    #endif
  }

  /// The names ``CountdownManager/shared`` resumes on, on this platform:
  /// ``applicationWillEnterForeground`` where UIKit has `UIApplication`,
  /// ``watchKitApplicationWillEnterForeground`` on watchOS, none on macOS and Linux.
  public static var platformResumeNames: [Notification.Name] {
    #if canImport(WatchKit)
      [watchKitApplicationWillEnterForeground]
    #elseif canImport(UIKit)
      [applicationWillEnterForeground]
    #else
      []
    #endif
  }

  private let suspending: NotificationObservers
  private let resuming: NotificationObservers

  init(
    manager: CountdownManager, center: NotificationCenter, suspendOn: [Notification.Name], resumeOn: [Notification.Name]
  ) {
    suspending = NotificationObservers(observing: suspendOn, on: center) { [weak manager] in manager?.suspendTicking() }
    resuming = NotificationObservers(observing: resumeOn, on: center) { [weak manager] in manager?.resumeTicking() }
  }

  /// Stops observing. Also happens when the observation is deallocated.
  public func cancel() {
    suspending.removeAll()
    resuming.removeAll()
  }
}
