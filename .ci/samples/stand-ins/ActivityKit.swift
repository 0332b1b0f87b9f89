// ActivityKit for .ci/check-samples: what the documentation's Live Activity samples use, with
// ActivityKit's names and shapes, so that the samples compile on Linux. Nothing here runs.
@_exported import Foundation

/// ActivityKit's `ActivityAttributes`: a Live Activity's fixed data, and the type of its changing
/// state.
public protocol ActivityAttributes: Decodable, Encodable {
  associatedtype ContentState: Decodable, Encodable, Hashable
}

/// ActivityKit's `ActivityContent`: a Live Activity's state, and when it goes stale.
public struct ActivityContent<State: Decodable & Encodable & Hashable>: Hashable {
  public var state: State
  public var staleDate: Date?
  public var relevanceScore: Double

  public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
    self.state = state
    self.staleDate = staleDate
    self.relevanceScore = relevanceScore
  }
}

/// ActivityKit's `Activity`: a running Live Activity.
public final class Activity<Attributes: ActivityAttributes>: Identifiable, Sendable {
  public var id: String { fatalError() }
  public var attributes: Attributes { fatalError() }
  public var content: ActivityContent<Attributes.ContentState> { fatalError() }

  /// Starts a Live Activity.
  public static func request(attributes: Attributes, content: ActivityContent<Attributes.ContentState>) throws -> Activity<Attributes> {
    fatalError()
  }

  /// Shows new content.
  public func update(_ content: ActivityContent<Attributes.ContentState>) async {}

  /// Ends it, with its last content.
  public func end(_ content: ActivityContent<Attributes.ContentState>?) async {}
}
