public import Foundation

// Apple: https://developer.apple.com/documentation/activitykit/activityuidismissalpolicy

/// ActivityKit's `ActivityUIDismissalPolicy`: when an ended Live Activity leaves the screen. Apple's
/// page lists no conformance: not `Sendable` here, so its values are computed (Apple declares
/// `static let`, used alike).
@available(iOS 16.1, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public struct ActivityUIDismissalPolicy {
  private init() {}

  /// Up to four hours after it ends.
  public static var `default`: ActivityUIDismissalPolicy { ActivityUIDismissalPolicy() }
  /// At once.
  public static var immediate: ActivityUIDismissalPolicy { ActivityUIDismissalPolicy() }
  /// At `date`, within four hours of the end.
  public static func after(_ date: Date) -> ActivityUIDismissalPolicy { ActivityUIDismissalPolicy() }
}
