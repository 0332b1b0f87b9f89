// Apple: https://developer.apple.com/documentation/activitykit/activity/activityupdates-swift.struct

/// ActivityKit's `Activity.ActivityUpdates`: an asynchronous sequence of the activities of a kind as they start.
/// Not `Sendable`, nor its iterator: Apple's pages show no such conformance (the stricter reading).
@available(iOS 16.1, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
extension Activity {
  public struct ActivityUpdates: AsyncSequence {
    public typealias Element = Activity<Attributes>

    /// Its iterator.
    public struct Iterator: AsyncIteratorProtocol {
      public mutating func next() async -> Activity<Attributes>? { fatalError("platform stub: Activity.ActivityUpdates.Iterator.next()") }
    }

    public func makeAsyncIterator() -> Iterator { fatalError("platform stub: Activity.ActivityUpdates.makeAsyncIterator()") }
  }
}
