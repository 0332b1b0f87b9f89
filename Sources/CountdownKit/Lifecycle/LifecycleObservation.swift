public import Foundation

/// Suspends and resumes a ``CountdownManager`` when notifications are posted, for as long as this
/// object lives (or until ``cancel()``).
///
/// Where suspension is automatic: ``CountdownManager/shared`` observes ``platformSuspendNames``
/// and ``platformResumeNames`` on `NotificationCenter.default` by itself, so it suspends when the
/// app goes to the background and resumes when it comes back
/// - on iOS, iPadOS, tvOS, visionOS and Mac Catalyst, with UIKit's ``applicationDidEnterBackground``
///   and ``applicationWillEnterForeground``;
/// - on watchOS, with WatchKit's ``watchKitApplicationDidEnterBackground`` and
///   ``watchKitApplicationWillEnterForeground``.
///
/// An app that keeps working in the background (audio, navigation) turns this off with
/// ``CountdownManager/suspendsInBackground``.
///
/// It never suspends by itself on macOS (AppKit) or Linux. A Mac app keeps running and showing its
/// windows while another app is frontmost, so its countdowns keep ticking there, as AppKit's own
/// timers do; values stay right through sleep either way, since they come from a clock that counts
/// through it. An app that prefers to stop the timer while it is hidden wires
/// ``appKitApplicationDidHide`` and ``appKitApplicationDidUnhide`` itself; mind that a suspension
/// also stops the countdowns started with ``CountdownCore/SuspensionPolicy/pauses``, which a Mac
/// user would not expect from hiding an app.
///
/// Managers you create observe nothing until you wire them, one way or the other. Like the shared
/// one, by setting ``CountdownManager/suspendsInBackground``:
///
/// ```swift
/// // A second manager that follows the app's lifecycle like the shared one:
/// quizClock.suspendsInBackground = true
/// ```
///
/// Or with names of your choosing, observed for as long as the observation lives:
///
/// ```swift
/// // A Mac app's quiz clock that stops while the app is hidden:
/// let observation = quizClock.suspendAndResume(
///   on: [LifecycleObservation.appKitApplicationDidHide],
///   and: [LifecycleObservation.appKitApplicationDidUnhide])
/// ```
///
/// Not both for the same names: each wiring suspends and resumes the manager on its own, so
/// turning one off (``CountdownManager/suspendsInBackground`` set to `false`, or ``cancel()``)
/// leaves the other at work. A second wiring of the same names does no other harm: the manager
/// is suspended and resumed once, the second call finding it suspended or running already.
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

  private let observers: NotificationObservers

  init(
    manager: CountdownManager, center: NotificationCenter, suspendOn: [Notification.Name], resumeOn: [Notification.Name]
  ) {
    var tokens: [any NSObjectProtocol] = []
    for name in suspendOn {
      tokens.append(
        center.addObserver(forName: name, object: nil, queue: nil) { [weak manager] _ in
          manager?.suspendTicking()
        })
    }
    for name in resumeOn {
      tokens.append(
        center.addObserver(forName: name, object: nil, queue: nil) { [weak manager] _ in
          manager?.resumeTicking()
        })
    }
    observers = NotificationObservers(center: center, tokens: tokens)
  }

  /// Stops observing. Also happens when the observation is deallocated.
  public func cancel() {
    observers.removeAll()
  }
}
