/// ActivityKit's `ActivityAttributes`: a Live Activity's fixed data, and the type of its changing
/// state (at most 4 KB encoded).
@available(iOS 16.1, *)
public protocol ActivityAttributes: Decodable, Encodable {
  associatedtype ContentState: Decodable, Encodable, Hashable
}
