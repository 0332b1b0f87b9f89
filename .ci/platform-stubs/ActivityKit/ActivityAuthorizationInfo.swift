/// ActivityKit's `ActivityAuthorizationInfo`: whether the person lets the app start Live Activities.
@available(iOS 16.1, *)
public final class ActivityAuthorizationInfo {
  public init() {}

  /// Whether the app can start a Live Activity now.
  final public var areActivitiesEnabled: Bool { fatalError("platform stub: areActivitiesEnabled") }
}
