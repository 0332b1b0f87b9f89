public import Foundation

/// ActivityKit's `ActivityContent` (iOS 16.2): a Live Activity's state, when it goes stale, and its
/// relevance. `Sendable` when its state is (Apple's page lists `Sendable` without saying whether
/// it is conditional: the stricter reading).
@available(iOS 16.2, *)
public struct ActivityContent<State> where State: Decodable, State: Encodable, State: Hashable {
  /// The state the system shows.
  public let state: State
  /// When the system marks the activity stale; `nil` never.
  public let staleDate: Date?
  /// Orders several activities of the app.
  public let relevanceScore: Double

  public init(state: State, staleDate: Date?, relevanceScore: Double = 0.0) {
    self.state = state
    self.staleDate = staleDate
    self.relevanceScore = relevanceScore
  }
}

@available(iOS 16.2, *)
extension ActivityContent: Sendable where State: Sendable {}
