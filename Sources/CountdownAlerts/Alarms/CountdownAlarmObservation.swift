import CountdownCore

/// An alarm center's watch over the app's alarms (``CountdownAlarmCenter/observeAlarms(_:)``):
/// the center calls on until ``cancel()``, or until this is released.
///
/// A center made by the app returns one made with what ends its watch:
///
/// ```swift
/// let task = Task { /* for await alarms in ... { onChange(...) } */ }
/// let observation = CountdownAlarmObservation { task.cancel() }
/// observation.cancel()  // the task is cancelled; a second cancel does nothing
/// ```
public final class CountdownAlarmObservation: Sendable {
  private let onCancel: LockedState<(@Sendable () -> Void)?>

  /// An observation that `onCancel` ends, once.
  public init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = LockedState(onCancel)
  }

  /// Ends the watch: the center calls no more. Later calls do nothing.
  public func cancel() {
    // Taken out under the lock, called after it: ending the watch is the center's code.
    let onCancel = self.onCancel.withLock { onCancel in
      defer { onCancel = nil }
      return onCancel
    }
    onCancel?()
  }

  deinit {
    cancel()
  }
}
