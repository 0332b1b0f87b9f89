import CountdownKit

/// The state machine of ``CountdownNotifications``' notifications (``NotificationsMirror``), behind
/// its follower's lock: which ends have their requests pending (the schedule, at most a budget's
/// worth of the soonest: single countdowns' ends and the next phase ends of countdowns in phases
/// together), which the center refused, and what its listings said.
/// Its whole behaviour is ``handle(_:)``: a turn plans the center's calls, at the `now` its reading
/// carries (NotificationsState+Plan.swift); the center's answers come back as events.
struct NotificationsState: MirrorStateMachine {
  /// A turn's reading: each id's phase, its next phase ends if it counts in phases (none while
  /// paused; `nil` for a single countdown, or none) and its current phase's ordinal (paused too),
  /// and whether the app asked to refresh its requests; at `now` on the manager's clock, read with
  /// no lock held.
  struct Reading {
    var phases:
      [(
        key: IDKey, phase: NotificationsSchedule<NotificationsEnd>.Phase, phaseEnds: [NotificationsPhaseEnd]?,
        phaseOrdinal: Int?, refreshed: Bool
      )]
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
    /// that none of the ends of `keeping` wants: one call of the center.
    case remove([NotificationsRequest], swept: [String], keeping: [NotificationsEnd])
    /// Removes the delivered notifications of `requests` from the notification center.
    case removeDelivered([NotificationsRequest])
    /// Adds `request`, firing at `fire` on the manager's clock: its trigger counts `fire - now`;
    /// `end`: the instant of the end it is an alert of; `phaseEnd`: that phase end, for a
    /// countdown in phases (what its content is told).
    case add(NotificationsRequest, fire: Int64, now: Int64, end: Int64, phaseEnd: NotificationsPhaseEnd?)
    /// Lists the center's pending requests, to learn of those of `pending` (the ends' with
    /// their deadlines) the system dropped past its limit.
    case list(pending: [(key: NotificationsEnd, deadline: Int64)])
    /// Asks whether notifications are allowed, to say why the add of `identifier` failed.
    case readAuthorization(identifier: String, error: any Error)
    /// Tells the app.
    case report(CountdownAlertError)
  }

  private(set) var schedule: NotificationsSchedule<NotificationsEnd>
  /// The budget: how many requests may be pending at once.
  let budget: Int
  /// How many phase ends of a countdown in phases the schedule holds (pending or waiting): at
  /// most as many as the budget holds ends.
  let phaseEndsAhead: Int
  /// The phase ends in the schedule of each countdown in phases, soonest first: those the last
  /// reading of its id found (contiguous ordinals).
  private(set) var sequences: [IDKey: [NotificationsPhaseEnd]] = [:]
  /// Every moment a countdown has an alert at: its end, then its milestones.
  let moments: [CountdownAlertMoment]
  /// With milestones: the ordinals of each countdown in phases whose milestone alerts may be in
  /// the notification center, not removed yet (those of the phase ends requested since the last
  /// removal): a phase's are stale once it is over, as a single countdown's are once it ends.
  private(set) var milestonePhases: [IDKey: ClosedRange<Int>] = [:]
  /// The delivered milestone alerts of phases that are over, to remove at the turn's end
  /// (``retireMilestones(of:ends:current:over:)``).
  private var staleMilestones: [NotificationsRequest] = []
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

  /// A machine keeping `budget` requests pending at most, for the alerts at `moments`, and at most
  /// `phaseEndsAhead` phase ends of each countdown in phases (`nil`: as many as the budget holds).
  init(budget: Int, moments: [CountdownAlertMoment], reportsFailures: Bool, phaseEndsAhead: Int? = nil) {
    self.budget = budget
    self.moments = moments
    self.reportsFailures = reportsFailures
    let capacity = budget / moments.count
    self.phaseEndsAhead = min(phaseEndsAhead ?? capacity, capacity)
    schedule = NotificationsSchedule(capacity: capacity)
  }

  /// A countdown in phases has its next phase ends read again at each phase end the app sees: the
  /// ended one leaves the schedule, one more comes in behind the others, which did not move.
  static var hearsPhaseEnds: Bool { true }

  static func turn(_ reading: Reading, clockChanged: Bool, sweep: [String]?) -> Event {
    .turn(reading, clockChanged: clockChanged, sweep: sweep)
  }

  /// The refused ids are read again with any work; after a change of the device's clock, the
  /// countdowns in phases too, so that what their content is told of the dates ahead is new.
  func alsoRead(clockChanged: Bool) -> [IDKey] {
    clockChanged && !sequences.isEmpty ? Array(refused) + sequences.keys : Array(refused)
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
  ) -> [NotificationsSchedule<NotificationsEnd>.Action] {
    var actions: [NotificationsSchedule<NotificationsEnd>.Action] = []
    for (key, phase, phaseEnds, phaseOrdinal, refreshed) in reading.phases {
      // Seldom any refused: an empty set is not asked, which would hash the id.
      let wasRefused = !refused.isEmpty && refused.remove(key) != nil
      if moments.count > 1, phaseEnds != nil || (!milestonePhases.isEmpty && milestonePhases[key] != nil) {
        // The plan is over when it went, or a single countdown replaced it.
        retireMilestones(
          of: key, ends: phaseEnds ?? [], current: phaseOrdinal, over: phase == .gone || phaseEnds == nil)
      }
      if phaseEnds != nil || (!sequences.isEmpty && sequences[key] != nil) {
        followPhases(key, phaseEnds ?? [], gone: phase == .gone, again: wasRefused || refreshed, into: &actions)
        // A single countdown of the id, replaced by the countdown in phases, is not pending now.
        if phaseEnds != nil {
          actions += schedule.update(NotificationsEnd(key: key), to: .frozen)
          continue
        }
      }
      let end = NotificationsEnd(key: key)
      let changed = schedule.update(end, to: phase)
      actions += changed
      if wasRefused || refreshed, changed.isEmpty, let deadline = schedule.pendingDeadline(of: end) {
        actions.append(.schedule(end, deadline: deadline, previous: deadline))
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

  /// The schedule follows `key`'s countdown in phases to the phase ends `ends` (none: paused, or
  /// `gone`): those of its ends that are not among them leave (a phase end passed, whose alert
  /// came or, skipped, is removed; ends past the new ones), the new ones come or move. `again`:
  /// the id's pending requests are made again even where their ends did not move.
  ///
  /// - Complexity: O(*k* log *n*), *k* the phase ends, *n* the ends in the schedule.
  private mutating func followPhases(
    _ key: IDKey, _ ends: [NotificationsPhaseEnd], gone: Bool, again: Bool,
    into actions: inout [NotificationsSchedule<NotificationsEnd>.Action]
  ) {
    let ends = ends.prefix(phaseEndsAhead)
    let kept = (ends.first?.ordinal ?? 0)..<(ends.last.map { $0.ordinal + 1 } ?? 0)
    let old = sequences[key] ?? []
    for old in old where !kept.contains(old.ordinal) {
      actions += schedule.update(NotificationsEnd(key: key, ordinal: old.ordinal), to: gone ? .gone : .frozen)
    }
    sequences[key] = ends.isEmpty ? nil : Array(ends)
    let oldFirst = old.first?.ordinal ?? 0
    for phaseEnd in ends {
      let end = NotificationsEnd(key: key, ordinal: phaseEnd.ordinal)
      let changed = schedule.update(end, to: .running(deadline: phaseEnd.instant))
      actions += changed
      // Its end did not move, but what its content is told did (another plan started at the same
      // instant): made again as a refresh is.
      let index = phaseEnd.ordinal - oldFirst
      let told = old.indices.contains(index) && old[index].tellsTheSame(as: phaseEnd)
      if again || !told, changed.isEmpty, let deadline = schedule.pendingDeadline(of: end) {
        actions.append(.schedule(end, deadline: deadline, previous: deadline))
      }
    }
  }

  /// Follows the ordinals of `key`'s countdown in phases whose milestones may have been delivered
  /// (``milestonePhases``) to its phase ends `ends` and current phase `current` (paused too): those
  /// of the phases before the current one are over (ended, or skipped), all of them when the plan
  /// is `over`, and so are another plan's (ordinals apart from the new ones: the plan was
  /// replaced); their delivered milestone alerts go (``staleMilestones``), as a single countdown's
  /// go when it ends or is cancelled.
  ///
  /// - Complexity: O(1), and a removal per milestone of each phase that is over: one phase at a
  ///   phase end; a plan that is over, the phases whose ends it requested since the last removal.
  private mutating func retireMilestones(
    of key: IDKey, ends: [NotificationsPhaseEnd], current: Int?, over: Bool
  ) {
    var range = milestonePhases[key]
    let ends = ends.prefix(phaseEndsAhead)
    if let first = ends.first?.ordinal, let last = ends.last?.ordinal {
      if let old = range, last + 1 < old.lowerBound || old.upperBound + 1 < first {
        retire(old, of: key)
        range = nil
      }
      range = range.map { min($0.lowerBound, first)...max($0.upperBound, last) } ?? first...last
    }
    if over {
      if let range { retire(range, of: key) }
      milestonePhases[key] = nil
      return
    }
    if let current, let old = range, old.lowerBound < current {
      retire(old.lowerBound...min(current - 1, old.upperBound), of: key)
      range = current <= old.upperBound ? current...old.upperBound : nil
    }
    milestonePhases[key] = range
  }

  /// The delivered milestone alerts of `key`'s phases of `ordinals` go at the turn's end.
  private mutating func retire(_ ordinals: ClosedRange<Int>, of key: IDKey) {
    for ordinal in ordinals {
      for moment in moments where moment != .end {
        staleMilestones.append(NotificationsRequest(NotificationsEnd(key: key, ordinal: ordinal), moment: moment))
      }
    }
  }

  /// The delivered milestone alerts of phases that are over, retired this turn, handed over once.
  mutating func takeStaleMilestones() -> [NotificationsRequest] {
    defer { staleMilestones = [] }
    return staleMilestones
  }

  /// The phase end `end` of a countdown in phases, as its id's last reading found it; `nil` for a
  /// single countdown's end.
  func phaseEnd(_ end: NotificationsEnd) -> NotificationsPhaseEnd? {
    guard let ordinal = end.ordinal, let ends = sequences[end.key], let first = ends.first?.ordinal,
      ends.indices.contains(ordinal - first)
    else { return nil }
    return ends[ordinal - first]
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

  /// Whether `request`, of an end at `deadline` still to come, is requested: a phase end's
  /// milestone only within its phase.
  private func isRequested(_ request: NotificationsRequest, deadline: Int64) -> Bool {
    guard request.ordinal != nil, case .timeLeft = request.moment, let start = phaseEnd(request.end)?.start else {
      return true
    }
    return Self.fireInstant(deadline, request.moment) > start
  }

  /// The requests of `listing` that should be pending and were not listed (a request whose
  /// instant came by `now` fired: it left the pending ones by itself), but those refused (the
  /// center said why already) and those reported already: dropped past the system's limit.
  ///
  /// - Returns: The identifiers to report.
  private mutating func dropped(_ listing: [Listed], now: Int64) -> [String] {
    var dropped: [String] = []
    for listed in listing
    where !listed.isListed && Self.fireInstant(listed.deadline, listed.request.moment) > now
      && isRequested(listed.request, deadline: listed.deadline)
    {
      if !refused.contains(listed.request.key), reportedDropped.insert(listed.request).inserted {
        dropped.append(listed.identifier)
      }
    }
    return dropped
  }
}
