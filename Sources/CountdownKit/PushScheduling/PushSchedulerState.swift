public import CountdownCore

/// What a ``CountdownPushScheduler`` keeps under its lock.
@usableFromInline
struct PushSchedulerState<ID: Hashable & Sendable & Codable>: Sendable {
  /// A change for the store, with the follow or the update that waits for it, if any.
  @usableFromInline
  typealias StoreChangeQueued = (
    change: CountdownPushScheduler<ID>.StoreChange, waiter: CheckedContinuation<Void, any Error>?
  )

  /// The followed ids: changed through ``follow(_:with:)`` and ``unfollow(_:)``, which keep
  /// ``plans`` in step.
  @usableFromInline var sequences: [ID: PushSequence<ID>] = [:]
  /// The plans of the snapshots of ``sequences``, each kept once.
  @usableFromInline var plans = PushPlanTable()
  /// The ids with a send running: one at a time per id, whatever snapshot it was for, so that the
  /// gateway gets an id's pushes in order.
  @usableFromInline var sending: Set<ID> = []
  /// The sends running, counted until their outcome has been acted on.
  @usableFromInline var running = 0
  /// The threads arming the engine or calling the store outside the lock.
  @usableFromInline var working = 0
  /// How many times a send, an arming or a store's drain began or ended, for a wait until nothing
  /// moves.
  @usableFromInline var activity = 0
  /// The store's changes not made yet, in the order of the changes, each with the follow or the
  /// update that waits for it, if any.
  @usableFromInline var storeChanges: [StoreChangeQueued] = []
  /// Whether a thread is making the store's changes: it makes those queued meanwhile too, one at
  /// a time, in order.
  @usableFromInline var isStoring = false
  /// The last number handed out for an epoch or an arming.
  @usableFromInline var lastNumber = 0

  /// Follows `id` with `sequence`, whose snapshot's plans ``plans`` holds already, in place of the
  /// sequence it had, whose plans are let go of.
  @inlinable
  mutating func follow(_ id: ID, with sequence: PushSequence<ID>) {
    if let replaced = sequences.updateValue(sequence, forKey: id) {
      plans.release(replaced.record.snapshot)
    }
  }

  /// Stops following `id`, letting go of its snapshot's plans; returns its sequence, `nil` when it
  /// was not followed.
  @inlinable @discardableResult
  mutating func unfollow(_ id: ID) -> PushSequence<ID>? {
    guard let sequence = sequences.removeValue(forKey: id) else { return nil }
    plans.release(sequence.record.snapshot)
    return sequence
  }

  /// A number never handed out before.
  @inlinable
  mutating func number() -> Int {
    lastNumber += 1
    return lastNumber
  }

  /// Queues `change` for the store, with the task that waits for it; returns whether the caller is
  /// to make the changes queued (no thread makes them yet), after it lets go of the lock.
  @inlinable
  mutating func queue(
    _ change: CountdownPushScheduler<ID>.StoreChange, waiter: CheckedContinuation<Void, any Error>? = nil
  ) -> Bool {
    storeChanges.append((change, waiter))
    guard !isStoring else { return false }
    isStoring = true
    working += 1
    activity += 1
    return true
  }

  /// Takes the store's changes queued, for the thread that makes them (that claimed them through
  /// ``queue(_:waiter:)``); with none left, that thread is done with them.
  @inlinable
  mutating func takeStoreChanges() -> [StoreChangeQueued] {
    defer { storeChanges = [] }
    if storeChanges.isEmpty {
      isStoring = false
      working -= 1
      activity += 1
    }
    return storeChanges
  }

  /// Works out the engine's next registration for `id`, armed by the caller with `receiver` (which
  /// claimed it, ``claimArming(_:)``), after it lets go of the lock: its number, and its deadline,
  /// `nil` to end the registration (nothing to send, or a send runs); `nil` when `id` was stopped
  /// meanwhile. `wallNow` (seconds since 1970) and `instantNow` are the clocks' readings, taken
  /// with no lock held.
  @inlinable
  mutating func arming(
    _ id: ID, with receiver: PushReceiver, wallNow: Double, instantNow: CountdownInstant
  ) -> (number: Int, deadline: CountdownInstant?)? {
    // Stopped (and maybe followed again, with another receiver) meanwhile.
    guard let sequence = sequences[id], sequence.receiver === receiver else { return nil }
    sequence.armsAgain = false
    guard !sending.contains(id), let date = sequence.wakeDate() else {
      sequence.arming = 0
      return (0, nil)
    }
    let number = number()
    sequence.arming = number
    // Rounded up, so that the engine's end, never early, comes at or after the date.
    let seconds = min(max(0, date - wallNow), 100 * 365 * 86_400)
    return (number, instantNow.advanced(by: .nanoseconds(Int64((seconds * 1e9).rounded(.up)))))
  }

  /// Claims the arming of `id` for the caller, who arms after it lets go of the lock: the id's
  /// receiver; `nil` when `id` is not followed, or a thread arms it already (it arms again when it
  /// is done).
  @inlinable
  mutating func claimArming(_ id: ID) -> PushReceiver? {
    guard let sequence = sequences[id] else { return nil }
    if sequence.isArming {
      sequence.armsAgain = true
      return nil
    }
    sequence.isArming = true
    working += 1
    activity += 1
    return sequence.receiver
  }

  /// The counters, the store's queue and each id's arming, in words: what a wait until nothing
  /// moves shows when it gives up (``CountdownPushScheduler/settled(limit:)``).
  func dump() -> String {
    var lines = [
      "running \(running), working \(working), activity \(activity), sending \(sending.map { "\($0)" }.sorted()), "
        + "store changes queued \(storeChanges.count), isStoring \(isStoring), lastNumber \(lastNumber)"
    ]
    for (id, sequence) in sequences.sorted(by: { "\($0.key)" < "\($1.key)" }) {
      lines.append(
        "\(id): arming \(sequence.arming), isArming \(sequence.isArming), armsAgain \(sequence.armsAgain), "
          + "epoch \(sequence.epoch), sentCount \(sequence.record.sentCount), failures \(sequence.failures), "
          + "retry \(sequence.retry.map { "\($0)" } ?? "none"), wakeDate \(sequence.wakeDate().map { "\($0)" } ?? "none")"
      )
    }
    return lines.joined(separator: "\n")
  }
}
