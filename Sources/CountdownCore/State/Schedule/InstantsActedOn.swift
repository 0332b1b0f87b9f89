/// The instants the engine's state has acted on. Every one only moves forward, but for the grid's
/// restart when the timer is made (rule 5 of `Documentation/Contributors.docc/EngineRules.md`).
struct InstantsActedOn {
  /// The grid instant the latest wakeup stands for, or the latest tick pass delivered: the values
  /// of a tick are those at this instant, whether the wakeup ran a little early or late.
  private(set) var wakeupInstant: Int64 = .min
  /// The latest clock reading of a call that owes prompt deliveries: none is computed for an
  /// instant before its call (a first one would show more than its duration).
  private(set) var latestRegistrationReading: Int64 = .min
  /// The latest instant the state has acted on.
  private(set) var latestInstant: Int64 = .min
  /// The latest clock reading acted on, as read: a call's or a wakeup's, never the later grid
  /// instant an early wakeup stands for, so the clock has reached it. A walk's pause acts on its
  /// caller's reading raised to this one: another call or wakeup may have started the walk's
  /// segment at a later reading before the pause took the lock, and the pause's earlier reading
  /// would give that segment the time between the two back, more than its length.
  private(set) var latestReading: Int64 = .min
  /// The instant the latest wakeup delivers ends for: its clock reading, or the instant it was
  /// armed for when it ran early by less than half an end window. At or after ``wakeupInstant``.
  private(set) var endInstant: Int64 = .min

  /// A new grid starts (``WakeupGrid/restart(at:)``), with nothing planned on the old one.
  mutating func restartGrid() {
    wakeupInstant = .min
  }

  mutating func raiseRegistrationReading(to now: Int64) {
    latestRegistrationReading = max(latestRegistrationReading, now)
  }

  /// Raises ``latestInstant`` to `now`, a call's clock reading made before it took the lock, if
  /// `now` is later; returns it: the instant the call acts on. Another thread (or a wakeup) may
  /// have acted on a later instant meanwhile, which a call must never undo (a pause that froze the
  /// time before a tick it did not see would give that tick's interval back on resume).
  mutating func raiseLatest(to now: Int64) -> Int64 {
    latestReading = max(latestReading, now)
    latestInstant = max(latestInstant, now)
    return latestInstant
  }

  /// A wakeup read `now` and stands for grid instant `instant` and, for ends, `end` (at or after
  /// both). Returns whether `instant` is a grid instant no wakeup stood for before.
  mutating func recordWakeup(at now: Int64, standingFor instant: Int64, endsFor end: Int64) -> Bool {
    let isNewGridInstant = instant > wakeupInstant
    wakeupInstant = max(wakeupInstant, instant)
    endInstant = max(endInstant, end)
    latestReading = max(latestReading, now)
    latestInstant = max(latestInstant, now, wakeupInstant, endInstant)
    return isNewGridInstant
  }

  /// A tick pass delivered the values at grid instant `instant`.
  mutating func advanceWakeupInstant(to instant: Int64) {
    wakeupInstant = max(wakeupInstant, instant)
    latestInstant = max(latestInstant, instant)
  }
}
