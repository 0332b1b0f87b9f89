/// What became of one push a ``CountdownPushSender`` sent: what the push gateway (APNs) answered.
///
/// ```swift
/// let outcome = CountdownPushOutcome(apnsStatus: 410, reason: "Unregistered")
/// print(outcome.isTokenGone)  // true
/// ```
///
/// A struct with one static member per outcome, rather than an enum, so that a minor release can
/// add one without breaking a `switch` in the app: compare with the `is…` properties.
public struct CountdownPushOutcome: Hashable, Sendable, CustomStringConvertible {
  private enum Kind: String, Hashable, Sendable {
    case sent
    case tokenGone
    case retryable
    case rejected
  }

  private let kind: Kind

  /// The gateway's reason, for a push that did not go out (APNs' `reason`, such as
  /// `TooManyRequests`); `nil` for a sent one.
  public let reason: String?

  private init(_ kind: Kind, reason: String?) {
    self.kind = kind
    self.reason = reason
  }

  /// The gateway took the push (APNs: 200). The step is recorded as sent.
  public static let sent = CountdownPushOutcome(.sent, reason: nil)

  /// The token no longer reaches the activity (APNs: 410 `Unregistered`, or 400 `BadDeviceToken`):
  /// the scheduler stops following the id, unless its token changed meanwhile.
  public static let tokenGone = CountdownPushOutcome(.tokenGone, reason: "Unregistered")

  /// The push may go out later (APNs: 429 `TooManyRequests`, 500, 503, or no answer): the scheduler
  /// sends again after a delay (``CountdownPushRetryPolicy``).
  ///
  /// - Parameter reason: Why it failed, for the report when the scheduler gives up.
  /// - Returns: The outcome.
  public static func retryable(_ reason: String) -> CountdownPushOutcome {
    CountdownPushOutcome(.retryable, reason: reason)
  }

  /// The gateway refused the push for good (APNs: another 4xx, such as 413 `PayloadTooLarge` or 403
  /// `InvalidProviderToken`): sending it again would fail the same way, so the scheduler stops
  /// following the id and reports it.
  ///
  /// - Parameter reason: Why it was refused.
  /// - Returns: The outcome.
  public static func rejected(_ reason: String) -> CountdownPushOutcome {
    CountdownPushOutcome(.rejected, reason: reason)
  }

  /// The outcome of an APNs answer: 200 is ``sent``; 410, and 400 with `BadDeviceToken`, are
  /// ``tokenGone``; 429 and 5xx are ``retryable(_:)``; any other status is ``rejected(_:)``.
  ///
  /// - Parameters:
  ///   - status: The HTTP status of APNs' answer.
  ///   - reason: The `reason` of its JSON body, if any.
  public init(apnsStatus status: Int, reason: String?) {
    let said = reason ?? "HTTP \(status)"
    switch status {
    case 200: self = .sent
    case 410: self = CountdownPushOutcome(.tokenGone, reason: said)
    case 400 where reason == "BadDeviceToken": self = CountdownPushOutcome(.tokenGone, reason: said)
    case 429, 500...599: self = .retryable(said)
    default: self = .rejected(said)
    }
  }

  /// Whether the gateway took the push.
  public var isSent: Bool { kind == .sent }
  /// Whether the token no longer reaches the activity.
  public var isTokenGone: Bool { kind == .tokenGone }
  /// Whether the push may go out if sent again later.
  public var isRetryable: Bool { kind == .retryable }
  /// Whether the gateway refused the push for good.
  public var isRejected: Bool { kind == .rejected }

  /// The outcome's name, and its reason.
  public var description: String {
    reason.map { "\(kind.rawValue) (\($0))" } ?? kind.rawValue
  }
}
