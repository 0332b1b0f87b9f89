// Apple: https://developer.apple.com/documentation/activitykit/activityattributes

/// ActivityKit's `ActivityAttributes`: a Live Activity's fixed data, and the type of its changing
/// state (at most 4 KB encoded).
@available(iOS 16.1, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public protocol ActivityAttributes: Decodable, Encodable {
  associatedtype ContentState: Decodable, Encodable, Hashable
}
