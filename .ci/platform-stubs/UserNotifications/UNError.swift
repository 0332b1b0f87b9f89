// Apple: https://developer.apple.com/documentation/usernotifications/unerror
// Apple: https://developer.apple.com/documentation/usernotifications/unerror/code

/// UserNotifications' `UNError`: the errors its calls report, by code.
public struct UNError: CustomNSError, Hashable, Error {
  /// The error's code.
  public let code: Code

  /// An error with this code (the SDK's bridged-error initializer; the user info is not kept here).
  public init(_ code: Code, userInfo: [String: Any] = [:]) { self.code = code }

  public static var errorDomain: String { "UNErrorDomain" }
  public var errorCode: Int { code.rawValue }

  /// UserNotifications' `UNError.Code`.
  public enum Code: Int, @unchecked Sendable, Equatable {
    case notificationsNotAllowed = 1
    case attachmentInvalidURL = 100
    case attachmentUnrecognizedType = 101
    case attachmentInvalidFileSize = 102
    case attachmentNotInDataStore = 103
    case attachmentMoveIntoDataStoreFailed = 104
    case attachmentCorrupt = 105
    case notificationInvalidNoDate = 1400
    case notificationInvalidNoContent = 1401
    case contentProvidingObjectNotAllowed = 1500
    case contentProvidingInvalid = 1501
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    case badgeInputInvalid = 1600
  }

  /// The app is not allowed to schedule notifications.
  public static var notificationsNotAllowed: UNError.Code { .notificationsNotAllowed }
}
