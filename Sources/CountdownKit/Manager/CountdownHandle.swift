/// A countdown that has no object of its own (a one-shot action or an async sequence); cancel it
/// through this handle. (An ``ObservableCountdown`` keys its countdown with one too.)
public final class CountdownHandle: Sendable {
  /// Weak: the engine's table holds this handle's countdown, whose handler holds the handle; a
  /// strong reference back would keep a released manager alive until the countdown ends.
  private let engine: WeakReference<CountdownEngine>

  init(engine: CountdownEngine) {
    self.engine = WeakReference(engine)
  }

  /// Ends the countdown without a further call.
  ///
  /// - Returns: Whether it was still running.
  @discardableResult
  public func cancel() -> Bool {
    engine.object?.cancel(self) ?? false
  }

  /// Whether the countdown is still running.
  public var isActive: Bool {
    engine.object?.contains(self) ?? false
  }
}
