/// Which followed countdowns have their alerts pending: the soonest-ending running ones, as many
/// as the budget holds. A state machine: each change of one countdown is one call of
/// ``update(_:to:)``, which returns what to do on the system's center, performed by the caller.
///
/// Running countdowns are in one of two heaps: *pending* (their alerts are with the system), a
/// max-heap with the latest end on top, holding at most ``capacity``; *waiting*, a min-heap with
/// the soonest end on top. The rule after every call: pending is full or waiting is empty, and no
/// waiting countdown ends before a pending one (ties broken by a rising sequence number, given at
/// each change). One change moves at most its own countdown and one other across, so it costs
/// O(log *n*) work and at most two center operations, whatever the number of countdowns. Frozen
/// and gone countdowns are in neither heap: nothing of theirs is pending.
///
/// Deadlines are nanoseconds on the manager's clock, which a change of the device's clock does
/// not move: the order never needs re-sorting.
///
/// Each running countdown has a token, a small integer, by which the heaps know it: a change
/// hashes its key once, and the heaps' steps index arrays (hashing a type-erased key at every
/// step of a sift cost more than the rest of the change).
struct NotificationsSchedule<Key: Hashable & Sendable>: Sendable {
  /// What a countdown is doing, as the schedule sees it.
  enum Phase: Equatable {
    /// Running to `deadline`.
    case running(deadline: Int64)
    /// Frozen (paused, or paused by a suspension): nothing pending until it runs again.
    case frozen
    /// Ended, cancelled or removed.
    case gone
  }

  /// What the caller does on the center.
  enum Action: Equatable {
    /// Have the alerts of `key` pending for `deadline`; `previous`: the deadline its alerts were
    /// pending for already, which adding the same identifiers replaces (`nil`: none pending).
    case schedule(Key, deadline: Int64, previous: Int64?)
    /// Remove the pending alerts of `key`, scheduled for `deadline`; `gone`: the countdown went
    /// (not frozen, not moved out of the budget).
    case unschedule(Key, deadline: Int64, gone: Bool)
  }

  /// How many countdowns may have alerts pending at once.
  let capacity: Int
  private var pending = DeadlineHeap(isMax: true)
  private var waiting = DeadlineHeap(isMax: false)
  private var sequence: UInt64 = 0
  /// The token of each running countdown.
  private var tokens: [Key: Int] = [:]
  /// The key of each token in use, `nil` for a free one.
  private var keys: [Key?] = []
  /// Tokens given back, used again first.
  private var freeTokens: [Int] = []

  /// A schedule keeping at most `capacity` countdowns pending (at least one).
  init(capacity: Int) {
    precondition(capacity > 0, "checked by CountdownNotifications.init")
    self.capacity = capacity
  }

  /// The countdowns with alerts pending, with their deadlines, in no particular order.
  /// O(``capacity``).
  var pendingDeadlines: [(key: Key, deadline: Int64)] {
    pending.unordered.map { (keys[$0.token]!, $0.deadline) }
  }

  /// The deadline of `key` if its alerts are pending.
  func pendingDeadline(of key: Key) -> Int64? {
    tokens[key].flatMap { pending.element($0)?.deadline }
  }

  /// How many running countdowns wait for room.
  var waitingCount: Int { waiting.count }

  /// The countdown of `key` is now in `phase`.
  ///
  /// - Returns: What to do on the center, at most two actions (this countdown's, and one other
  ///   moved into or out of the budget); none when nothing changes for the system.
  /// - Complexity: O(log *n*) in the number of running countdowns.
  mutating func update(_ key: Key, to phase: Phase) -> [Action] {
    let token = tokens[key]
    let old = token.flatMap { pending.remove($0) }
    if old == nil, let token { waiting.remove(token) }
    if case .running(let deadline) = phase, let old, old.deadline == deadline {
      // Same end, still pending: nothing changes for the system.
      pending.insert(old)
      return []
    }
    // Its own token after the change (a new one if it had none; none if it stopped), kept rather
    // than looked up again: the key's hash is the costly part of a change.
    var own: Int?
    if case .running(let deadline) = phase {
      sequence += 1
      let running = token ?? takeToken(for: key)
      waiting.insert(.init(token: running, deadline: deadline, sequence: sequence))
      own = running
    } else if let token {
      // In neither heap now: its token is free.
      tokens[key] = nil
      keys[token] = nil
      freeTokens.append(token)
    }
    var actions: [Action] = []
    for (moved, promoted) in rebalance() where moved.token != own {
      let movedKey = keys[moved.token]!
      actions.append(
        promoted
          ? .schedule(movedKey, deadline: moved.deadline, previous: nil)
          : .unschedule(movedKey, deadline: moved.deadline, gone: false))
    }
    if case .running(let deadline) = phase, let own, pending.contains(own) {
      actions.insert(.schedule(key, deadline: deadline, previous: old?.deadline), at: 0)
    } else if let old {
      actions.insert(.unschedule(key, deadline: old.deadline, gone: phase == .gone), at: 0)
    }
    return actions
  }

  /// A token for `key`, which has none: a free one, or a new one.
  private mutating func takeToken(for key: Key) -> Int {
    let token: Int
    if let free = freeTokens.popLast() {
      token = free
      keys[token] = key
    } else {
      token = keys.count
      keys.append(key)
    }
    tokens[key] = token
    return token
  }

  /// Restores the rule: fills the pending heap from the waiting one, and swaps the latest
  /// pending with the soonest waiting if they are out of order.
  ///
  /// - Returns: The elements moved, each with whether it became pending.
  private mutating func rebalance() -> [(DeadlineHeap.Element, Bool)] {
    var moved: [(DeadlineHeap.Element, Bool)] = []
    while pending.count < capacity, let next = waiting.popTop() {
      pending.insert(next)
      moved.append((next, true))
    }
    if let soonestWaiting = waiting.top, let latestPending = pending.top,
      waiting.precedes(soonestWaiting, latestPending)
    {
      _ = waiting.popTop()
      _ = pending.popTop()
      pending.insert(soonestWaiting)
      waiting.insert(latestPending)
      moved.append((soonestWaiting, true))
      moved.append((latestPending, false))
    }
    return moved
  }

  #if COUNTDOWN_CHECK_INVARIANTS
    /// Checks the rule; O(*n*), for tests.
    func checkInvariants() {
      precondition(pending.count <= capacity)
      precondition(pending.count == capacity || waiting.count == 0)
      precondition(tokens.count == pending.count + waiting.count, "a token of a countdown in neither heap")
      precondition(tokens.allSatisfy { keys[$0.value] == $0.key })
      if let soonestWaiting = waiting.top, let latestPending = pending.top {
        precondition(!waiting.precedes(soonestWaiting, latestPending), "a waiting countdown ends before a pending one")
      }
    }
  #endif
}
