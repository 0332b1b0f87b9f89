public import Foundation

// Apple: https://developer.apple.com/documentation/activitykit/activitycontent
// Apple: https://developer.apple.com/documentation/activitykit/activitycontent/init(state:staledate:relevancescore:)

/// ActivityKit's `ActivityContent` (iOS 16.2): a Live Activity's state, when it goes stale, and its
/// relevance. `Sendable` when its state is (Apple's page lists `Sendable` without saying whether
/// it is conditional: the stricter reading).
@available(iOS 16.2, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public struct ActivityContent<State> where State: Decodable, State: Encodable, State: Hashable {
  /// The state the system shows.
  public let state: State
  /// When the system marks the activity stale; `nil` never.
  public let staleDate: Date?
  /// Orders several activities of the app.
  public let relevanceScore: Double

  /// Apple's page for this initializer adds Mac Catalyst 27.3 and macOS 27.3, the type's page does
  /// not: the stricter reading, unavailable there with the type.
  public init(state: State, staleDate: Date?, relevanceScore: Double = 0.0) {
    self.state = state
    self.staleDate = staleDate
    self.relevanceScore = relevanceScore
  }
}

@available(iOS 16.2, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
extension ActivityContent: Sendable where State: Sendable {}
