// Apple: https://developer.apple.com/documentation/alarmkit/alarmmetadata

/// AlarmKit's `AlarmMetadata`: the app's own data for its alarm's UI; may be empty.
@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public protocol AlarmMetadata: Decodable, Encodable, Hashable, Sendable {}
