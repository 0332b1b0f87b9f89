// Apple: https://developer.apple.com/documentation/activitykit/activity/activitystateupdates-swift.struct

/// ActivityKit's `Activity.ActivityStateUpdates`: an asynchronous sequence of the states of an activity.
/// Not `Sendable`, nor its iterator: Apple's pages show no such conformance (the stricter reading).
@available(iOS 16.1, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
extension Activity {
  public struct ActivityStateUpdates: AsyncSequence {
    public typealias Element = ActivityState

    /// Its iterator.
    public struct Iterator: AsyncIteratorProtocol {
      public mutating func next() async -> ActivityState? { fatalError("platform stub: Activity.ActivityStateUpdates.Iterator.next()") }
    }

    public func makeAsyncIterator() -> Iterator { fatalError("platform stub: Activity.ActivityStateUpdates.makeAsyncIterator()") }
  }
}
