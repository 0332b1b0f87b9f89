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
  /// One arming of a timer of this clock, as the timer was asked for it.
  package struct Arming: Equatable, Sendable {
    /// Which timer of the clock (numbered from 0 in the order they were made).
    package var timer: Int
    /// Its deadline; `nil` for a disarm.
    package var deadline: CountdownInstant?
    /// Its period, when it repeats.
    package var period: Duration?
    /// How late it may fire.
    package var leeway: Duration

    /// An arming of timer `timer` for `deadline`, repeating every `period` if given.
    package init(timer: Int, deadline: CountdownInstant?, period: Duration?, leeway: Duration) {
      self.timer = timer
      self.deadline = deadline
      self.period = period
      self.leeway = leeway
    }
  }

  /// Keeps every arming of this clock's timers from now on, for ``armings``.
  package func startRecordingArms() {
    state.withLock { $0.armings = $0.armings ?? [] }
  }

  /// Every arming of this clock's timers since ``startRecordingArms()``, in order (empty before).
  package var armings: [Arming] {
    state.withLock { $0.armings ?? [] }
  }

  /// Whether each timer armed from now on fires at the end of its leeway, the latest a real timer
  /// may, instead of at its deadline. Off at first.
  package var firesAtTheEndOfTheLeeway: Bool {
    get { state.withLock { $0.firesAtTheEndOfTheLeeway } }
    set { state.withLock { $0.firesAtTheEndOfTheLeeway = newValue } }
  }
}

extension ManualCountdownClock {
  /// How many tasks sleep on this clock as a Swift `Clock`.
  package var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }
}
