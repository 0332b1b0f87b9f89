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
