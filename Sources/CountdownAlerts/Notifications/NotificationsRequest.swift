import CountdownKit

/// One request of the notifications' machine (``NotificationsState``), by what it stands for: the
/// alert of a countdown at one moment. The mirror makes its identifier from it with no lock held
/// (``NotificationsMirror/identifier(for:moment:)``: the id's description is the app's code).
struct NotificationsRequest: Hashable, Sendable {
  /// The countdown's id.
  var key: IDKey
  /// Its end, or a milestone.
  var moment: CountdownAlertMoment
}
