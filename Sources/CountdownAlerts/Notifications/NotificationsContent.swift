import CountdownKit

/// What the app's content closure of ``CountdownNotifications`` is handed: the id and the moment
/// (the first initializer's form), or all the alert is about (``CountdownAlertContext``).
enum NotificationsContent<ID: Hashable & Sendable & CustomStringConvertible>: Sendable {
  /// The id and the moment.
  case plain(@Sendable (ID, CountdownAlertMoment) -> CountdownAlertContent)
  /// The alert's context: the id, the moment, the end's date, and a phase end's phases.
  case described(@Sendable (CountdownAlertContext<ID>) -> CountdownAlertContent)
}
