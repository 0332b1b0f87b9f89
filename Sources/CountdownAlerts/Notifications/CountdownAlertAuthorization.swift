/// Whether the app may show notifications: `UNAuthorizationStatus`, without the framework.
///
/// An enum, complete for the statuses the system has had so far; a status the system adds later
/// reads as ``authorized`` in the real center (it only ever adds permissive ones).
public enum CountdownAlertAuthorization: Hashable, Sendable {
  /// The user was not asked yet.
  case notDetermined
  /// The user said no, or turned notifications off.
  case denied
  /// The user allowed notifications.
  case authorized
  /// Delivered quietly, to the notification center only, until the user decides.
  case provisional
  /// Allowed for a limited time (an App Clip).
  case ephemeral
}
