// The platform stubs' self-test (see README.md beside the stubs): UserNotifications called as an
// adapter calls it. Compiled by `.ci/check-platforms` in every configuration, with the package's
// settings and warnings as errors; never run, not part of the package.
#if canImport(UserNotifications)
  import Foundation
  import UserNotifications

  /// A reconciler's calls on the notification center. The center is fetched in each call, never
  /// stored or sent: it is not `Sendable`.
  enum NotificationsUsage {
    /// One request at an instant: a calendar trigger whose components carry a fixed time zone, so
    /// they pin the instant; the same identifier replaces a pending request.
    static func schedule(id: String, at end: Date, title: String, body: String, countdownID: String) async throws {
      let content = UNMutableNotificationContent()
      #if !os(tvOS)  // tvOS notifications only badge: no text, sound or user info
        content.title = title
        content.body = body
        content.sound = .default
        content.userInfo = ["countdown": countdownID]
        content.threadIdentifier = "countdowns"
      #endif
      if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {
        content.interruptionLevel = .timeSensitive
      }
      let utc = TimeZone(secondsFromGMT: 0) ?? .current
      let components = Calendar(identifier: .gregorian).dateComponents(in: utc, from: end)
      let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
      let request = UNNotificationRequest(identifier: id, content: content, trigger: trigger)
      try await UNUserNotificationCenter.current().add(request)
      _ = trigger.nextTriggerDate()
      _ = (trigger.dateComponents, trigger.repeats, request.identifier, request.content, request.trigger)
    }

    /// The completion-handler form, from synchronous code, with a time-interval trigger.
    static func schedule(id: String, after seconds: TimeInterval, failed: @escaping @Sendable (any Error) -> Void) {
      let content = UNMutableNotificationContent()
      #if !os(tvOS)
        content.title = "Time is up"
      #endif
      let trigger = UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false)
      _ = (trigger.timeInterval, trigger.nextTriggerDate())
      UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: id, content: content, trigger: trigger)) {
        error in
        if let error { failed(error) }
      }
    }

    /// Removal by identifier, of the pending requests and (but on tvOS) the delivered notifications.
    static func remove(ids: [String]) {
      let center = UNUserNotificationCenter.current()
      center.removePendingNotificationRequests(withIdentifiers: ids)
      #if !os(tvOS)  // no Notification Center on tvOS
        center.removeDeliveredNotifications(withIdentifiers: ids)
      #endif
    }

    /// The pending identifiers of this package's namespace (at launch only: never per change).
    static func pendingIDs(prefix: String) async -> [String] {
      await UNUserNotificationCenter.current().pendingNotificationRequests().map(\.identifier)
        .filter { $0.hasPrefix(prefix) }
    }

    /// Authorization, asked if not determined. The SDK's enum is resilient: `@unknown default`.
    static func authorize() async throws -> Bool {
      let center = UNUserNotificationCenter.current()
      // `ephemeral` exists on iOS, Mac Catalyst and visionOS only: a plain `default` covers it there
      // (and the SDK's unknown cases), without naming it where it is unavailable.
      switch await center.notificationSettings().authorizationStatus {
      case .authorized, .provisional: return true
      case .notDetermined: return try await center.requestAuthorization(options: [.alert, .sound, .badge])
      default: return false
      }
    }

    /// The settings through the completion form; the handler may run on any thread.
    static func readDenied(_ completion: @escaping @Sendable (Bool) -> Void) {
      UNUserNotificationCenter.current().getNotificationSettings { settings in
        completion(settings.authorizationStatus == .denied)
      }
    }

    /// Whether an error of the center means notifications are not allowed.
    static func isNotAllowed(_ error: any Error) -> Bool {
      (error as? UNError)?.code == .notificationsNotAllowed
    }
  }

  /// The foreground policy: no banner for a countdown the app itself shows ending, unless asked.
  final class ForegroundPolicy: NSObject, UNUserNotificationCenterDelegate {
    private let prefix: String
    private let showsBanner: Bool

    init(prefix: String, showsBanner: Bool) {
      self.prefix = prefix
      self.showsBanner = showsBanner
    }

    func userNotificationCenter(
      _ center: UNUserNotificationCenter,
      willPresent notification: UNNotification,
      withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
      guard notification.request.identifier.hasPrefix(prefix), !showsBanner else {
        completionHandler([.banner, .list, .sound])
        return
      }
      _ = notification.date
      completionHandler([])
    }
  }

  @MainActor func install(_ policy: ForegroundPolicy) {
    UNUserNotificationCenter.current().delegate = policy
  }
#endif
