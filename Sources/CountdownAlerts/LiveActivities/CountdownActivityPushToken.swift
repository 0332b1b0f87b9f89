public import Foundation

/// A Live Activity's push token, as its center tells it (``CountdownActivityCenter/observePushTokens(_:)``):
/// ActivityKit's `Activity.pushToken`, which the system issues after an activity is requested with
/// push (`pushType: .token`), may change while the activity runs, and is no longer valid once it ends.
public struct CountdownActivityPushToken: Hashable, Sendable {
  /// The activity's identifier, `Activity.id`.
  public var activityID: String
  /// The countdown it stands for (its id, described).
  public var countdownID: String
  /// The token's bytes; `nil`: the activity ended, and its last token is no longer valid.
  public var token: Data?

  /// The token `token` of the activity `activityID`, which stands for the countdown `countdownID`;
  /// `nil` for an activity that ended.
  public init(activityID: String, countdownID: String, token: Data?) {
    self.activityID = activityID
    self.countdownID = countdownID
    self.token = token
  }

  /// The token as APNs takes it in a request's path: its bytes in lowercase hexadecimal, two
  /// digits a byte; `nil` for an activity that ended.
  ///
  /// - Complexity: O(*n*) in the token's bytes.
  public var hexString: String? {
    token.map(Self.hex)
  }

  /// `bytes` in lowercase hexadecimal, two digits a byte.
  static func hex(_ bytes: Data) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
