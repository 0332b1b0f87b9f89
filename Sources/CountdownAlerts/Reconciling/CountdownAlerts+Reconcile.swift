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

  /// Makes the center calls for one turn: one removal for every request that goes, one removal
  /// of delivered milestone alerts of countdowns that went, then an add per request that comes.
  /// Of several actions on one id in a turn, the last says what it wants, the first what was
  /// pending; a request whose trigger was met (it fired) is neither removed nor added.
  private func perform(_ actions: [AlertSchedule<IDKey>.Action], sweep: [String]?, pending: [IDKey]) {
    guard !actions.isEmpty || sweep != nil else { return }
    let now = manager.engine.clock.now.nanosecondsSinceOrigin
    var order: [IDKey] = []
    var net: [IDKey: (first: AlertSchedule<IDKey>.Action, last: AlertSchedule<IDKey>.Action)] = [:]
    for action in actions {
      let key: IDKey
      switch action {
      case .schedule(let k, _, _), .unschedule(let k, _, _): key = k
      }
      if net[key] == nil {
        order.append(key)
        net[key] = (action, action)
      } else {
        net[key]?.last = action
      }
    }
    var removals: [String] = []
    var deliveredRemovals: [String] = []
    var adds: [(key: IDKey, id: ID, moment: CountdownAlertMoment, identifier: String, fire: Int64)] = []
    for key in order {
      guard let (first, last) = net[key], let id = key.base.base as? ID else { continue }
      let previous: Int64? =
        switch first {
        case .schedule(_, _, let previous): previous
        case .unschedule(_, let deadline, _): deadline
        }
      switch last {
      case .unschedule(_, _, let gone):
        // Not pending before this turn (moved in and out of the budget in it): nothing to remove.
        guard let previous else { continue }
        for moment in moments where Self.fireInstant(previous, moment) > now {
          removals.append(identifier(for: id, moment: moment))
        }
        if gone {
          // A "10 minutes left" in the notification center of a countdown that went (cancelled or
          // ended) is stale.
          deliveredRemovals += milestones.map { identifier(for: id, moment: .timeLeft($0)) }
        }
      case .schedule(_, let deadline, _):
        for moment in moments {
          let fire = Self.fireInstant(deadline, moment)
          if fire > now {
            adds.append((key, id, moment, identifier(for: id, moment: moment), fire))
          } else if let previous, Self.fireInstant(previous, moment) > now {
            // Its moment moved into the past (time taken away): the request of the old one goes.
            removals.append(identifier(for: id, moment: moment))
          }
        }
      }
    }
    if let sweep {
      var wanted = Set<String>()
      for key in pending {
        guard let id = key.base.base as? ID else { continue }
        for moment in moments { wanted.insert(identifier(for: id, moment: moment)) }
      }
      removals += sweep.filter { !wanted.contains($0) }
    }
    if !removals.isEmpty {
      center.removePendingRequests(withIdentifiers: removals)
    }
    if !deliveredRemovals.isEmpty {
      center.removeDeliveredNotifications(withIdentifiers: deliveredRemovals)
    }
    for add in adds {
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
