/// Finishes an async sequence of remaining values when the countdown feeding it goes away.
///
/// The countdown's handler holds the only reference to it, so it is deallocated when the engine
/// releases the handler: when the registration is cancelled, is removed by `cancelAll`, ends, or
/// its engine (with its manager) is deallocated. The engine releases handlers outside its lock, so
/// finishing the stream here (which runs the stream's termination handler) cannot deadlock.
final class StreamEnd: Sendable {
  let continuation: AsyncStream<Int>.Continuation

  init(_ continuation: AsyncStream<Int>.Continuation) {
    self.continuation = continuation
  }

  deinit {
    continuation.finish()
  }
}
