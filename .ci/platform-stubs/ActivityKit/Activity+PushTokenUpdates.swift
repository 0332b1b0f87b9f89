// Apple: https://developer.apple.com/documentation/activitykit/activity/pushtokenupdates-swift.struct
public import Foundation

/// ActivityKit's `Activity.PushTokenUpdates`: an asynchronous sequence of the push tokens of an activity.
/// Not `Sendable`, nor its iterator: Apple's pages show no such conformance (the stricter reading).
@available(iOS 16.1, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
extension Activity {
  public struct PushTokenUpdates: AsyncSequence {
    public typealias Element = Data

    /// Its iterator.
    public struct Iterator: AsyncIteratorProtocol {
      public mutating func next() async -> Data? { fatalError("platform stub: Activity.PushTokenUpdates.Iterator.next()") }
    }

    public func makeAsyncIterator() -> Iterator { fatalError("platform stub: Activity.PushTokenUpdates.makeAsyncIterator()") }
  }
}
