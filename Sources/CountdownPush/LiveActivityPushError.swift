/// Why a ``LiveActivityPush`` could not be built: input APNs or the system would refuse, caught
/// before a request is sent.
///
/// A struct over a private code, as async-http-client's `HTTPClientError`: a later version can add
/// an error without breaking a `switch`, since callers compare with the `static let`s.
///
/// ```swift
/// do throws(LiveActivityPushError) {
///   _ = try LiveActivityPush(
///     .update, contentState: TimerActivityState(endsAt: end, isPaused: true), deviceToken: pushToken,
///     bundleID: "com.example.timer", environment: .production, priority: .low, timestamp: Date())
/// } catch where error == .invalidDeviceToken {
///   print("Not a push token: forget it.")
/// }
/// ```
public struct LiveActivityPushError: Error, Hashable, CustomStringConvertible {
  private enum Code: Hashable {
    case invalidDeviceToken
    case invalidBundleID
    case invalidRelevanceScore
    case invalidContentState
    case payloadTooLarge
    case invalidDate
  }

  private let code: Code
  /// What was wrong, for the description only: errors of the same code are equal whatever it says.
  private let detail: String?

  private init(_ code: Code, detail: String? = nil) {
    self.code = code
    self.detail = detail
  }

  /// The device token is empty, holds a character that is not a hexadecimal digit, or an odd
  /// number of them (not a whole number of bytes).
  ///
  /// ```swift
  /// let forgetTheToken = error == .invalidDeviceToken
  /// ```
  public static let invalidDeviceToken = LiveActivityPushError(.invalidDeviceToken)

  /// The bundle ID is empty, holds a character a bundle ID cannot (only A–Z, a–z, 0–9, hyphens
  /// and periods), or already ends in `.push-type.liveactivity`, which the request adds.
  ///
  /// ```swift
  /// let fixTheConfiguration = error == .invalidBundleID
  /// ```
  public static let invalidBundleID = LiveActivityPushError(.invalidBundleID)

  /// The relevance score is not a number, is infinite, or is below zero.
  ///
  /// ```swift
  /// let badScore = error == .invalidRelevanceScore
  /// ```
  public static let invalidRelevanceScore = LiveActivityPushError(.invalidRelevanceScore)

  /// The content state failed to encode (its encoder threw: the description has the encoder's
  /// error), or encodes to JSON that is not an object.
  ///
  /// ```swift
  /// let badState = error == .invalidContentState
  /// ```
  public static let invalidContentState = LiveActivityPushError(.invalidContentState)

  /// The body is over ``LiveActivityPush/maximumPayloadSize`` (4096 bytes), which APNs refuses:
  /// the description has its size. Send a smaller content state (Apple's limit for it alone is 4 KB
  /// too, and the payload holds more than it).
  ///
  /// ```swift
  /// let tooLarge = error == .payloadTooLarge
  /// ```
  public static let payloadTooLarge = LiveActivityPushError(.payloadTooLarge)

  /// A date cannot be written as whole seconds since 1970: it is not finite, is before 00:00:00 UTC
  /// on 1 January 1970, or is past `Int64`'s seconds. The description names the field.
  ///
  /// ```swift
  /// let badDate = error == .invalidDate
  /// ```
  public static let invalidDate = LiveActivityPushError(.invalidDate)

  /// This error, with `detail` for its description.
  func with(_ detail: String) -> LiveActivityPushError {
    LiveActivityPushError(code, detail: detail)
  }

  /// Errors are equal when they are the same kind of error, whatever their description's detail.
  ///
  /// ```swift
  /// let same = LiveActivityPushError.invalidDate == .invalidDate  // true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: An error.
  ///   - rhs: Another error.
  /// - Returns: Whether the two are the same kind of error.
  public static func == (lhs: LiveActivityPushError, rhs: LiveActivityPushError) -> Bool {
    lhs.code == rhs.code
  }

  /// Hashes the kind of error, as ``==(_:_:)`` compares it.
  ///
  /// ```swift
  /// let kinds: Set<LiveActivityPushError> = [.invalidDate, .payloadTooLarge]
  /// ```
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
  }

  /// What went wrong, and the detail the request found.
  ///
  /// ```swift
  /// print(error)  // LiveActivityPushError: the payload is over 4096 bytes (4200 bytes, above 4096)
  /// ```
  public var description: String {
    let what =
      switch code {
      case .invalidDeviceToken: "the device token must be whole bytes in hexadecimal"
      case .invalidBundleID: "the bundle ID must be A-Z, a-z, 0-9, \"-\" and \".\", without the topic's suffix"
      case .invalidRelevanceScore: "the relevance score must be a finite number of 0 or more"
      case .invalidContentState: "the content state must encode to a JSON object"
      case .payloadTooLarge: "the payload is over 4096 bytes"
      case .invalidDate: "a date must be finite, from 1970 on, and within Int64 seconds"
      }
    return "LiveActivityPushError: \(what)" + (detail.map { " (\($0))" } ?? "")
  }
}
