/// A countdown that has no object of its own (a one-shot action or an async sequence); cancel it
/// through this handle.
public final class CountdownHandle: Sendable {
  private let engine: CountdownEngine

  init(engine: CountdownEngine) {
    self.engine = engine
  }

  /// Ends the countdown without a further call.
  ///
  /// - Returns: Whether it was still running.
  @discardableResult
  public func cancel() -> Bool {
    engine.cancel(self)
  }

  /// Whether the countdown is still running.
  public var isActive: Bool {
    engine.contains(self)
  }
}
