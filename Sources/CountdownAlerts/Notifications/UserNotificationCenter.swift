#if canImport(UserNotifications)
  public import UserNotifications

  /// The system's notification center, `UNUserNotificationCenter.current()`, as ``CountdownNotifications``
  /// uses it.
  ///
  /// ```swift
  /// let alerts = try CountdownNotifications(String.self, center: UserNotificationCenter()) { id, _ in
  ///   CountdownAlertContent(title: "Timer", body: "\(id) is done.")
  /// }
  /// ```
  ///
  /// Each request gets a `UNTimeIntervalNotificationTrigger`, not a `UNCalendarNotificationTrigger`:
  /// its interval is the countdown's time left, read from the same deadline on the same clock as the
  /// app's own `0`, so the alert comes with it. A calendar trigger names a wall-clock reading
  /// (components in a time zone, to the second), which is a second instant as soon as the user
  /// changes the clock or, in `.autoupdatingCurrent`, the time zone; Apple's documentation names the
  /// time-interval trigger as the one "to implement timers". Should the system keep a time-interval
  /// request as a wall-clock date, a change of the device's clock would move it: ``CountdownNotifications``
  /// adds the pending requests again when `NSSystemClockDidChange` is posted.
  ///
  /// The center is fetched with `current()` for each call rather than kept: the class is not
  /// `Sendable` in every SDK. Completion-handler forms are used, called from any thread, so no
  /// closure of the app's is inferred to be main-actor isolated and called off the main thread.
  /// Asking for authorization is the app's: `UNUserNotificationCenter.current().requestAuthorization(options:)`.
  ///
  /// Unavailable on tvOS, whose notifications have no title, body or sound, and cannot be removed
  /// once delivered: an app there can follow its countdowns with a ``CountdownAlertCenter`` of its
  /// own (a badge, say).
  @available(tvOS, unavailable)
  public struct UserNotificationCenter: CountdownAlertCenter {
    /// The system's center.
    public init() {}

    public func add(_ request: CountdownAlertRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {
      let content = UNMutableNotificationContent()
      content.title = request.content.title
      content.subtitle = request.content.subtitle
      content.body = request.content.body
      content.sound = Self.sound(request.content.sound)
      content.userInfo = request.content.userInfo
      content.interruptionLevel = Self.interruptionLevel(request.content.interruptionLevel)
      content.categoryIdentifier = request.content.categoryIdentifier
      content.threadIdentifier = request.content.threadIdentifier
      content.relevanceScore = request.content.relevanceScore
      let trigger = UNTimeIntervalNotificationTrigger(timeInterval: request.timeInterval, repeats: false)
      let notification = UNNotificationRequest(identifier: request.identifier, content: content, trigger: trigger)
      UNUserNotificationCenter.current().add(notification, withCompletionHandler: completion)
    }

    public func removePendingRequests(withIdentifiers identifiers: [String]) {
      UNUserNotificationCenter.current().removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
      UNUserNotificationCenter.current().removeDeliveredNotifications(withIdentifiers: identifiers)
    }

    public func pendingRequestIdentifiers(_ completion: @escaping @Sendable ([String]) -> Void) {
      UNUserNotificationCenter.current().getPendingNotificationRequests { requests in
        completion(requests.map(\.identifier))
      }
    }

    public func authorizationStatus(_ completion: @escaping @Sendable (CountdownAlertAuthorization) -> Void) {
      UNUserNotificationCenter.current().getNotificationSettings { settings in
        completion(Self.authorization(settings.authorizationStatus))
      }
    }

    /// The system's status as ours. By raw value: `ephemeral` exists on iOS alone, and the SDK's
    /// enum may gain cases (a later one reads as authorized: the system only adds permissive ones).
    static func authorization(_ status: UNAuthorizationStatus) -> CountdownAlertAuthorization {
      switch status.rawValue {
      case UNAuthorizationStatus.notDetermined.rawValue: .notDetermined
      case UNAuthorizationStatus.denied.rawValue: .denied
      case UNAuthorizationStatus.provisional.rawValue: .provisional
      case 4: .ephemeral  // UNAuthorizationStatus.ephemeral (iOS)
      default: .authorized
      }
    }

    /// The system's sound for ours: watchOS plays only the default sounds (a named one has no
    /// initializer there).
    static func sound(_ sound: CountdownAlertContent.Sound?) -> UNNotificationSound? {
      switch sound {
      case nil: return nil
      case .default: return .default
      case .named(let name):
        #if os(watchOS)
          return .default
        #else
          return UNNotificationSound(named: UNNotificationSoundName(rawValue: name))
        #endif
      case .critical(nil, let volume):
        return .defaultCriticalSound(withAudioVolume: volume)
      case .critical(let name?, let volume):
        #if os(watchOS)
          return .defaultCriticalSound(withAudioVolume: volume)
        #else
          return .criticalSoundNamed(UNNotificationSoundName(rawValue: name), withAudioVolume: volume)
        #endif
      }
    }

    /// The system's interruption level for ours.
    static func interruptionLevel(_ level: CountdownAlertContent.InterruptionLevel) -> UNNotificationInterruptionLevel {
      switch level {
      case .passive: .passive
      case .active: .active
      case .timeSensitive: .timeSensitive
      case .critical: .critical
      }
    }

  }

  extension CountdownNotifications {
    /// How the system shows `notification` while the app is in the foreground, for the app's
    /// `UNUserNotificationCenterDelegate` to hand back: ``foregroundPresentation`` for these
    /// alerts' own (`[]` by default: the app shows the end itself, no banner and no sound on top
    /// of it); `nil` for a notification that is not theirs, which the app decides.
    ///
    /// The delegate is `nonisolated`: the system calls it on a queue of its own, and in an app
    /// target whose code is isolated to the main actor by default (Xcode 26's templates), a
    /// delegate left to that default traps when it is called there.
    ///
    /// ```swift
    /// nonisolated final class NotificationDelegate: NSObject, UNUserNotificationCenterDelegate {
    ///   let alerts: CountdownNotifications<String>
    ///   init(alerts: CountdownNotifications<String>) { self.alerts = alerts }
    ///
    ///   func userNotificationCenter(
    ///     _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    ///     withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ///   ) {
    ///     completionHandler(alerts.presentationOptions(for: notification) ?? [.banner, .sound])
    ///   }
    /// }
    /// ```
    public func presentationOptions(for notification: UNNotification) -> UNNotificationPresentationOptions? {
      foregroundPresentation(forRequest: notification.request.identifier).map(\.notificationOptions)
    }
  }

  extension CountdownAlertPresentation {
    /// The system's presentation options for these (tvOS has the options too).
    var notificationOptions: UNNotificationPresentationOptions {
      var options: UNNotificationPresentationOptions = []
      if contains(.sound) { options.insert(.sound) }
      if contains(.list) { options.insert(.list) }
      if contains(.banner) { options.insert(.banner) }
      if contains(.badge) { options.insert(.badge) }
      return options
    }
  }
#endif
