import CountdownCore
import CountdownKit
import Foundation

/// The local notifications of ``CountdownNotifications``, as its follower drives them: one request at
/// each followed countdown's end and milestones (at each of the next phase ends of a countdown in
/// phases), named after the id (``identifier(for:ordinal:moment:)``), added with a time-interval
/// trigger counted from the end's instant on the manager's clock.
struct NotificationsMirror<ID: Hashable & Sendable & CustomStringConvertible>: CountdownMirror {
  /// Every moment a followed countdown has an alert at: its end, then its milestones.
  let moments: [CountdownAlertMoment]
  let budget: Int
  let prefix: String
  let center: any CountdownAlertCenter
  /// How many phase ends of a countdown in phases have requests, at most (`nil`: as many as the
  /// budget holds).
  let phaseEndsAhead: Int?
  let content: NotificationsContent<ID>
  /// The content the app set for an id's alerts (``CountdownNotifications/setContent(_:for:at:)``),
  /// in place of the closure's; its own lock, taken alone and only to read or write the table.
  let setContents = LockedState<[IDKey: [CountdownAlertMoment: CountdownAlertContent]]>([:])

  /// The requests of countdowns the follower has not read yet are not known to be wanted: the
  /// sweep comes after them.
  static var asksBeforeFollowing: Bool { false }

  func makeMachine(reportsFailures: Bool) -> NotificationsState {
    NotificationsState(
      budget: budget, moments: moments, reportsFailures: reportsFailures, phaseEndsAhead: phaseEndsAhead)
  }

  func askSweep(_ answer: @escaping @Sendable (Result<[String], CountdownAlertError>) -> Void) {
    let prefix = prefix
    center.pendingRequestIdentifiers { identifiers in
      answer(.success(identifiers.filter { $0.hasPrefix(prefix) }))
    }
  }

  /// The identifier of the request for `id` at `moment`: of its end, or of the end of its phase
  /// of `ordinal` (`@` and the ordinal after the moment).
  func identifier(for id: ID, ordinal: Int? = nil, moment: CountdownAlertMoment) -> String {
    // A single countdown's identifier has no phase segment: interpolating an empty one costs an append all the same.
    guard let ordinal else {
      return switch moment {
      case .end: "\(prefix)end/\(id)"
      case .timeLeft(let left): "\(prefix)left-\(Self.describe(left))/\(id)"
      }
    }
    return switch moment {
    case .end: "\(prefix)end@\(ordinal)/\(id)"
    case .timeLeft(let left): "\(prefix)left-\(Self.describe(left))@\(ordinal)/\(id)"
    }
  }

  /// The moment, the phase's ordinal (`nil` for a single countdown's end) and the id's description
  /// of request `identifier`, if it is one of these alerts'.
  func parse(_ identifier: String) -> (moment: CountdownAlertMoment, ordinal: Int?, description: String)? {
    guard identifier.hasPrefix(prefix) else { return nil }
    let rest = identifier.dropFirst(prefix.count)
    // The moment and the ordinal hold no "/"; the id's description may.
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    var segment = rest[..<slash]
    var ordinal: Int?
    if let at = segment.firstIndex(of: "@") {
      guard let read = Int(segment[segment.index(after: at)...]), read >= 0 else { return nil }
      ordinal = read
      segment = segment[..<at]
    }
    guard let moment = Self.moment(segment) else { return nil }
    return (moment, ordinal, String(rest[rest.index(after: slash)...]))
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

  /// What the alert of `id` at `moment` says: what the app set, else the closure's, told of the
  /// end (at `end` on the manager's clock, made a date with the device's clock `wallClockAhead`)
  /// and, for a phase end, of `phaseEnd`.
  private func content(
    _ id: ID, _ key: IDKey, _ moment: CountdownAlertMoment, end: Int64, phaseEnd: NotificationsPhaseEnd?,
    wallClockAhead: () -> TimeInterval
  ) -> CountdownAlertContent {
    if let set = setContents.withLock({ $0[key]?[moment] }) { return set }
    switch content {
    case .plain(let content): return content(id, moment)
    case .described(let content):
      let ahead = wallClockAhead()
      let date = { (instant: Int64) in Date(timeIntervalSinceReferenceDate: Double(instant) / 1e9 + ahead) }
      return content(
        CountdownAlertContext(
          id: id, moment: moment, endDate: date(end),
          phaseEnd: phaseEnd.map { CountdownAlertPhaseEnd($0, date: date) }))
    }
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

  /// How many phase ends of a countdown in phases a turn reads to request: ``phaseEndsAhead``, at
  /// most as many as the budget holds ends.
  private var phaseEndsRead: Int {
    let capacity = budget / moments.count
    return min(phaseEndsAhead ?? capacity, capacity)
  }

  func read(_ keys: [IDKey], sweep: [String]?, from countdowns: FollowedCountdowns) -> NotificationsState.Reading {
    NotificationsState.Reading(
      phases: keys.map { key in
        let (phase, _, phaseEnds) = countdowns.idPhase(of: key, phaseEndsUpcoming: phaseEndsRead + 1)
        return (
          key: key, phase: Self.phase(phase),
          phaseEnds: phaseEnds.map { NotificationsPhaseEnd.ends(of: $0, limit: phaseEndsRead) },
          phaseOrdinal: phaseEnds?.ordinal, refreshed: countdowns.isRefreshed(key)
        )
      },
      now: countdowns.clockNow)
  }

  /// The schedule's view of a manager's phase.
  private static func phase(_ phase: IDPhase) -> NotificationsSchedule<NotificationsEnd>.Phase {
    switch phase {
    case .running(_, let deadline): .running(deadline: deadline.nanosecondsSinceOrigin)
    case .frozen: .frozen
    case .gone: .gone
    }
  }

  /// The identifier of `request`, if its key is of an id of type `ID`.
  private func identifier(_ request: NotificationsRequest) -> String? {
    request.key.id(as: ID.self).map { identifier(for: $0, ordinal: request.ordinal, moment: request.moment) }
  }

  /// Makes each call on the center; its answers come back to the machine as events.
  func perform(_ calls: [NotificationsState.Call], for follower: CountdownFollower<Self>) {
    // The device's clock, read once for the calls' dates, and only for a content told of them.
    var ahead: TimeInterval?
    let wallClockAhead = {
      if let ahead { return ahead }
      let read = follower.manager.wallClockAhead
      ahead = read
      return read
    }
    for call in calls {
      switch call {
      case .remove(let requests, let swept, let keeping):
        let identifiers = requests.compactMap(identifier) + unwanted(swept, keeping: keeping)
        if !identifiers.isEmpty { center.removePendingRequests(withIdentifiers: identifiers) }
      case .removeDelivered(let requests):
        center.removeDeliveredNotifications(withIdentifiers: requests.compactMap(identifier))
      case .add(let request, let fire, let now, let end, let phaseEnd):
        let content = { (id: ID) in
          self.content(id, request.key, request.moment, end: end, phaseEnd: phaseEnd, wallClockAhead: wallClockAhead)
        }
        add(request, timeInterval: Double(fire - now) / 1e9, content: content, for: follower)
      case .list(let pending):
        center.pendingRequestIdentifiers { [weak follower] listed in
          guard let follower else { return }
          follower.send(follower.mirror.listing(listed, of: pending, now: follower.manager.clockNow))
        }
      case .readAuthorization(let identifier, let error):
        center.authorizationStatus { [weak follower] authorization in
          follower?.send(.authorizationRead(authorization, identifier: identifier, error: error))
        }
      case .report(let error): follower.report(error)
      }
    }
  }

  /// Adds the request of `request`, triggered in `timeInterval` seconds, with what the app says for
  /// it (`content`, read now, with no lock held); a refusal goes back to the machine.
  private func add(
    _ request: NotificationsRequest, timeInterval: Double, content: (ID) -> CountdownAlertContent,
    for follower: CountdownFollower<Self>
  ) {
    guard let id = request.key.id(as: ID.self) else { return }
    let identifier = identifier(for: id, ordinal: request.ordinal, moment: request.moment)
    let content = content(id)
    center.add(CountdownAlertRequest(identifier: identifier, content: content, timeInterval: timeInterval)) {
      [weak follower] error in
      guard let error else { return }
      follower?.send(.addFailed(request, identifier: identifier, error: error))
    }
  }

  /// The requests of `swept` (these alerts' own, left by a previous process) whose identifiers
  /// are none of those of the ends of `keeping`.
  private func unwanted(_ swept: [String], keeping: [NotificationsEnd]) -> [String] {
    guard !swept.isEmpty else { return [] }
    let wanted = Set(keeping.flatMap { end in moments.compactMap { identifier(.init(end, moment: $0)) } })
    return swept.filter { !wanted.contains($0) }
  }

  /// The center's listing `identifiers` as the machine reads it: how many are not these alerts',
  /// and, for each request of the countdowns `pending` when it was asked, whether it is listed.
  /// The listing holds at most the system's 64, whatever the number of countdowns; the
  /// identifiers are made here, off the change's path.
  private func listing(
    _ identifiers: [String], of pending: [(key: NotificationsEnd, deadline: Int64)], now: Int64
  ) -> NotificationsState.Event {
    let others = identifiers.count { !$0.hasPrefix(prefix) }
    let listed = Set(identifiers)
    var requests: [NotificationsState.Listed] = []
    for (end, deadline) in pending {
      guard let id = end.key.id(as: ID.self) else { continue }
      for moment in moments {
        let identifier = identifier(for: id, ordinal: end.ordinal, moment: moment)
        requests.append(
          .init(
            request: .init(end, moment: moment), identifier: identifier, deadline: deadline,
            isListed: listed.contains(identifier)))
      }
    }
    return .listed(others: others, requests: requests, now: now)
  }
}
