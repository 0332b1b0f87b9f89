import CountdownCore
import CountdownKit

extension NotificationsState {
  private typealias Action = NotificationsSchedule<NotificationsEnd>.Action

  /// A turn: the schedule follows the reading, and the center's calls are planned at the
  /// reading's `now`: one removal of every request that goes (with those of the `sweep` that no
  /// pending countdown wants), one removal of the delivered milestone alerts of countdowns that
  /// went and of phases that are over, an add per request that comes, and a listing when the adds
  /// may have pushed some past the system's limit (``adding(_:)``).
  mutating func handleTurn(_ reading: Reading, clockChanged: Bool, sweep: [String]?) -> [Call] {
    let actions = actions(reading, clockChanged: clockChanged)
    let staleMilestones = takeStaleMilestones()
    guard !actions.isEmpty || sweep != nil || !staleMilestones.isEmpty else { return [] }
    var removals: [NotificationsRequest] = []
    var deliveredRemovals: [NotificationsRequest] = []
    var adds: [Call] = []
    var added: [NotificationsRequest] = []
    for (key, first, last) in Self.collapsed(actions) {
      plan(
        key, pendingBefore: Self.pendingDeadline(first), wanted: last, now: reading.now, removals: &removals,
        deliveredRemovals: &deliveredRemovals, adds: &adds, added: &added)
    }
    var calls: [Call] = []
    if !removals.isEmpty || sweep?.isEmpty == false {
      let keeping = sweep == nil ? [] : schedule.pendingDeadlines.map(\.key)
      calls.append(.remove(removals, swept: sweep ?? [], keeping: keeping))
    }
    if !staleMilestones.isEmpty {
      // A plan that went has its pending phase ends' delivered milestones removed by the schedule too.
      let planned = Set(deliveredRemovals)
      deliveredRemovals += staleMilestones.filter { !planned.contains($0) }
    }
    if !deliveredRemovals.isEmpty { calls.append(.removeDelivered(deliveredRemovals)) }
    calls += adds
    if !added.isEmpty, reportsFailures, adding(added) {
      calls.append(.list(pending: schedule.pendingDeadlines))
    }
    return calls
  }

  /// How many actions a turn may have for ``collapsed(_:)`` to find each key among those before it
  /// rather than in a table: a change of one id makes a few, and a few comparisons of ids cost less
  /// than hashing each id twice into a table made for the turn.
  private static var collapsedBySearchLimit: Int { 8 }

  /// `actions`, one per key, in the order the keys first come: of several actions on one id in a
  /// turn, the first says what was pending, the last what it wants.
  ///
  /// - Complexity: O(*n*²) comparisons of ends for *n* ≤ ``collapsedBySearchLimit`` actions,
  ///   otherwise O(*n*) hashes.
  private static func collapsed(_ actions: [Action]) -> [(key: NotificationsEnd, first: Action, last: Action)] {
    var collapsed: [(key: NotificationsEnd, first: Action, last: Action)] = []
    collapsed.reserveCapacity(actions.count)
    if actions.count <= collapsedBySearchLimit {
      for action in actions {
        let key = end(of: action)
        // The ordinals first: comparing them is cheap, and phase ends of one id differ by them alone.
        if let at = collapsed.firstIndex(where: { $0.key.ordinal == key.ordinal && $0.key.key == key.key }) {
          collapsed[at].last = action
        } else {
          collapsed.append((key, action, action))
        }
      }
      return collapsed
    }
    var index: [NotificationsEnd: Int] = [:]
    for action in actions {
      let key = end(of: action)
      if let at = index[key] {
        collapsed[at].last = action
      } else {
        index[key] = collapsed.count
        collapsed.append((key, action, action))
      }
    }
    return collapsed
  }

  /// The end `action` is on.
  private static func end(of action: Action) -> NotificationsEnd {
    switch action {
    case .schedule(let key, _, _), .unschedule(let key, _, _): key
    }
  }

  /// The deadline of the requests pending before `action` (a key's first of the turn), if any.
  private static func pendingDeadline(_ action: Action) -> Int64? {
    switch action {
    case .schedule(_, _, let previous): previous
    case .unschedule(_, let deadline, _): deadline
    }
  }

  /// Plans the removals and adds that take `key`'s requests from those of the deadline
  /// `pendingBefore` to what `wanted` says: a request whose trigger was met by `now` (it fired) is
  /// neither removed nor added, nor a phase end's milestone that would come before its phase
  /// starts.
  private func plan(
    _ key: NotificationsEnd, pendingBefore previous: Int64?, wanted: Action, now: Int64,
    removals: inout [NotificationsRequest], deliveredRemovals: inout [NotificationsRequest], adds: inout [Call],
    added: inout [NotificationsRequest]
  ) {
    switch wanted {
    case .unschedule(_, _, let gone):
      // Not pending before this turn (moved in and out of the budget in it): nothing to remove.
      guard let previous else { return }
      for moment in moments where Self.fireInstant(previous, moment) > now {
        removals.append(NotificationsRequest(key, moment: moment))
      }
      if gone {
        // A "10 minutes left" in the notification center of a countdown that went (cancelled or
        // ended) is stale.
        for moment in moments where moment != .end {
          deliveredRemovals.append(NotificationsRequest(key, moment: moment))
        }
      }
    case .schedule(_, let deadline, _):
      let phaseEnd = key.ordinal == nil ? nil : phaseEnd(key)
      // A phase end's milestone comes within its phase, or not at all: after its start, which
      // the phase's length before its end (and before the end it was pending for).
      let length = phaseEnd?.start.map { deadline.subtractingReportingOverflow($0).partialValue }
      for moment in moments {
        let fire = Self.fireInstant(deadline, moment)
        let request = NotificationsRequest(key, moment: moment)
        if Self.comes(fire, now: now, moment, of: deadline, length: length) {
          adds.append(.add(request, fire: fire, now: now, end: deadline, phaseEnd: phaseEnd))
          added.append(request)
        } else if let previous, Self.fireInstant(previous, moment) > now {
          // Its moment moved into the past (time taken away), or out of its phase: the request
          // of the old one goes (if it was made: the removal of one that was not costs nothing).
          removals.append(request)
        }
      }
    }
  }

  /// Whether the alert at `moment` firing at `fire`, of an end at `deadline`, is still to come at
  /// `now`, and, for a phase whose start is `length` before its end, within the phase.
  private static func comes(
    _ fire: Int64, now: Int64, _ moment: CountdownAlertMoment, of deadline: Int64, length: Int64?
  ) -> Bool {
    guard fire > now else { return false }
    guard let length, moment != .end else { return true }
    return fire > deadline.subtractingReportingOverflow(length).partialValue
  }

  /// When the alert at `moment` of a countdown ending at `deadline` fires, on the manager's clock.
  static func fireInstant(_ deadline: Int64, _ moment: CountdownAlertMoment) -> Int64 {
    guard case .timeLeft(let left) = moment else { return deadline }
    guard let nanoseconds = try? left.countdownNanoseconds() else { return .min }
    let (fire, overflow) = deadline.subtractingReportingOverflow(nanoseconds)
    return overflow ? .min : fire
  }
}
