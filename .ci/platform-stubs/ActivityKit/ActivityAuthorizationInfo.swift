// Apple: https://developer.apple.com/documentation/activitykit/activityauthorizationinfo

/// ActivityKit's `ActivityAuthorizationInfo`: whether the person lets the app start Live Activities.
@available(iOS 16.1, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public final class ActivityAuthorizationInfo {
  public init() { activityEnablementUpdates = ActivityEnablementUpdates() }

  /// Whether the app can start a Live Activity now.
  final public var areActivitiesEnabled: Bool { fatalError("platform stub: areActivitiesEnabled") }

  /// `areActivitiesEnabled`, each time it changes.
  final public let activityEnablementUpdates: ActivityAuthorizationInfo.ActivityEnablementUpdates

  /// ActivityKit's `ActivityAuthorizationInfo.ActivityEnablementUpdates`.
  public struct ActivityEnablementUpdates: AsyncSequence {
    public typealias Element = Bool

    fileprivate init() {}

    public func makeAsyncIterator() -> Iterator { Iterator() }

    /// Its iterator.
    public struct Iterator: AsyncIteratorProtocol {
      public mutating func next() async -> Bool? { fatalError("platform stub: ActivityEnablementUpdates.next()") }
    }
  }
}
