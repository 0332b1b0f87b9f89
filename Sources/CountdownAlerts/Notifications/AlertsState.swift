import CountdownKit

/// The state machine of ``CountdownNotifications``' notifications (``NotificationsMirror``), behind its
/// follower's lock: which countdowns have their requests pending (the schedule, at most a budget's
/// worth of the soonest-ending), and which the center refused.
struct AlertsState: MirrorStateMachine {
  /// A turn's reading: each id's phase, and whether the app asked to refresh its requests.
  struct Reading {
    var phases: [(key: IDKey, phase: AlertSchedule<IDKey>.Phase, refreshed: Bool)]
  }

  /// What a turn does on the center: the schedule's actions (an add again of each refused or
  /// refreshed id still pending, and after a change of the clock, of every pending id, among them), and when the
  /// center said what it held at the start, those requests and the ids now pending, so that the
  /// requests no countdown wants go.
  struct Turn {
    var actions: [AlertSchedule<IDKey>.Action]
    var sweep: [String]?
    var pending: [IDKey]
  }

  private(set) var schedule: AlertSchedule<IDKey>
  /// The ids whose request the center refused: tried again at the next change.
  private var refused: Set<IDKey> = []
  /// The requests reported dropped past the system's limit, each reported once until it is
  /// added again.
  private var reportedDropped: Set<String> = []
  /// How many of the center's pending requests were not these alerts' when it last listed them;
  /// `nil` until it did.
  private var othersAtLastListing: Int?
  /// The turns that added requests since the center last listed them.
  private var addingTurnsSinceListing = 0

  /// How many turns that add requests may pass without a listing while the app's own requests
  /// leave room for the whole budget: the app may add its own meanwhile.
  static var addingTurnsPerListing: Int { 16 }

  init(capacity: Int) {
    schedule = AlertSchedule(capacity: capacity)
  }

  /// The refused ids are read again with any work.
  func alsoRead(clockChanged: Bool) -> [IDKey] {
    Array(refused)
  }

  mutating func apply(_ reading: Reading, clockChanged: Bool, sweep: [String]?) -> Turn {
    var actions: [AlertSchedule<IDKey>.Action] = []
    for (key, phase, refreshed) in reading.phases {
      let changed = schedule.update(key, to: phase)
      actions += changed
      let wasRefused = refused.remove(key) != nil
      if wasRefused || refreshed, changed.isEmpty, let deadline = schedule.pendingDeadline(of: key) {
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
    let pending = sweep == nil ? [] : schedule.pendingDeadlines.map(\.key)
    return Turn(actions: actions, sweep: sweep, pending: pending)
  }

  /// The requests of `identifiers` are being added: one dropped before may be reported again.
  ///
  /// - Returns: Whether to list the center's pending requests, to learn of those the system drops
  ///   past its limit: when the app's own requests at the last listing left less room than
  ///   `budget` (or none was made yet), and otherwise every ``addingTurnsPerListing`` turns that
  ///   add, so that the app's own requests added since are seen; a listing is a call into the
  ///   system's notification service, not made at every change.
  mutating func adding(_ identifiers: [String], budget: Int) -> Bool {
    if !reportedDropped.isEmpty {
      for identifier in identifiers { reportedDropped.remove(identifier) }
    }
    addingTurnsSinceListing += 1
    if let others = othersAtLastListing, others + budget <= CountdownAlertRequest.systemPendingLimit,
      addingTurnsSinceListing < Self.addingTurnsPerListing
    {
      return false
    }
    addingTurnsSinceListing = 0
    return true
  }

  /// The center listed its pending requests: `others` of them were not these alerts'.
  mutating func listed(others: Int) {
    othersAtLastListing = others
  }

  /// The requests of `missing` were not pending when the center listed them, though their
  /// countdowns had them pending: those not refused (the center said why already) and not
  /// reported yet are reported as dropped past the system's limit.
  ///
  /// - Returns: The identifiers to report.
  mutating func dropped(_ missing: [(key: IDKey, identifier: String)]) -> [String] {
    missing.filter { !refused.contains($0.key) && reportedDropped.insert($0.identifier).inserted }.map(\.identifier)
  }

  /// The center refused the request of `key`: it is tried again at the next change.
  mutating func refused(_ key: IDKey) {
    refused.insert(key)
  }
}
