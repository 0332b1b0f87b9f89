import CountdownKit

/// What a ``CountdownAlerts`` keeps behind its lock: the schedule, and the work waiting for the
/// one thread that performs it. Every change is one method, named for its event; none calls user
/// code (the ids' own `Hashable` aside) or releases what could run a deinit.
///
/// Changes are queued here by whatever thread made them; the first to find no one draining
/// drains (``CountdownAlerts`` `drain()`): it takes the queued work, reads the countdowns'
/// phases with the lock released, applies them here, and makes the center calls with the lock
/// released again, until nothing is queued. So the schedule and the center calls change on one
/// thread at a time, in order, and a phase is always read after the change that queued it.
struct AlertsState: Sendable {
  /// What one turn of the drain does.
  struct Work: Sendable {
    /// The ids whose phase to read, each once, in the order they changed.
    var keys: [IDKey]
    /// Whether the device's clock changed: every pending request is added again.
    var clockChanged: Bool
    /// The identifiers of these alerts that the center held at the start, to check.
    var sweep: [String]?
  }

  private(set) var schedule: AlertSchedule<IDKey>
  private var queued: [IDKey] = []
  private var queuedSet: Set<IDKey> = []
  /// The ids whose request the center refused: tried again at the next change.
  private var refused: Set<IDKey> = []
  private var isDraining = false
  private var clockChanged = false
  private var sweep: [String]?
  /// The key of the manager's id observer.
  private var observerKey: Int?
  private var clockObservers: NotificationObservers?

  init(capacity: Int) {
    schedule = AlertSchedule(capacity: capacity)
  }

  /// The alerts started observing.
  mutating func started(observerKey: Int, clockObservers: NotificationObservers) {
    self.observerKey = observerKey
    self.clockObservers = clockObservers
  }

  /// The alerts are going away: what they observe with, for the caller to end after the lock.
  mutating func stopped() -> (observerKey: Int?, clockObservers: NotificationObservers?) {
    defer { (observerKey, clockObservers) = (nil, nil) }
    return (observerKey, clockObservers)
  }

  /// Work arrived: `keys` changed, the clock changed, or the center said which of these alerts'
  /// requests it held (`sweep`). The ids whose request was refused are queued again with it.
  ///
  /// - Returns: Whether the caller drains (no one else is).
  mutating func arrived(_ keys: [IDKey], clockChanged: Bool = false, sweep: [String]? = nil) -> Bool {
    for key in keys + refused where queuedSet.insert(key).inserted {
      queued.append(key)
    }
    self.clockChanged = self.clockChanged || clockChanged
    if let sweep { self.sweep = (self.sweep ?? []) + sweep }
    guard !isDraining else { return false }
    isDraining = true
    return true
  }

  /// The drain's next turn; `nil` when nothing is queued, and the drain ends.
  mutating func takeWork() -> Work? {
    guard !queued.isEmpty || clockChanged || sweep != nil else {
      isDraining = false
      return nil
    }
    defer {
      (queued, queuedSet, clockChanged, sweep) = ([], [], false, nil)
    }
    return Work(keys: queued, clockChanged: clockChanged, sweep: sweep)
  }

  /// The phases read for a turn's work: the schedule follows them.
  ///
  /// - Returns: What to do on the center: the schedule's actions, an add again of each refused
  ///   id still pending, and, after a change of the clock, of every pending id.
  mutating func apply(
    _ phases: [(key: IDKey, phase: AlertSchedule<IDKey>.Phase)], clockChanged: Bool
  ) -> [AlertSchedule<IDKey>.Action] {
    var actions: [AlertSchedule<IDKey>.Action] = []
    for (key, phase) in phases {
      let changed = schedule.update(key, to: phase)
      actions += changed
      if refused.remove(key) != nil, changed.isEmpty, let deadline = schedule.pendingDeadline(of: key) {
        actions.append(.schedule(key, deadline: deadline, previous: deadline))
      }
    }
    if clockChanged {
      for (key, deadline) in schedule.pendingDeadlines {
        actions.append(.schedule(key, deadline: deadline, previous: deadline))
      }
    }
    #if COUNTDOWN_CHECK_INVARIANTS
      schedule.checkInvariants()
    #endif
    return actions
  }

  /// The center refused the request of `key`: it is tried again at the next change.
  mutating func refused(_ key: IDKey) {
    refused.insert(key)
  }
}
