/// Why the system's center did not take an alert: authorization denied (or, for alarms, not asked
/// yet), the device's limit of alarms, options AlarmKit cannot take, or the center's own error. Reported to the `onFailure` of ``CountdownNotifications`` and
/// ``CountdownAlarms``; the countdowns are never affected, and the next change (or `retry()`)
/// tries again.
///
/// A struct over a private code, as async-http-client's `HTTPClientError`: a later version can add
/// an error without breaking a `switch`, since callers compare with the `static let`s.
///
/// ```swift
/// func report(_ error: CountdownAlertError) {
///   if error == .notAuthorized {
///     print("Turn on notifications in Settings to hear when a timer ends.")
///   }
/// }
/// ```
public struct CountdownAlertError: Error, Hashable, CustomStringConvertible {
  private enum Code: Hashable {
    case notAuthorized
    case requestFailed
    case invalidBudget
    case invalidMilestone
    case invalidNamespace
    case alarmLimitReached
    case invalidAlarmOptions
    case requestDropped
  }

  /// The system's center whose call failed, for the description only: the same kind of error is
  /// equal whichever center reported it.
  private enum Center: Hashable {
    case notifications
    case alarms
  }

  private let code: Code
  private let center: Center
  /// The identifier of the request the center refused or dropped, for ``requestFailed``,
  /// ``notAuthorized``, ``requestDropped``, ``alarmLimitReached`` and ``invalidAlarmOptions`` (an
  /// alarm's UUID, for ``CountdownAlarms``; `nil` when reading the app's alarms failed); `nil` for
  /// the others.
  public let requestIdentifier: String?
  /// The center's own error, for ``requestFailed``, described (errors of system frameworks are
  /// not `Hashable`).
  public let underlying: String?

  private init(
    _ code: Code, center: Center = .notifications, requestIdentifier: String? = nil, underlying: String? = nil
  ) {
    self.code = code
    self.center = center
    self.requestIdentifier = requestIdentifier
    self.underlying = underlying
  }

  /// The user denied notifications (or alarms) for the app, or was not asked yet (alarms): nothing
  /// can be scheduled until they allow them.
  public static let notAuthorized = CountdownAlertError(.notAuthorized)
  /// The center refused a request, for a reason of its own (see ``underlying``).
  public static let requestFailed = CountdownAlertError(.requestFailed)
  /// The device holds as many alarms as it allows (AlarmKit's `maximumLimitReached`): the alarm
  /// is tried again at the next change.
  public static let alarmLimitReached = CountdownAlertError(.alarmLimitReached)
  /// The app's ``CountdownAlarmOptions`` for an alarm hold what AlarmKit cannot take (a snooze
  /// of zero or less, an intent that is not a `LiveActivityIntent`): the alarm is scheduled
  /// without it.
  public static let invalidAlarmOptions = CountdownAlertError(.invalidAlarmOptions)
  /// The system dropped a pending request of the alerts past its limit of 64 pending for the
  /// whole app (``CountdownAlertRequest/systemPendingLimit``), without an error of its own: the
  /// app's other requests and the alerts' budget together wanted more. It fires no alert until
  /// a change adds it again. Lower the budget, or keep fewer requests of the app's own pending.
  public static let requestDropped = CountdownAlertError(.requestDropped)
  /// A budget outside `1...64`, or too small for one countdown's end and milestones.
  public static let invalidBudget = CountdownAlertError(.invalidBudget)
  /// A milestone of zero or less, or one given twice.
  public static let invalidMilestone = CountdownAlertError(.invalidMilestone)
  /// A namespace the identifiers cannot be made from: one containing `/`, which the alerts' and
  /// the Live Activities' identifiers use as their separator, or an empty one for alarms and Live
  /// Activities.
  public static let invalidNamespace = CountdownAlertError(.invalidNamespace)

  /// This error, for the request `identifier`, with the center's `error`.
  func with(request identifier: String, underlying error: (any Error)? = nil) -> CountdownAlertError {
    CountdownAlertError(
      code, center: center, requestIdentifier: identifier, underlying: error.map { String(describing: $0) })
  }

  /// This error, reported by the alarms (``CountdownAlarms``): its description names the alarm
  /// center; `identifier`, the alarm's, if the call named one.
  func alarm(_ identifier: String?, underlying error: (any Error)? = nil) -> CountdownAlertError {
    CountdownAlertError(
      code, center: .alarms, requestIdentifier: identifier,
      underlying: error.map { String(describing: $0) } ?? underlying)
  }

  /// Errors are equal when they are the same kind of error, whatever request or cause they carry.
  public static func == (lhs: CountdownAlertError, rhs: CountdownAlertError) -> Bool {
    lhs.code == rhs.code
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
  }

  public var description: String {
    let what =
      switch code {
      case .notAuthorized: center == .alarms ? "alarms are not authorized" : "notifications are not authorized"
      case .requestFailed:
        center == .alarms ? "the alarm center refused a call" : "the notification center refused a request"
      case .invalidBudget: "the budget must be in 1...64 and hold one countdown's end and milestones"
      case .invalidMilestone: "a milestone must be above zero, within 292 years, and given once"
      case .invalidNamespace:
        "a namespace must not contain \"/\" (notifications, Live Activities) nor be empty (alarms, Live Activities)"
      case .alarmLimitReached: "the device holds as many alarms as it allows"
      case .invalidAlarmOptions: "the alarm's options hold what AlarmKit cannot take; scheduled without it"
      case .requestDropped: "the system dropped a pending request past its limit of 64 for the app"
      }
    let request = requestIdentifier.map { " (\($0))" } ?? ""
    let cause = underlying.map { ": \($0)" } ?? ""
    return "CountdownAlertError: \(what)\(request)\(cause)"
  }
}
