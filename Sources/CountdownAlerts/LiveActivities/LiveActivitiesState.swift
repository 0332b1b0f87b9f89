import CountdownKit
import Foundation

/// What a ``CountdownLiveActivities`` keeps behind its lock: the last content sent for each
/// followed countdown, and the work waiting for the one thread that performs it (the same
/// queue-and-drain as the notifications' ``AlertsState``).
struct LiveActivitiesState<ContentState: Hashable & Sendable>: Sendable {
  /// What the activities of one countdown were last told.
  struct Sent: Equatable, Sendable {
    var state: ContentState
    var staleDate: Date?
    /// The countdown's deadline on the manager's clock while it ran; `nil` while frozen.
    var deadline: Int64?
  }

  /// What one countdown's activities should show now; `nil`: the countdown went.
  typealias Desired = Sent?

  /// One call on the center.
  enum Operation: Equatable, Sendable {
    case update(countdownID: String, state: ContentState, staleDate: Date?)
    case end(countdownID: String, state: ContentState, staleDate: Date?, dismissal: CountdownActivityDismissal)
  }

  private var sent: [IDKey: Sent] = [:]
  private var queued: [IDKey] = []
  private var queuedSet: Set<IDKey> = []
  private var isDraining = false
  private var observerKey: Int?
  private var clockObservers: NotificationObservers?

  mutating func started(observerKey: Int, clockObservers: NotificationObservers) {
    self.observerKey = observerKey
    self.clockObservers = clockObservers
  }

  /// What the follower observes with, for the caller to end after the lock.
  mutating func stopped() -> (observerKey: Int?, clockObservers: NotificationObservers?) {
    defer { (observerKey, clockObservers) = (nil, nil) }
    return (observerKey, clockObservers)
  }

  /// The countdowns whose activities were told something: after a change of the device's clock,
  /// their dates are read again.
  var sentKeys: [IDKey] { Array(sent.keys) }

  /// `keys` changed. - Returns: Whether the caller drains (no one else is).
  mutating func arrived(_ keys: [IDKey]) -> Bool {
    for key in keys where queuedSet.insert(key).inserted { queued.append(key) }
    guard !isDraining else { return false }
    isDraining = true
    return true
  }

  /// The drain's next keys; `nil` when none is queued, and the drain ends.
  mutating func takeWork() -> [IDKey]? {
    guard !queued.isEmpty else {
      isDraining = false
      return nil
    }
    defer { (queued, queuedSet) = ([], []) }
    return queued
  }

  /// The desired contents read for a turn, at `now` on the manager's clock.
  ///
  /// - Returns: An update for each countdown whose content or stale date changed; an end for
  ///   each that went (ran out if its deadline had come, else cancelled).
  mutating func apply(_ desired: [(key: IDKey, countdownID: String, desired: Desired)], now: Int64) -> [Operation] {
    var operations: [Operation] = []
    for (key, countdownID, wanted) in desired {
      if let wanted {
        let last = sent.updateValue(wanted, forKey: key)
        if last?.state != wanted.state || last?.staleDate != wanted.staleDate {
          operations.append(.update(countdownID: countdownID, state: wanted.state, staleDate: wanted.staleDate))
        }
      } else if let last = sent.removeValue(forKey: key) {
        let ranOut = last.deadline.map { $0 <= now } ?? false
        operations.append(
          .end(countdownID: countdownID, state: last.state, staleDate: last.staleDate,
               dismissal: ranOut ? .afterEnd : .immediately))
      }
    }
    return operations
  }
}
