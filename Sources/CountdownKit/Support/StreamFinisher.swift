/// Finishes an async sequence when what feeds it goes away: held only by the handler of the
/// countdown that feeds it (and what keeps that handler), and handlers are released outside the
/// engine's and the manager's locks, so finishing here cannot deadlock.
final class StreamFinisher<Element: Sendable>: Sendable {
  let continuation: AsyncStream<Element>.Continuation

  init(_ continuation: AsyncStream<Element>.Continuation) {
    self.continuation = continuation
  }

  deinit {
    continuation.finish()
  }
}
