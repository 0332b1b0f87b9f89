import CountdownKit

/// The state machine of ``CountdownNotifications``' notifications (``NotificationsMirror``), behind
/// its follower's lock: which countdowns have their requests pending (the schedule, at most a
/// budget's worth of the soonest-ending), which the center refused, and what its listings said.
/// Its whole behaviour is ``handle(_:)``: a turn plans the center's calls, at the `now` its reading
/// carries (NotificationsState+Plan.swift); the center's answers come back as events.
struct NotificationsState: MirrorStateMachine {
  /// A turn's reading: each id's phase, and whether the app asked to refresh its requests; at
  /// `now` on the manager's clock, read with no lock held.
  struct Reading {
    var phases: [(key: IDKey, phase: NotificationsSchedule<IDKey>.Phase, refreshed: Bool)]
    var now: Int64
  }

  /// One request as the center listed it, with the deadline its countdown had pending when the
  /// listing was asked for.
  struct Listed: Sendable {
    var request: NotificationsRequest
    /// Its identifier, for the report.
    var identifier: String
    var deadline: Int64
    /// Whether the listing holds it.
    var isListed: Bool
  }

  /// Every input of the machine.
  enum Event: Sendable {
    /// A turn of the drain: the reading, whether the device's clock changed (every pending request
    /// is added again), and the requests of these alerts' the center held at the start.
    case turn(Reading, clockChanged: Bool, sweep: [String]?)
    /// The center refused the add of `request` (`identifier`), with `error`.
    case addFailed(NotificationsRequest, identifier: String, error: any Error)
    /// The center said whether notifications are allowed, asked after the add of `identifier`
    /// failed with `error`.
    case authorizationRead(CountdownAlertAuthorization, identifier: String, error: any Error)
    /// The center listed its pending requests, `others` of them not these alerts'; `requests`:
    /// those the countdowns had pending when it was asked, each with whether it was listed; at
    /// `now` on the manager's clock, read when the answer came.
    case listed(others: Int, requests: [Listed], now: Int64)
  }

  /// One call on the center (or a failure for the app).
  enum Call: Sendable {
    /// Removes the pending `requests`, and those of `swept` (what the center held at the start)
    /// that none of the countdowns of `keeping` wants: one call of the center.
    case remove([NotificationsRequest], swept: [String], keeping: [IDKey])
    /// Removes the delivered notifications of `requests` from the notification center.
    case removeDelivered([NotificationsRequest])
    /// Adds `request`, firing at `fire` on the manager's clock: its trigger counts `fire - now`.
    case add(NotificationsRequest, fire: Int64, now: Int64)
    /// Lists the center's pending requests, to learn of those of `pending` (the countdowns' with
    /// their deadlines) the system dropped past its limit.
    case list(pending: [(key: IDKey, deadline: Int64)])
    /// Asks whether notifications are allowed, to say why the add of `identifier` failed.
    case readAuthorization(identifier: String, error: any Error)
    /// Tells the app.
    case report(CountdownAlertError)
  }

  private(set) var schedule: NotificationsSchedule<IDKey>
  /// The budget: how many requests may be pending at once.
  let budget: Int
  /// Every moment a countdown has an alert at: its end, then its milestones.
  let moments: [CountdownAlertMoment]
  /// Whether the app hears of failures: if not, nothing is listed nor asked to tell why.
  let reportsFailures: Bool
  /// The ids whose request the center refused: tried again at the next change.
  private var refused: Set<IDKey> = []
  /// The requests reported dropped past the system's limit, each reported once until it is
  /// added again.
  private var reportedDropped: Set<NotificationsRequest> = []
  /// How many of the center's pending requests were not these alerts' when it last listed them;
  /// `nil` until it did.
  private var othersAtLastListing: Int?
  /// The turns that added requests since the center last listed them.
  private var addingTurnsSinceListing = 0

  /// How many turns that add requests may pass without a listing while the app's own requests
  /// leave room for the whole budget: the app may add its own meanwhile.
  static var addingTurnsPerListing: Int { 16 }

  /// A machine keeping `budget` requests pending at most, for the alerts at `moments`.
  init(budget: Int, moments: [CountdownAlertMoment], reportsFailures: Bool) {
    self.budget = budget
    self.moments = moments
    self.reportsFailures = reportsFailures
    schedule = NotificationsSchedule(capacity: budget / moments.count)
  }

  /// A countdown in phases has its current phase's end requested again at each phase end the app
  /// sees: the turn that reads it then finds the next phase's deadline, and schedules it as any
  /// moved deadline.
  static var hearsPhaseEnds: Bool { true }

  static func turn(_ reading: Reading, clockChanged: Bool, sweep: [String]?) -> Event {
    .turn(reading, clockChanged: clockChanged, sweep: sweep)
  }

  /// The refused ids are read again with any work.
  func alsoRead(clockChanged: Bool) -> [IDKey] {
    Array(refused)
  }

  mutating func handle(_ event: Event) -> [Call] {
    switch event {
    case .turn(let reading, let clockChanged, let sweep):
      return handleTurn(reading, clockChanged: clockChanged, sweep: sweep)
    case .addFailed(let request, let identifier, let error):
      // Tried again at the next change; the app hears why (notifications denied, or the center's
      // own reason).
      refused.insert(request.key)
      return reportsFailures ? [.readAuthorization(identifier: identifier, error: error)] : []
    case .authorizationRead(let authorization, let identifier, let error):
      let kind: CountdownAlertError = authorization == .denied ? .notAuthorized : .requestFailed
      return [.report(kind.with(request: identifier, underlying: error))]
    case .listed(let others, let requests, let now):
      othersAtLastListing = others
      return dropped(requests, now: now).map { .report(CountdownAlertError.requestDropped.with(request: $0)) }
    }
  }

  /// The schedule's actions of one turn: an add again of each refused or refreshed id still
  /// pending, and after a change of the clock, of every pending id, among them.
  mutating func actions(
    _ reading: Reading, clockChanged: Bool
  ) -> [NotificationsSchedule<IDKey>.Action] {
    var actions: [NotificationsSchedule<IDKey>.Action] = []
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
    return actions
  }

  /// The requests of `added` are being added: one dropped before may be reported again.
  ///
  /// - Returns: Whether to list the center's pending requests, to learn of those the system drops
  ///   past its limit: when the app's own requests at the last listing left less room than the
  ///   budget (or none was made yet), and otherwise every ``addingTurnsPerListing`` turns that
  ///   add, so that the app's own requests added since are seen; a listing is a call into the
  ///   system's notification service, not made at every change.
  mutating func adding(_ added: [NotificationsRequest]) -> Bool {
    if !reportedDropped.isEmpty {
      for request in added { reportedDropped.remove(request) }
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

  /// The requests of `listing` that should be pending and were not listed (a request whose
  /// instant came by `now` fired: it left the pending ones by itself), but those refused (the
  /// center said why already) and those reported already: dropped past the system's limit.
  ///
  /// - Returns: The identifiers to report.
  private mutating func dropped(_ listing: [Listed], now: Int64) -> [String] {
    var dropped: [String] = []
    for listed in listing where !listed.isListed && Self.fireInstant(listed.deadline, listed.request.moment) > now {
      if !refused.contains(listed.request.key), reportedDropped.insert(listed.request).inserted {
        dropped.append(listed.identifier)
      }
    }
    return dropped
  }
}
