/// AlarmKit's `AlarmMetadata`: the app's own data for its alarm's UI; may be empty.
@available(iOS 26.0, *)
public protocol AlarmMetadata: Decodable, Encodable, Hashable, Sendable {}
