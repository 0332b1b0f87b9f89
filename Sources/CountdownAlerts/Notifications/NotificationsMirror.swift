import CountdownCore
import CountdownKit
import Foundation

/// The local notifications of ``CountdownNotifications``, as its follower drives them: one request at
/// each followed countdown's end and milestones, named after the id (``identifier(for:moment:)``),
/// added with a time-interval trigger counted from the countdown's deadline on the manager's clock.
struct NotificationsMirror<ID: Hashable & Sendable & CustomStringConvertible>: CountdownMirror {
  /// Every moment a followed countdown has an alert at: its end, then its milestones.
  let moments: [CountdownAlertMoment]
  let milestones: [Duration]
  let budget: Int
  let prefix: String
  let center: any CountdownAlertCenter
  let content: @Sendable (ID, CountdownAlertMoment) -> CountdownAlertContent
  /// The content the app set for an id's alerts (``CountdownNotifications/setContent(_:for:at:)``),
  /// in place of the closure's; its own lock, taken alone and only to read or write the table.
  let setContents = LockedState<[IDKey: [CountdownAlertMoment: CountdownAlertContent]]>([:])

  /// The requests of countdowns the follower has not read yet are not known to be wanted: the
  /// sweep comes after them.
  static var asksBeforeFollowing: Bool { false }

  func makeMachine() -> AlertsState {
    AlertsState(capacity: budget / moments.count)
  }

  func askSweep(_ answer: @escaping @Sendable (Result<[String], CountdownAlertError>) -> Void) {
    let prefix = prefix
    center.pendingRequestIdentifiers { identifiers in
      answer(.success(identifiers.filter { $0.hasPrefix(prefix) }))
    }
  }

  /// The identifier of the request for `id` at `moment`.
  func identifier(for id: ID, moment: CountdownAlertMoment) -> String {
    switch moment {
    case .end: "\(prefix)end/\(id)"
    case .timeLeft(let left): "\(prefix)left-\(Self.describe(left))/\(id)"
    }
  }

  /// The moment and the id's description of request `identifier`, if it is one of these alerts'.
  func parse(_ identifier: String) -> (moment: CountdownAlertMoment, description: String)? {
    guard identifier.hasPrefix(prefix) else { return nil }
    let rest = identifier.dropFirst(prefix.count)
    // The moment holds no "/"; the id's description may.
    guard let slash = rest.firstIndex(of: "/"), let moment = Self.moment(rest[..<slash]) else { return nil }
    return (moment, String(rest[rest.index(after: slash)...]))
  }

  /// The moment an identifier's segment names (``describe(_:)`` read back), if any.
  private static func moment(_ segment: Substring) -> CountdownAlertMoment? {
    if segment == "end" { return .end }
    guard segment.hasPrefix("left-") else { return nil }
    let amount = segment.dropFirst("left-".count)
    if amount.hasSuffix("ns"), let nanoseconds = Int64(amount.dropLast(2)), nanoseconds > 0 {
      return .timeLeft(.nanoseconds(nanoseconds))
    }
    if amount.hasSuffix("s"), let seconds = Int64(amount.dropLast()), seconds > 0 {
      return .timeLeft(.seconds(seconds))
    }
    return nil
  }

  /// Sets (or, `nil`, clears) the content of `key`'s alert at `moment`.
  func setContent(_ content: CountdownAlertContent?, for key: IDKey, at moment: CountdownAlertMoment) {
    // The old table entry is released after the lock.
    let old = setContents.withLock { table -> CountdownAlertContent? in
      guard let content else {
        let old = table[key]?.removeValue(forKey: moment)
        if table[key]?.isEmpty == true { table[key] = nil }
        return old
      }
      return table[key, default: [:]].updateValue(content, forKey: moment)
    }
    _ = old
  }

  /// What the alert of `id` at `moment` says: what the app set, else the closure's.
  private func content(_ id: ID, _ key: IDKey, _ moment: CountdownAlertMoment) -> CountdownAlertContent {
    if let set = setContents.withLock({ $0[key]?[moment] }) { return set }
    return content(id, moment)
  }

  /// `left` as it appears in an identifier: whole seconds when it has no fraction, else
  /// nanoseconds (seconds and nanoseconds for a time beyond 292 years, which no milestone is).
  private static func describe(_ left: Duration) -> String {
    let (seconds, attoseconds) = left.clampedComponents
    if attoseconds == 0 { return "\(seconds)s" }
    guard let nanoseconds = try? left.countdownNanoseconds() else {
      return "\(seconds)s\(attoseconds / 1_000_000_000)ns"
    }
    return "\(nanoseconds)ns"
  }

  func read(_ keys: [IDKey], sweep: [String]?, from countdowns: FollowedCountdowns) -> AlertsState.Reading {
    AlertsState.Reading(
      phases: keys.map { key in
        (key: key, phase: Self.phase(countdowns.idPhase(of: key).phase), refreshed: countdowns.isRefreshed(key))
      })
  }

  /// The schedule's view of a manager's phase.
  private static func phase(_ phase: IDPhase) -> AlertSchedule<IDKey>.Phase {
    switch phase {
    case .running(_, let deadline): .running(deadline: deadline.nanosecondsSinceOrigin)
    case .frozen: .frozen
    case .gone: .gone
    }
  }

  /// When the alert at `moment` of a countdown ending at `deadline` fires, on the manager's clock.
  private static func fireInstant(_ deadline: Int64, _ moment: CountdownAlertMoment) -> Int64 {
    guard case .timeLeft(let left) = moment else { return deadline }
    guard let nanoseconds = try? left.countdownNanoseconds() else { return .min }
    let (fire, overflow) = deadline.subtractingReportingOverflow(nanoseconds)
    return overflow ? .min : fire
  }

  private typealias Action = AlertSchedule<IDKey>.Action

  /// The center calls of one turn, all planned before the first is made.
  private typealias CenterCalls = (
    removals: [String], deliveredRemovals: [String],
    adds: [(key: IDKey, id: ID, moment: CountdownAlertMoment, identifier: String, fire: Int64)]
  )

  /// Makes the center calls for one turn: one removal for every request that goes, one removal
  /// of delivered milestone alerts of countdowns that went, then an add per request that comes.
  func perform(_ turn: AlertsState.Turn, for follower: CountdownFollower<Self>) {
    guard !turn.actions.isEmpty || turn.sweep != nil else { return }
    // Read after the turn's transition, and only for a turn that calls the center: a change of a
    // countdown outside the budget reads no clock.
    let now = follower.manager.clockNow
    var calls: CenterCalls = ([], [], [])
    for (key, first, last) in Self.collapsed(turn.actions) {
      guard let id = key.id(as: ID.self) else { continue }
      plan(id, key, pendingBefore: Self.pendingDeadline(first), wanted: last, now: now, into: &calls)
    }
    if let sweep = turn.sweep {
      calls.removals += unwanted(sweep, pending: turn.pending)
    }
    callCenter(calls, now: now, follower: follower)
    if !calls.adds.isEmpty, follower.reportsFailures {
      checkSystemLimit(adding: calls.adds.map(\.identifier), follower: follower)
    }
  }

  /// Lists the center's pending requests after a turn's adds, when it may have dropped some
  /// (``AlertsState/adding(_:budget:)``), and reports each of these alerts' own that should be
  /// pending and is not: the system dropped it past its limit of 64 for the app, without an
  /// error. The listing holds at most the system's 64, whatever the number of countdowns; what
  /// should be pending is the budget's worth of countdowns, read now, in step with the calls made
  /// so far, which the center applies before it lists (a request whose instant has come by the
  /// answer fired, and is not missed).
  private func checkSystemLimit(adding identifiers: [String], follower: CountdownFollower<Self>) {
    let budget = budget
    let pending = follower.update { machine in
      machine.adding(identifiers, budget: budget) ? machine.schedule.pendingDeadlines : nil
    }
    guard let pending else { return }
    center.pendingRequestIdentifiers { [weak follower, prefix] listed in
      guard let follower else { return }
      let others = listed.count { !$0.hasPrefix(prefix) }
      follower.update { $0.listed(others: others) }
      // The identifiers are made here, off the change's path.
      let listed = Set(listed)
      // A request whose instant has come fired: it left the pending ones by itself.
      let now = follower.manager.clockNow
      var missing: [(key: IDKey, identifier: String)] = []
      for (key, deadline) in pending {
        guard let id = key.id(as: ID.self) else { continue }
        for moment in moments where Self.fireInstant(deadline, moment) > now {
          let identifier = identifier(for: id, moment: moment)
          if !listed.contains(identifier) { missing.append((key, identifier)) }
        }
      }
      guard !missing.isEmpty else { return }
      let dropped = follower.update { $0.dropped(missing) }
      for identifier in dropped {
        follower.report(CountdownAlertError.requestDropped.with(request: identifier))
      }
    }
  }

  /// `actions`, one per key, in the order the keys first come: of several actions on one id in a
  /// turn, the first says what was pending, the last what it wants.
  private static func collapsed(_ actions: [Action]) -> [(key: IDKey, first: Action, last: Action)] {
    var collapsed: [(key: IDKey, first: Action, last: Action)] = []
    var index: [IDKey: Int] = [:]
    for action in actions {
      let key: IDKey =
        switch action {
        case .schedule(let key, _, _), .unschedule(let key, _, _): key
        }
      if let at = index[key] {
        collapsed[at].last = action
      } else {
        index[key] = collapsed.count
        collapsed.append((key, action, action))
      }
    }
    return collapsed
  }

  /// The deadline of the requests pending before `action` (a key's first of the turn), if any.
  private static func pendingDeadline(_ action: Action) -> Int64? {
    switch action {
    case .schedule(_, _, let previous): previous
    case .unschedule(_, let deadline, _): deadline
    }
  }

  /// Plans the removals and adds that take `id`'s requests from those of the deadline
  /// `pendingBefore` to what `wanted` says: a request whose trigger was met (it fired) is neither
  /// removed nor added.
  private func plan(
    _ id: ID, _ key: IDKey, pendingBefore previous: Int64?, wanted: Action, now: Int64,
    into calls: inout CenterCalls
  ) {
    switch wanted {
    case .unschedule(_, _, let gone):
      // Not pending before this turn (moved in and out of the budget in it): nothing to remove.
      guard let previous else { return }
      for moment in moments where Self.fireInstant(previous, moment) > now {
        calls.removals.append(identifier(for: id, moment: moment))
      }
      if gone {
        // A "10 minutes left" in the notification center of a countdown that went (cancelled or
        // ended) is stale.
        calls.deliveredRemovals += milestones.map { identifier(for: id, moment: .timeLeft($0)) }
      }
    case .schedule(_, let deadline, _):
      for moment in moments {
        let fire = Self.fireInstant(deadline, moment)
        if fire > now {
          calls.adds.append((key, id, moment, identifier(for: id, moment: moment), fire))
        } else if let previous, Self.fireInstant(previous, moment) > now {
          // Its moment moved into the past (time taken away): the request of the old one goes.
          calls.removals.append(identifier(for: id, moment: moment))
        }
      }
    }
  }

  /// The requests of `sweep` (these alerts' own, left by a previous process) that none of the
  /// `pending` countdowns wants.
  private func unwanted(_ sweep: [String], pending: [IDKey]) -> [String] {
    var wanted = Set<String>()
    for key in pending {
      guard let id = key.id(as: ID.self) else { continue }
      for moment in moments { wanted.insert(identifier(for: id, moment: moment)) }
    }
    return sweep.filter { !wanted.contains($0) }
  }

  /// Makes `calls`, with the time-interval triggers counted from `now` on the manager's clock.
  private func callCenter(_ calls: CenterCalls, now: Int64, follower: CountdownFollower<Self>) {
    if !calls.removals.isEmpty {
      center.removePendingRequests(withIdentifiers: calls.removals)
    }
    if !calls.deliveredRemovals.isEmpty {
      center.removeDeliveredNotifications(withIdentifiers: calls.deliveredRemovals)
    }
    for add in calls.adds {
      let request = CountdownAlertRequest(
        identifier: add.identifier, content: content(add.id, add.key, add.moment),
        timeInterval: Double(add.fire - now) / 1e9)
      center.add(request) { [weak follower, center] error in
        guard let error, let follower else { return }
        // Tried again at the next change; the app hears why (notifications denied, or the
        // center's own reason).
        follower.update { $0.refused(add.key) }
        guard follower.reportsFailures else { return }
        center.authorizationStatus { authorization in
          let kind: CountdownAlertError = authorization == .denied ? .notAuthorized : .requestFailed
          follower.report(kind.with(request: add.identifier, underlying: error))
        }
      }
    }
  }
}
