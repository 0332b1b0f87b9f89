/// The system's notification center, as ``CountdownNotifications`` uses it: a few calls, each one of
/// `UNUserNotificationCenter`'s. `UserNotificationCenter` is the real one (where
/// UserNotifications exists); ``CountdownAlertsTesting/FakeNotificationCenter`` the one for tests.
///
/// Calls are made in order, from one thread at a time, and are expected to take effect in that
/// order, as the system's do. A conformance keeps the system's semantics: adding a request whose
/// identifier is pending replaces it; removals may take effect later; removing a request whose
/// trigger was met does nothing; past the system's limit (64) the latest-firing requests are
/// dropped without an error.
public protocol CountdownAlertCenter: Sendable {
  /// Schedules `request` (replacing a pending one with its identifier); `completion` gets the
  /// center's error, or `nil`, on any thread.
  func add(_ request: CountdownAlertRequest, completion: @escaping @Sendable ((any Error)?) -> Void)
  /// Removes the pending requests with these identifiers; asynchronous.
  func removePendingRequests(withIdentifiers identifiers: [String])
  /// Removes the delivered notifications with these identifiers from the notification center;
  /// asynchronous.
  func removeDeliveredNotifications(withIdentifiers identifiers: [String])
  /// The identifiers of every pending request, the app's own included; asked once, when a
  /// ``CountdownNotifications`` starts, to remove what a previous process left of its own.
  func pendingRequestIdentifiers(_ completion: @escaping @Sendable ([String]) -> Void)
  /// Whether the app may show notifications.
  func authorizationStatus(_ completion: @escaping @Sendable (CountdownAlertAuthorization) -> Void)
}
