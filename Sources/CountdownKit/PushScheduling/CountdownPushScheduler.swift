public import CountdownCore
import Dispatch
public import Foundation

/// Sends the pushes that keep Live Activities of countdowns in phases right, each at its date, for
/// the app's server: it follows the snapshots the app posts, on a ``CountdownCore/CountdownEngine``.
///
/// ```swift
/// let scheduler = try CountdownPushScheduler(
///   engine: engine, sender: LoggingSender(),
///   store: CountdownPushSchedulerJSONStore<String>(.file(URL(fileURLWithPath: "/var/lib/focus/pushes.json"))))
/// try await scheduler.follow(snapshot, id: "pomodoro", token: token)  // its first push goes out now
/// ```
///
/// ``follow(_:id:token:lookAhead:)`` lays out the id's pushes from the snapshot
/// (``CountdownSnapshot/pushSchedule(id:lookAhead:from:limit:)``, from the instant it is called),
/// one step at a time as each is needed, and sends each through the ``CountdownPushSender`` at its
/// send date (the first at once), within the engine's ``CountdownCore/CountdownEngine/endTolerance``
/// after it: one registration of the engine per followed id, armed for its next step, and one
/// timer for all. A new snapshot for the
/// id (a pause, a resume, a skip, time added) replaces its steps not sent yet; the schedule's last
/// step ends the activity, or shows it waiting after a phase that pauses the plan, until the
/// app posts a new snapshot.
///
/// What the gateway answers (``CountdownPushOutcome``) decides what comes next: a sent step is
/// recorded; a token gone, a push refused for good, or ``CountdownPushRetryPolicy/maximumAttempts``
/// failures in a row stop the following, and `onReport` says so; a retryable failure sends again
/// after a delay (``CountdownPushRetryPolicy``). Steps due together (after a restart, or while
/// waiting to retry) go out as one push, their last: each window shows all the activity needs
/// from its date on.
///
/// **Restart.** Each change (a snapshot followed, a token, a step sent, an id no longer followed)
/// is saved through the ``CountdownPushSchedulerStore``, and a new scheduler on the same store
/// goes on from there. A step recorded as sent is never sent again. Delivery is *at least once*: a
/// step whose send began but whose outcome was not recorded (the process stopped meanwhile) is
/// sent again after the restart, or a later step in its place if one is due by then. A push
/// updates or ends the activity with a whole content state, so a push received twice shows what
/// it showed once; a push lost would leave the activity wrong.
///
/// The sender, the store and `onReport` are called with no lock held; a task of its own runs each
/// send, and the engine's delivery queue each look at a step come due.
public final class CountdownPushScheduler<ID: Hashable & Sendable & Codable>: Sendable {
  /// The engine whose registrations time the pushes.
  public let engine: CountdownEngine
  /// How failed pushes are sent again.
  public let retryPolicy: CountdownPushRetryPolicy
  // Inlinable from here to each push's outcome (`@usableFromInline` for what those paths use), so
  // that the app's module runs them specialized for its id type.
  @usableFromInline let sender: any CountdownPushSender<ID>
  @usableFromInline let store: any CountdownPushSchedulerStore<ID>
  @usableFromInline let wallClock: @Sendable () -> Date
  @usableFromInline let onReport: @Sendable (CountdownPushSchedulerReport<ID>) -> Void
  @usableFromInline let state = PushSchedulerLock(PushSchedulerState<ID>())
  /// Runs the store's calls one at a time, in the order the changes were made under the lock,
  /// unless the store is in memory (``CountdownPushSchedulerStore/isInMemory``).
  @usableFromInline let storing = DispatchQueue(label: "CountdownPushScheduler.store")

  /// A scheduler that goes on with every id saved in `store`: each one's steps not sent yet are
  /// sent at their dates, and those due already at once (their last one).
  ///
  /// - Parameters:
  ///   - engine: The engine that times the pushes; its delivery queue runs the scheduler's looks
  ///     at the steps come due.
  ///   - sender: What sends each push.
  ///   - store: Where the followed ids are saved.
  ///   - retryPolicy: How failed pushes are sent again.
  ///   - wallClock: Today's date; the send dates are read against it.
  ///   - onReport: Called, with no lock held, when an id is no longer followed or a save fails.
  /// - Throws: What the store's ``CountdownPushSchedulerStore/load()`` throws.
  /// - Complexity: O(*n* + *s*) for *n* saved ids and *s* steps sent in all: each one's schedule
  ///   is laid out again up to its next step.
  public init(
    engine: CountdownEngine, sender: some CountdownPushSender<ID>, store: some CountdownPushSchedulerStore<ID>,
    retryPolicy: CountdownPushRetryPolicy = CountdownPushRetryPolicy(),
    wallClock: @escaping @Sendable () -> Date = { Date() },
    onReport: @escaping @Sendable (CountdownPushSchedulerReport<ID>) -> Void = { _ in }
  ) throws {
    self.engine = engine
    self.sender = sender
    self.store = store
    self.retryPolicy = retryPolicy
    self.wallClock = wallClock
    self.onReport = onReport
    let records = try store.load()
    let armings = state.withLock { state in
      records.compactMap { loaded -> (ID, PushReceiver)? in
        var record = CountdownPushRecord(
          id: loaded.id, token: loaded.token, snapshot: state.plans.intern(loaded.snapshot),
          lookAhead: loaded.lookAhead, scheduledFrom: loaded.scheduledFrom)
        record.sentCount = loaded.sentCount
        state.follow(record.id, with: PushSequence(record: record, receiver: PushReceiver(), epoch: state.number()))
        return state.claimArming(record.id).map { (record.id, $0) }
      }
    }
    for (id, receiver) in armings {
      arm(id, receiver)
    }
  }

  deinit {
    // The engine holds the receivers weakly, and would keep their registrations until their dates,
    // with handlers that find no scheduler: they end here.
    let receivers = state.withLock { $0.sequences.values.map(\.receiver) }
    for receiver in receivers {
      _ = engine.cancel(receiver)
    }
  }

  /// Follows the countdown in phases of `id` in `snapshot`: lays out its pushes from now, in place
  /// of any it had, and sends each at its date, the first at once (from a task of its own, begun
  /// before this returns).
  ///
  /// ```swift
  /// try await scheduler.follow(snapshot, id: "pomodoro", token: token, lookAhead: 1)
  /// ```
  ///
  /// A send running for the id's earlier snapshot finishes first, and its outcome records nothing
  /// in the new schedule (a token gone still stops the following).
  ///
  /// - Parameters:
  ///   - snapshot: The app's snapshot, with `id` in its ``CountdownSnapshot/phaseEntries``.
  ///   - id: The id of the countdown in phases.
  ///   - token: The Live Activity's push token.
  ///   - lookAhead: How many phases after the current one each push's window holds (default 1):
  ///     a push every `lookAhead + 1` phases.
  /// - Throws: ``CountdownPushSchedulerError`` for bad input, and nothing changes:
  ///   ``CountdownPushSchedulerError/invalidLookAhead``, ``CountdownPushSchedulerError/emptyToken``,
  ///   ``CountdownPushSchedulerError/noPhaseEntry``, ``CountdownPushSchedulerError/nothingToSend``
  ///   (the plan has ended). What the store's ``CountdownPushSchedulerStore/save(_:)`` throws: the
  ///   id is followed then, in memory, and the next save of it writes it whole.
  /// - Complexity: O(*k* log *p*) for the first two steps, windows of *k* phases, *p* the phases
  ///   written in the plan; the store's save.
  @inlinable
  public func follow(_ snapshot: CountdownSnapshot<ID>, id: ID, token: String, lookAhead: Int = 1) async throws {
    guard lookAhead >= 0 else { throw CountdownPushSchedulerError.invalidLookAhead }
    guard !token.isEmpty else { throw CountdownPushSchedulerError.emptyToken }
    guard snapshot.phaseEntries.contains(where: { $0.id == id }) else { throw CountdownPushSchedulerError.noPhaseEntry }
    // The plan kept once for every id that walks it: the sequence's walk holds its arithmetic.
    let interned = state.withLock { $0.plans.intern(snapshot) }
    let record = CountdownPushRecord(
      id: id, token: token, snapshot: interned, lookAhead: lookAhead, scheduledFrom: wallClock())
    let sequence = PushSequence(record: record, receiver: PushReceiver(), epoch: 0)
    guard sequence.step(0) != nil else {
      state.withLock { $0.plans.release(interned) }
      throw CountdownPushSchedulerError.nothingToSend
    }
    let now = wallClock().timeIntervalSince1970
    var first: Send?
    var armer: PushReceiver?
    try await saving { state in
      sequence.epoch = state.number()
      if let followed = state.sequences[id] {
        sequence.receiver = followed.receiver
        sequence.isArming = followed.isArming
      }
      state.follow(id, with: sequence)
      // The first step is due now: it goes out from here, unless a send of the id runs (its end
      // arms for this schedule).
      first = beginSend(id, in: &state, at: now)
      if first == nil { armer = state.claimArming(id) }
      return .save(record)
    } then: {
      if let first { startSending(first, id: id) }
      if let armer { arm(id, armer) }
    }
  }

  /// Sends the id's next pushes to `token`: the activity's new push token.
  ///
  /// ```swift
  /// try await scheduler.updateToken(newToken, id: "pomodoro")
  /// ```
  ///
  /// A send running with the old token finishes first: if the gateway says that token is gone,
  /// its step is sent again at once to the new one.
  ///
  /// - Parameters:
  ///   - token: The new token.
  ///   - id: The followed id.
  /// - Returns: Whether `id` is followed (nothing changes otherwise).
  /// - Throws: ``CountdownPushSchedulerError/emptyToken``, and nothing changes; what the store's
  ///   ``CountdownPushSchedulerStore/save(_:)`` throws (the token is used then, in memory).
  /// - Complexity: O(1), and the store's save.
  @inlinable @discardableResult
  public func updateToken(_ token: String, id: ID) async throws -> Bool {
    guard !token.isEmpty else { throw CountdownPushSchedulerError.emptyToken }
    var followed = false
    try await saving { state in
      guard let sequence = state.sequences[id] else { return .nothing }
      sequence.record.setToken(token)
      followed = true
      return .save(sequence.record)
    }
    return followed
  }

  /// Stops following `id`: no push of it is sent from now on (a send running finishes, and its
  /// outcome is dropped), and its record is removed from the store.
  ///
  /// ```swift
  /// try await scheduler.stop(id: "pomodoro")
  /// ```
  ///
  /// - Parameter id: The followed id.
  /// - Returns: Whether `id` was followed.
  /// - Throws: What the store's ``CountdownPushSchedulerStore/remove(id:)`` throws (the id is no
  ///   longer followed in memory then).
  /// - Complexity: O(1), and the store's removal.
  @inlinable @discardableResult
  public func stop(id: ID) async throws -> Bool {
    var followed: PushReceiver?
    try await saving { state in
      guard let sequence = state.unfollow(id) else { return .nothing }
      followed = sequence.receiver
      return .remove(id)
    } then: {
      if let followed { _ = engine.cancel(followed) }
    }
    return followed != nil
  }

  /// The ids followed, in any order.
  ///
  /// - Complexity: O(*n*) for *n* ids.
  @inlinable
  public var followedIDs: [ID] {
    state.withLock { Array($0.sequences.keys) }
  }

  /// What is saved of `id`: its snapshot, token and the steps sent; `nil` for an id not followed.
  ///
  /// - Parameter id: The id.
  /// - Returns: Its record.
  /// - Complexity: O(1).
  @inlinable
  public func record(id: ID) -> CountdownPushRecord<ID>? {
    state.withLock { $0.sequences[id]?.record }
  }

  /// How many plans the followed ids' snapshots hold, each kept once: for tests.
  package var plansKept: Int {
    state.withLock { $0.plans.count }
  }

  /// How many of `id`'s steps are laid out and kept, `nil` for an id not followed: for tests.
  package func stepsKept(id: ID) -> Int? {
    state.withLock { $0.sequences[id]?.stepsKept }
  }

  /// What a change under the lock leaves for the store.
  @usableFromInline
  enum StoreChange: Sendable {
    case save(CountdownPushRecord<ID>)
    case remove(ID)
    case nothing
  }

  /// Makes `change` under the lock, runs `then` with no lock held, then waits for what the change
  /// leaves for the store, queued in the order of the changes (made on this thread for a store in
  /// memory, when no other thread is making the store's changes: taken from the queue in the same
  /// hold of the lock).
  @inlinable
  func saving(
    _ change: (inout PushSchedulerState<ID>) -> StoreChange, then: () -> Void = {}
  ) async throws {
    let inMemory = store.isInMemory
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
      // `nil`: nothing to store; the changes this thread makes, taken from the queue (for a store
      // in memory), and whether it makes them.
      let stores = state.withLock { state -> (taken: [PushSchedulerState<ID>.StoreChangeQueued], makes: Bool)? in
        let left = change(&state)
        if case .nothing = left { return nil }
        let makes = state.queue(left, waiter: done)
        return (makes && inMemory ? state.takeStoreChanges() : [], makes)
      }
      then()
      guard let stores else { return done.resume() }
      if stores.makes { startStoring(stores.taken) }
    }
  }
}
