// Apple: https://developer.apple.com/documentation/activitykit/pushtype

/// ActivityKit's `PushType`: how an activity receives remote updates; the package passes none.
@available(iOS 16.1, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public struct PushType: Equatable {
  private init() {}

  /// Updates through an activity push token.
  public static var token: PushType { PushType() }
}
