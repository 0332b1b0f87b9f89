/// What sends a ``CountdownPhasePush`` to a Live Activity for a ``CountdownPushScheduler``: the app's
/// server's APNs client.
///
/// ```swift
/// struct LoggingSender: CountdownPushSender {
///   func send(_ push: CountdownPhasePush, id: String, token: String) async throws -> CountdownPushOutcome {
///     print("to \(token): \(push.event) \(push.window.current.phase.name)")
///     return .sent
///   }
/// }
/// ```
///
/// The scheduler calls it with no lock held, from a task of its own, one push at a time per id: a
/// push for an id is sent only after the one before it for that id returned.
public protocol CountdownPushSender<ID>: Sendable {
  /// The ids of the followed countdowns in phases.
  associatedtype ID: Hashable & Sendable & Codable

  /// Sends `push` to the activity that `token` reaches, and says what the gateway answered.
  ///
  /// - Parameters:
  ///   - push: The push: its window is the content state, its event and dates the request's
  ///     (`LiveActivityPush` of the `CountdownPush` product builds it).
  ///   - id: The followed id.
  ///   - token: The activity's push token.
  /// - Returns: What the gateway answered (``CountdownPushOutcome/init(apnsStatus:reason:)``).
  /// - Throws: Any error: taken as ``CountdownPushOutcome/retryable(_:)``, with its description as
  ///   the reason.
  func send(_ push: CountdownPhasePush, id: ID, token: String) async throws -> CountdownPushOutcome
}
