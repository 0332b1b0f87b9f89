import CountdownKit

/// What a ``CountdownAlerts`` keeps behind its lock: the schedule, and the work waiting for the
/// one thread that performs it (``ChangeQueue``). Every change is one method, named for its
/// event; none calls user code (the ids' own `Hashable` aside) or releases what could run a
/// deinit.
struct AlertsState: Sendable {
  private(set) var schedule: AlertSchedule<IDKey>
  /// The changes waiting for the drain; the sweep is the identifiers of these alerts that the
  /// center held at the start.
  var queue = ChangeQueue<String>()
  /// The ids whose request the center refused: tried again at the next change.
  private var refused: Set<IDKey> = []
  var observation = FollowerObservation()

  init(capacity: Int) {
    schedule = AlertSchedule(capacity: capacity)
  }

  /// Work arrived (``ChangeQueue/arrived(_:clockChanged:sweep:)``); the ids whose request was
  /// refused are queued again with it.
  ///
  /// - Returns: Whether the caller drains (no one else is).
  mutating func arrived(_ keys: [IDKey], clockChanged: Bool = false, sweep: [String]? = nil) -> Bool {
    queue.arrived(keys + refused, clockChanged: clockChanged, sweep: sweep)
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
