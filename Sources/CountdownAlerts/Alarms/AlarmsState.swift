import CountdownKit
import Foundation

/// What a ``CountdownAlarms`` keeps behind its lock: what it believes the system holds for each
/// followed countdown, and the work waiting for the one thread that performs it (the same
/// queue-and-drain as the notifications' ``AlertsState``). Every change is one method; none calls
/// user code (the ids' own `Hashable` aside).
struct AlarmsState: Sendable {
  /// What the system holds for one countdown, as far as this process knows.
  enum Held: Equatable, Sendable {
    /// Counting down to `deadline`, nanoseconds on the manager's clock.
    case counting(deadline: Int64)
    /// Paused with `remaining` nanoseconds left.
    case paused(remaining: Int64)
    /// Its deadline came: it rings (or rang) until the person stops it; not cancelled.
    case fired
    /// Maybe an alarm, in a state not known: one a previous process left, or one a call failed
    /// on. Cancelled before anything is scheduled under its identifier.
    case unknown
  }

  /// What the system should hold for one countdown.
  enum Desired: Equatable, Sendable {
    /// Counting down to `deadline`.
    case counting(deadline: Int64)
    /// Paused, showing `remaining` nanoseconds left.
    case paused(remaining: Int64)
    /// Nothing: the countdown went, or its end passed.
    case none
  }

  /// One call on the center.
  struct Operation: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
      case schedule(nanoseconds: Int64)
      case pause
      case resume
      /// `reported`: whether a failure reaches the app (a cancel made in case a previous process
      /// left an alarm is not: there may be none).
      case cancel(reported: Bool)
    }
    /// The countdown it is for; `nil` for an orphan of a previous process.
    var key: IDKey?
    var id: UUID
    var kind: Kind
  }

  /// What one turn of the drain does.
  struct Work: Sendable {
    var keys: [IDKey]
    /// Whether the device's clock changed: every alarm counting down is scheduled again.
    var clockChanged: Bool
    /// The alarms of this namespace the center held at the start, to reconcile.
    var sweep: [CountdownAlarmSnapshot]?
  }

  /// How far apart a paused alarm's time left and the countdown's may be for a resume (rather
  /// than a cancel and a schedule) to keep the end: the time between the countdown's change and
  /// the alarm's call, which a schedule has too.
  static let tolerance: Int64 = 10_000_000

  private var held: [IDKey: (id: UUID, held: Held)] = [:]
  private var keysByID: [UUID: IDKey] = [:]
  /// Whether the center said what it held at the start; until then, a countdown this process
  /// has not touched may have an alarm of a previous process.
  private var swept = false
  /// Alarms the center held at the start, ringing, not yet reconciled: left to the person, and
  /// cancelled before their identifier is scheduled again.
  private var ringingAtLaunch: Set<UUID> = []
  private var queued: [IDKey] = []
  private var queuedSet: Set<IDKey> = []
  private var refused: Set<IDKey> = []
  private var isDraining = false
  private var sweep: [CountdownAlarmSnapshot]?
  private var clockChanged = false
  private var observerKey: Int?
  private var clockObservers: NotificationObservers?

  /// How many alarms anything is kept for: what is believed held for a countdown, and the ringing
  /// ones a previous process left.
  var trackedAlarmCount: Int { held.count + ringingAtLaunch.count }

  /// The alarms started observing.
  mutating func started(observerKey: Int, clockObservers: NotificationObservers) {
    self.observerKey = observerKey
    self.clockObservers = clockObservers
  }

  /// The alarms are going away: what they observe with, for the caller to end after the lock.
  mutating func stopped() -> (observerKey: Int?, clockObservers: NotificationObservers?) {
    defer { (observerKey, clockObservers) = (nil, nil) }
    return (observerKey, clockObservers)
  }

  /// Work arrived; the refused countdowns are queued again with it.
  ///
  /// - Returns: Whether the caller drains (no one else is).
  mutating func arrived(_ keys: [IDKey], clockChanged: Bool = false, sweep: [CountdownAlarmSnapshot]? = nil) -> Bool {
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
    defer { (queued, queuedSet, clockChanged, sweep) = ([], [], false, nil) }
    return Work(keys: queued, clockChanged: clockChanged, sweep: sweep)
  }

  /// The desired states read for a turn, at `now` on the manager's clock, and what the center
  /// held at the start (`sweep`), if it said so this turn.
  ///
  /// - Returns: The calls that bring the center to the desired states; after a change of the
  ///   device's clock, a cancel and a schedule of every alarm counting down (the system may keep
  ///   a timer's end as a date of the clock, which the change moves).
  mutating func apply(
    _ desired: [(key: IDKey, id: UUID, desired: Desired)], clockChanged: Bool = false,
    sweep: [CountdownAlarmSnapshot]?, now: Int64
  ) -> [Operation] {
    var operations: [Operation] = []
    for (key, id, wanted) in desired {
      refused.remove(key)
      let entry = held[key]?.held
      if entry == nil, wanted == .none { continue }  // Nothing of this process's; the sweep sees to the rest.
      let current = entry ?? (swept && !ringingAtLaunch.contains(id) ? nil : .unknown)
      let (calls, next) = Self.reconcile(current, wanted, now: now)
      operations += calls.map { Operation(key: key, id: id, kind: $0) }
      if calls.contains(where: { if case .cancel = $0 { true } else { false } }) { ringingAtLaunch.remove(id) }
      if let next {
        held[key] = (id, next)
        keysByID[id] = key
      } else if next == nil, held.removeValue(forKey: key) != nil {
        keysByID[id] = nil
      }
    }
    if clockChanged {
      for (key, entry) in held {
        guard case .counting(let deadline) = entry.held, deadline > now else { continue }
        operations.append(Operation(key: key, id: entry.id, kind: .cancel(reported: true)))
        operations.append(Operation(key: key, id: entry.id, kind: .schedule(nanoseconds: deadline - now)))
      }
    }
    if let sweep {
      swept = true
      for alarm in sweep where keysByID[alarm.id] == nil {
        // Not touched by this process: its countdown went while the app was not running (or has
        // not been restored yet: a restore schedules it again). A ringing one has ended: the
        // person stops it.
        if alarm.state == .alerting {
          ringingAtLaunch.insert(alarm.id)
        } else {
          operations.append(Operation(key: nil, id: alarm.id, kind: .cancel(reported: false)))
        }
      }
    }
    return operations
  }

  /// The calls from `held` to `desired`, and what is held after them (`nil`: nothing).
  static func reconcile(_ held: Held?, _ desired: Desired, now: Int64) -> ([Operation.Kind], Held?) {
    var held = held
    if case .counting(let deadline)? = held, deadline <= now { held = .fired }
    // An end already passed (counting overtime, or come while ticking was suspended): its alarm
    // rang, or there is no time left to count.
    if case .counting(let deadline) = desired, deadline <= now { return reconcile(held, .none, now: now) }
    switch (held, desired) {
    case (nil, .none): return ([], nil)
    case (.fired?, .none): return ([], held)
    case (.unknown?, .none): return ([.cancel(reported: false)], nil)
    case (.counting?, .none), (.paused?, .none): return ([.cancel(reported: true)], nil)
    case (nil, .counting(let deadline)): return ([.schedule(nanoseconds: deadline - now)], .counting(deadline: deadline))
    case (nil, .paused(let remaining)): return ([.schedule(nanoseconds: remaining), .pause], .paused(remaining: remaining))
    case (.fired?, _), (.unknown?, _):
      let (calls, next) = reconcile(nil, desired, now: now)
      return ([.cancel(reported: false)] + calls, next)
    case (.counting(let old)?, .counting(let new)):
      if old == new { return ([], held) }
      return ([.cancel(reported: true), .schedule(nanoseconds: new - now)], .counting(deadline: new))
    case (.counting(let deadline)?, .paused(let remaining)):
      // The alarm keeps what it had left when it is paused: the countdown's, give or take the
      // time between the two.
      if abs(deadline - now - remaining) <= tolerance { return ([.pause], .paused(remaining: deadline - now)) }
      return ([.cancel(reported: true), .schedule(nanoseconds: remaining), .pause], .paused(remaining: remaining))
    case (.paused(let left)?, .paused(let remaining)):
      if abs(left - remaining) <= tolerance { return ([], held) }
      // Time added while paused: AlarmKit has no update.
      return ([.cancel(reported: true), .schedule(nanoseconds: remaining), .pause], .paused(remaining: remaining))
    case (.paused(let left)?, .counting(let deadline)):
      if abs(left - (deadline - now)) <= tolerance { return ([.resume], .counting(deadline: deadline)) }
      return ([.cancel(reported: true), .schedule(nanoseconds: deadline - now)], .counting(deadline: deadline))
    }
  }

  /// A call on the alarm of `key` failed: what the system holds is not known; the countdown is
  /// reconciled again at the next change.
  mutating func failed(_ key: IDKey, id: UUID) {
    held[key] = (id, .unknown)
    keysByID[id] = key
    refused.insert(key)
  }
}
