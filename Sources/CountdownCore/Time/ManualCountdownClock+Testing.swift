// What tests read of the manual clock's insides: package access, so no app sees it.
extension ManualCountdownClock {
  /// The earliest deadline a live timer of this clock is armed for, if any: for tests that check
  /// an engine has a wakeup coming (the simulation's model).
  package var earliestArmedDeadline: CountdownInstant? {
    state.withLock { state in
      state.timers.values
        .compactMap { record in record.timer == nil ? nil : record.armed?.deadline }
        .min()
        .map { CountdownInstant(nanosecondsSinceOrigin: $0) }
    }
  }
}

extension ManualCountdownClock {
  /// How many tasks sleep on this clock as a Swift `Clock`: for tests that must wait until a task
  /// is asleep before moving time.
  package var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }
}
