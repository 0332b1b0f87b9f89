public import Foundation

/// The bytes of one APNs request that updates or ends a Live Activity: its host, `:path`, headers
/// and JSON body, as APNs takes them for a Live Activity push to a push token.
///
/// Pure: it reads no clock (the `timestamp` is the caller's), opens no connection and signs
/// nothing. The app's server adds the `authorization: bearer <JWT>` header (a token it signs with
/// the team's key), then posts ``body`` to ``url`` over HTTP/2 with ``headers``.
///
/// ```swift
/// let push = try LiveActivityPush(
///   .update, contentState: TimerActivityState(endsAt: end, isPaused: false), deviceToken: pushToken,
///   bundleID: "com.example.timer", environment: .production, priority: .low, timestamp: Date())
/// // POST push.url with push.headers, an `authorization` header of the server's, and push.body.
/// ```
///
/// The body's keys are sorted and its numbers written one way, so the same input gives the same
/// bytes: a test can pin them.
public struct LiveActivityPush: Hashable, Sendable {
  /// The largest body APNs takes, in bytes: 4 KB (4096 bytes), as for every remote notification
  /// but a VoIP one. A longer body throws ``LiveActivityPushError/payloadTooLarge``.
  ///
  /// ```swift
  /// let room = LiveActivityPush.maximumPayloadSize - push.body.count  // bytes left
  /// ```
  public static let maximumPayloadSize = 4096

  /// The APNs server the request goes to: ``Environment-swift.struct/production`` or
  /// ``Environment-swift.struct/development``, as the push token was issued.
  ///
  /// ```swift
  /// let sandboxed = push.environment == .development
  /// ```
  public let environment: Environment

  /// The `:path` pseudo-header: `/3/device/` and the device's push token in lowercase hexadecimal.
  ///
  /// ```swift
  /// let path = push.path  // "/3/device/80f5…"
  /// ```
  public let path: String

  /// The request's header fields, `apns-push-type`, `apns-topic` and `apns-priority`, and
  /// `apns-expiration` and `apns-id` when given: names in lowercase, as HTTP/2 sends them.
  ///
  /// Not among them: `authorization`, which the server adds (`bearer` and a JWT it signs with the
  /// team's key), and the pseudo-headers (``method``, ``path``, and ``host`` as `:authority`).
  ///
  /// ```swift
  /// for (name, value) in push.headers.sorted(by: { $0.key < $1.key }) {
  ///   print("\(name): \(value)")  // apns-priority: 5, apns-push-type: liveactivity, apns-topic: …
  /// }
  /// ```
  public let headers: [String: String]

  /// The JSON payload, `{"aps":{…}}`, its keys sorted: at most ``maximumPayloadSize`` bytes,
  /// uncompressed.
  ///
  /// ```swift
  /// let json = String(decoding: push.body, as: UTF8.self)  // {"aps":{"content-state":{…},…}}
  /// ```
  public let body: Data

  /// The HTTP method: `POST`.
  ///
  /// ```swift
  /// let method = push.method  // "POST"
  /// ```
  public var method: String { "POST" }

  /// The APNs server's host name, of the ``environment``: the `:authority` the request goes to,
  /// on port 443 (or 2197).
  ///
  /// ```swift
  /// let host = push.host  // "api.push.apple.com"
  /// ```
  public var host: String { environment.host }

  /// The request's URL: `https://`, the ``host`` and the ``path``.
  ///
  /// ```swift
  /// let url = push.url  // https://api.push.apple.com/3/device/80f5…
  /// ```
  public var url: URL {
    // The host is one of the two constants and the path ASCII hexadecimal: always a URL.
    URL(string: "https://\(host)\(path)")!
  }

  /// The request that gives a Live Activity new content, or ends it, with the keys Apple documents
  /// for a Live Activity push: `timestamp`, `event`, `content-state`, and `stale-date`,
  /// `dismissal-date` (an end's), `relevance-score` and `alert` when given, each left out when not.
  ///
  /// ```swift
  /// let ended = try LiveActivityPush(
  ///   .end(dismissalDate: Date().addingTimeInterval(15 * 60)),
  ///   contentState: TimerActivityState(endsAt: end, isPaused: false), deviceToken: pushToken,
  ///   bundleID: "com.example.timer", environment: .production, priority: .high, timestamp: Date(),
  ///   alert: LiveActivityPush.Alert(title: "Tea", body: "Your tea is ready.", sound: "chime.aiff"))
  /// ```
  ///
  /// The dates are written as whole seconds since 00:00:00 UTC on 1 January 1970, rounded down.
  ///
  /// - Parameters:
  ///   - event: ``Event-swift.struct/update`` to show new content, or
  ///     ``Event-swift.struct/end(dismissalDate:)`` to end the Live Activity.
  ///   - contentState: The Live Activity's content, the app's `ContentState`, encoded by `encoder`:
  ///     it must encode to a JSON object. An end's is the final content the ended activity shows.
  ///   - deviceToken: The Live Activity's push token in hexadecimal (either case; the path has it in
  ///     lowercase), as the app read it from `pushTokenUpdates`.
  ///   - bundleID: The app's bundle ID, without a suffix: the topic is it and
  ///     `.push-type.liveactivity`.
  ///   - environment: The APNs server: ``Environment-swift.struct/development`` for a token of a
  ///     development build, ``Environment-swift.struct/production`` for the others.
  ///   - priority: ``Priority-swift.struct/low`` (5) or ``Priority-swift.struct/high`` (10).
  ///   - timestamp: When the request is built for sending (the server's `Date()`): the system
  ///     ignores a push older than the activity's last update.
  ///   - staleDate: When the system marks the Live Activity as out of date unless an update comes
  ///     first; `nil` leaves the key out.
  ///   - relevanceScore: The Live Activity's rank among the app's: the highest shows in the Dynamic
  ///     Island. Any finite number of 0 or more (Apple's examples use 50 and 100); `nil` leaves the
  ///     key out.
  ///   - alert: A title, a body and a sound that light up the device for an update that needs the
  ///     person's attention; `nil` leaves the key out.
  ///   - expiration: The `apns-expiration` header: the date after which APNs stops trying to
  ///     deliver the push (the start of 1970 for one attempt and no storing); `nil` leaves the
  ///     header out and APNs keeps the push as its storage policy says.
  ///   - apnsID: The `apns-id` header, which APNs names in its answer; `nil` leaves it out and APNs
  ///     makes one.
  ///   - encoder: The content state's encoder; `nil` for a `JSONEncoder` with the default
  ///     strategies (a `Date` as seconds since 00:00:00 UTC on 1 January 2001, `Date`'s own
  ///     encoding; `Data` as Base64), sorted keys and `/` unescaped. The system decodes `content-state` with the
  ///     default strategies, so an encoder of the caller's keeps them too; with `.sortedKeys` in its
  ///     output formatting, the bytes are the same from one run to the next.
  /// - Throws: ``LiveActivityPushError/invalidDeviceToken``, ``LiveActivityPushError/invalidBundleID``,
  ///   ``LiveActivityPushError/invalidDate``, ``LiveActivityPushError/invalidRelevanceScore``,
  ///   ``LiveActivityPushError/invalidContentState`` or ``LiveActivityPushError/payloadTooLarge``.
  public init<ContentState: Encodable>(
    _ event: Event, contentState: ContentState, deviceToken: String, bundleID: String, environment: Environment,
    priority: Priority, timestamp: Date, staleDate: Date? = nil, relevanceScore: Double? = nil, alert: Alert? = nil,
    expiration: Date? = nil, apnsID: UUID? = nil, encoder: JSONEncoder? = nil
  ) throws(LiveActivityPushError) {
    let token = try Self.checkedToken(deviceToken)
    let topic = try Self.checkedTopic(bundleID)
    let sent = try Self.seconds(timestamp, "timestamp")
    let stale = try staleDate.map { date throws(LiveActivityPushError) in try Self.seconds(date, "stale-date") }
    let dismissal = try event.dismissalDate.map { date throws(LiveActivityPushError) in
      try Self.seconds(date, "dismissal-date")
    }
    let expires = try expiration.map { date throws(LiveActivityPushError) in try Self.seconds(date, "apns-expiration") }
    if let relevanceScore, !(relevanceScore.isFinite && relevanceScore >= 0) {
      throw LiveActivityPushError.invalidRelevanceScore.with("\(relevanceScore)")
    }
    let state = try Self.encoded(contentState, encoder ?? Self.defaultEncoder())
    let body = Self.body(
      event: event, contentState: state, timestamp: sent, staleDate: stale, dismissalDate: dismissal,
      relevanceScore: relevanceScore, alert: alert)
    guard body.count <= Self.maximumPayloadSize else {
      throw LiveActivityPushError.payloadTooLarge.with("\(body.count) bytes, above \(Self.maximumPayloadSize)")
    }
    var headers = [
      "apns-push-type": "liveactivity",
      "apns-topic": topic,
      "apns-priority": String(priority.value),
    ]
    headers["apns-expiration"] = expires.map { String($0) }
    headers["apns-id"] = apnsID.map { $0.uuidString.lowercased() }
    self.environment = environment
    self.path = "/3/device/\(token)"
    self.headers = headers
    self.body = body
  }
}
