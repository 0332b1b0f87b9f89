import CountdownKit

/// One request of the notifications' machine (``NotificationsState``), by what it stands for: the
/// alert of a countdown's end, or of one of its phase ends, at one moment. The mirror makes its
/// identifier from it with no lock held (``NotificationsMirror/identifier(for:ordinal:moment:)``:
/// the id's description is the app's code).
struct NotificationsRequest: Hashable, Sendable {
  /// The countdown's id.
  var key: IDKey
  /// The ordinal of the phase whose end it is, for a countdown in phases; `nil` for a single
  /// countdown's end.
  var ordinal: Int?
  /// Its end, or a milestone.
  var moment: CountdownAlertMoment

  /// The request of `end`'s alert at `moment`.
  init(_ end: NotificationsEnd, moment: CountdownAlertMoment) {
    key = end.key
    ordinal = end.ordinal
    self.moment = moment
  }

  /// The request of a single countdown's alert at `moment`.
  init(key: IDKey, moment: CountdownAlertMoment) {
    self.init(NotificationsEnd(key: key), moment: moment)
  }

  /// The end it is an alert of.
  var end: NotificationsEnd { NotificationsEnd(key: key, ordinal: ordinal) }
}
