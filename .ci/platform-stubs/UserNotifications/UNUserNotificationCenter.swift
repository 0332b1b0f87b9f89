// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenter
// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getdeliverednotifications(completionhandler:)
// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/removedeliverednotifications(withidentifiers:)

/// UserNotifications' `UNUserNotificationCenter`: the app's notification center. Not `Sendable`
/// (Apple's SDK before Xcode 26 did not declare it so). Every platform; the delivered
/// notifications (Notification Center) not on tvOS.
open class UNUserNotificationCenter: NSObject {
  /// The delegate, held weakly. Set it before the app finishes launching.
  weak open var delegate: (any UNUserNotificationCenterDelegate)?

  /// Instances come from `current()` only.
  @available(*, unavailable)
  public override init() { fatalError("platform stub: UNUserNotificationCenter.init()") }

  /// The app's notification center.
  open class func current() -> UNUserNotificationCenter {
    fatalError("platform stub: UNUserNotificationCenter.current()")
  }

  // MARK: Authorization and settings

  /// Asks the person for permission to alert them; the handler may run on a background thread.
  open func requestAuthorization(
    options: UNAuthorizationOptions = [],
    completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) { fatalError("platform stub: requestAuthorization(options:completionHandler:)") }

  /// The async form the SDK imports from `requestAuthorization(options:completionHandler:)`.
  open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
    fatalError("platform stub: requestAuthorization(options:)")
  }

  /// Reads the app's notification settings; the handler may run on a background thread.
  open func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
    fatalError("platform stub: getNotificationSettings(completionHandler:)")
  }

  /// The async form the SDK imports from `getNotificationSettings(completionHandler:)`.
  open func notificationSettings() async -> UNNotificationSettings {
    fatalError("platform stub: notificationSettings()")
  }

  // MARK: Pending requests

  /// Schedules a request; one with the identifier of a pending request replaces it.
  open func add(
    _ request: UNNotificationRequest,
    withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
  ) { fatalError("platform stub: add(_:withCompletionHandler:)") }

  /// The async form the SDK imports from `add(_:withCompletionHandler:)`.
  open func add(_ request: UNNotificationRequest) async throws {
    fatalError("platform stub: add(_:)")
  }

  /// Reads the pending requests; the handler may run on a background thread.
  open func getPendingNotificationRequests(
    completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void
  ) { fatalError("platform stub: getPendingNotificationRequests(completionHandler:)") }

  /// The async form the SDK imports from `getPendingNotificationRequests(completionHandler:)`.
  open func pendingNotificationRequests() async -> [UNNotificationRequest] {
    fatalError("platform stub: pendingNotificationRequests()")
  }

  /// Removes the pending requests with these identifiers, asynchronously.
  open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
    fatalError("platform stub: removePendingNotificationRequests(withIdentifiers:)")
  }

  /// Removes every pending request of the app, asynchronously.
  open func removeAllPendingNotificationRequests() {
    fatalError("platform stub: removeAllPendingNotificationRequests()")
  }

  // MARK: Delivered notifications

  /// Reads the notifications shown in Notification Center; the handler may run on a background thread.
  @available(tvOS, unavailable)
  open func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
    fatalError("platform stub: getDeliveredNotifications(completionHandler:)")
  }

  /// The async form the SDK imports from `getDeliveredNotifications(completionHandler:)`.
  @available(tvOS, unavailable)
  open func deliveredNotifications() async -> [UNNotification] {
    fatalError("platform stub: deliveredNotifications()")
  }

  /// Removes the delivered notifications with these identifiers, asynchronously.
  @available(tvOS, unavailable)
  open func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
    fatalError("platform stub: removeDeliveredNotifications(withIdentifiers:)")
  }

  /// Removes every delivered notification of the app, asynchronously.
  @available(tvOS, unavailable)
  open func removeAllDeliveredNotifications() {
    fatalError("platform stub: removeAllDeliveredNotifications()")
  }
}
