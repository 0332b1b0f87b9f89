// The manual clock as a Swift `Clock`: app code that sleeps on a clock it is given
// (`Task.sleep(for:clock:)`, an `AsyncTimerSequence`) moves with the countdowns in one test.

extension ManualCountdownClock: Clock {
  /// The smallest step the clock tells apart: a nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Suspends the calling task until ``advance(by:)`` or ``jump(by:)`` reaches `deadline` (at
  /// once if it has passed).
  ///
  /// ```swift
  /// let clock = ManualCountdownClock()
  /// let manager = try CountdownManager(clock: clock)
  /// let banner = Task { try await Task.sleep(for: .seconds(5), clock: clock); showBanner() }
  /// try clock.advance(by: .seconds(5))  // the countdowns' callbacks run, and the task wakes
  /// ```
  ///
  /// The task is resumed when time reaches its deadline; like any resumed task, it runs on its
  /// executor afterwards, not inside the call that advanced the clock.
  /// - Throws: `CancellationError` if the task is cancelled first.
  public func sleep(until deadline: CountdownInstant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      defer { state.nextSleeperID += 1 }
      return state.nextSleeperID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = state.withLock { state -> Result<Void, any Error>? in
          if state.cancelledSleepers.remove(id) != nil { return .failure(CancellationError()) }
          if deadline.nanosecondsSinceOrigin <= state.now { return .success(()) }
          state.sleepers[id] = Sleeper(deadline: deadline.nanosecondsSinceOrigin, continuation: continuation)
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelledSleepers.insert(id)
          return nil as Sleeper?
        }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Resumes every sleeper whose deadline time has reached, outside the lock.
  func wakeSleepers() {
    let due = state.withLock { state -> [Sleeper] in
      guard !state.sleepers.isEmpty else { return [] }
      let due = state.sleepers.filter { $0.value.deadline <= state.now }
      for id in due.keys { state.sleepers[id] = nil }
      return due.sorted { $0.key < $1.key }.map(\.value)
    }
    for sleeper in due {
      sleeper.continuation.resume()
    }
  }
}

extension ManualCountdownClock {
  /// A task waiting in ``sleep(until:tolerance:)`` for an instant.
  struct Sleeper {
    var deadline: Int64
    var continuation: CheckedContinuation<Void, any Error>
  }
}
