public import Foundation

/// One request for the system's center: fire `content` after `timeInterval` seconds, under
/// `identifier`. What `UNNotificationRequest` with a `UNTimeIntervalNotificationTrigger` holds.
public struct CountdownAlertRequest: Hashable, Sendable {
  /// The request's identifier: adding another with the same one replaces it.
  public var identifier: String
  /// What the alert says.
  public var content: CountdownAlertContent
  /// Seconds from the moment the center takes the request to the moment it fires; above zero.
  public var timeInterval: TimeInterval

  /// How many requests the system keeps pending for an app, the app's others included: 64.
  /// Past it, it drops requests without an error (those that fire latest, Apple's archived
  /// guide says).
  public static let systemPendingLimit = 64

  /// A request for `content`, firing `timeInterval` seconds after it is added.
  public init(identifier: String, content: CountdownAlertContent, timeInterval: TimeInterval) {
    self.identifier = identifier
    self.content = content
    self.timeInterval = timeInterval
  }
}
