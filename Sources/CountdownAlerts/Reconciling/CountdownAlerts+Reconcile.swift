import CountdownCore
import CountdownKit
import Foundation

extension CountdownAlerts {
  /// The device's clock changed: the pending requests are added again for the same instants.
  func clockChanged() {
    enqueue([], clockChanged: true)
  }

  /// The center holds `identifiers` (asked once, at the start): those of these alerts that no
  /// followed countdown wants are removed.
  func swept(_ identifiers: [String]) {
    let own = identifiers.filter(isOwnRequest)
    enqueue([], sweep: own.isEmpty ? nil : own)
  }

  /// Queues the work and drains, unless another thread is draining (it takes this work too).
  func enqueue(_ keys: [IDKey], clockChanged: Bool = false, sweep: [String]? = nil) {
    if state.withLock({ $0.arrived(keys, clockChanged: clockChanged, sweep: sweep) }) {
      drain()
    }
  }

  /// Performs the queued work, one turn at a time, until none is left: phases are read and the
  /// center is called with no lock held, the schedule changed under the lock in between. Only
  /// one thread drains at a time (``AlertsState/arrived(_:clockChanged:sweep:)``).
  private func drain() {
    while let work = state.withLock({ $0.queue.takeWork() }) {
      // The manager's reads take its locks and read its clock: not under ours.
      let phases = work.keys.map { key in (key: key, phase: Self.phase(manager.idPhase(of: key).phase)) }
      let actions = state.withLock { $0.apply(phases, clockChanged: work.clockChanged) }
      let pending = work.sweep == nil ? [] : state.withLock { $0.schedule.pendingDeadlines.map(\.key) }
      perform(actions, sweep: work.sweep, pending: pending)
    }
  }

  /// The schedule's view of a manager's phase.
  private static func phase(_ phase: IDPhase) -> AlertSchedule<IDKey>.Phase {
    switch phase {
    case .running(_, let deadline): .running(deadline: deadline.nanosecondsSinceOrigin)
    case .frozen: .frozen
    case .gone: .gone
    }
  }

  /// Every moment a followed countdown has an alert at: its end, then its milestones.
  private var moments: [CountdownAlertMoment] {
    [.end] + milestones.map { .timeLeft($0) }
  }

  /// When the alert at `moment` of a countdown ending at `deadline` fires, on the manager's clock.
  private static func fireInstant(_ deadline: Int64, _ moment: CountdownAlertMoment) -> Int64 {
    guard case .timeLeft(let left) = moment else { return deadline }
    let (seconds, attoseconds) = left.components
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !nanoseconds.overflow else { return .min }
    let (fire, overflow) = deadline.subtractingReportingOverflow(nanoseconds.partialValue + attoseconds / 1_000_000_000)
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
  private func perform(_ actions: [Action], sweep: [String]?, pending: [IDKey]) {
    guard !actions.isEmpty || sweep != nil else { return }
    let now = manager.engine.clock.now.nanosecondsSinceOrigin
    var calls: CenterCalls = ([], [], [])
    for (key, first, last) in Self.collapsed(actions) {
      guard let id = key.base.base as? ID else { continue }
      plan(id, key, pendingBefore: Self.pendingDeadline(first), wanted: last, now: now, into: &calls)
    }
    if let sweep {
      calls.removals += unwanted(sweep, pending: pending)
    }
    callCenter(calls, now: now)
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
      guard let id = key.base.base as? ID else { continue }
      for moment in moments { wanted.insert(identifier(for: id, moment: moment)) }
    }
    return sweep.filter { !wanted.contains($0) }
  }

  /// Makes `calls`, with the time-interval triggers counted from `now` on the manager's clock.
  private func callCenter(_ calls: CenterCalls, now: Int64) {
    if !calls.removals.isEmpty {
      center.removePendingRequests(withIdentifiers: calls.removals)
    }
    if !calls.deliveredRemovals.isEmpty {
      center.removeDeliveredNotifications(withIdentifiers: calls.deliveredRemovals)
    }
    for add in calls.adds {
      let request = CountdownAlertRequest(
        identifier: add.identifier, content: content(add.id, add.moment), timeInterval: Double(add.fire - now) / 1e9)
      center.add(request) { [weak self] error in
        guard let error else { return }
        self?.refused(add.key, identifier: add.identifier, error: error)
      }
    }
  }

  /// The center refused the request `identifier` of `key`: it is tried again at the next change,
  /// and the app hears why (notifications denied, or the center's own reason).
  private func refused(_ key: IDKey, identifier: String, error: any Error) {
    state.withLock { $0.refused(key) }
    guard let onFailure else { return }
    center.authorizationStatus { authorization in
      let kind: CountdownAlertError = authorization == .denied ? .notAuthorized : .requestFailed
      onFailure(kind.with(request: identifier, underlying: error))
    }
  }
}
