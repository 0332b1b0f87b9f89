import CountdownCore

/// Runs `async` operations one after the other, in the order they were handed over: what the
/// real centers need, as AlarmKit's `schedule` and ActivityKit's `update` are `async` while the
/// reconcilers' calls must take effect in order. Shared by every copy of the adapter that made it.
final class SerialTasks: Sendable {
  private let tail = LockedState<Task<Void, Never>?>(nil)

  /// Runs `operation` after every operation handed over before it.
  func run(_ operation: @escaping @Sendable () async -> Void) {
    // Making a task runs no code of the app's; the previous handle is only read.
    tail.withLock { tail in
      let previous = tail
      tail = Task {
        await previous?.value
        await operation()
      }
    }
  }
}
