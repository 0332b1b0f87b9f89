public import CountdownCore
public import Dispatch
public import Foundation

extension CountdownPushScheduler {
  /// A step to send: its push, the token, the epoch of the schedule it belongs to, its index.
  @usableFromInline
  typealias Send = (push: CountdownPhasePush, token: String, epoch: Int, index: Int)

  /// Begins the send of `id`'s step due at `now`, under the lock: `nil` when a send of the id runs,
  /// the id is not followed, or no step is due (or the retry's date has not come).
  @inlinable
  func beginSend(_ id: ID, in state: inout PushSchedulerState<ID>, at now: Double) -> Send? {
    guard !state.sending.contains(id), let sequence = state.sequences[id], let index = sequence.due(at: now),
      let push = sequence.step(index)
    else { return nil }
    sequence.arming = 0
    state.sending.insert(id)
    state.running += 1
    state.activity += 1
    return (push, sequence.record.token, sequence.epoch, index)
  }

  /// Sends `send` from a task of its own.
  @inlinable
  func startSending(_ send: Send, id: ID) {
    Task { await deliver(send, id: id) }
  }

  /// Registers `id`'s next look with the engine (its next step's date, or its retry's), or ends its
  /// registration when nothing is left to send or a send is running; again while the id's state
  /// changes meanwhile, so that the engine's last registration is for the id's last state. Called
  /// with no lock held, by the thread that claimed the arming (`claimArming`), for `receiver`;
  /// `first`, when given, is the first registration, worked out under the lock where the arming
  /// was claimed (``PushSchedulerState/arming(_:with:wallNow:instantNow:)``).
  @inlinable
  func arm(_ id: ID, _ receiver: PushReceiver, first: (number: Int, deadline: CountdownInstant?)? = nil) {
    var first = first
    while true {
      let arming: (number: Int, deadline: CountdownInstant?)?
      if let given = first {
        (arming, first) = (given, nil)
      } else {
        let (wallNow, instantNow) = (wallClock().timeIntervalSince1970, engine.clock.now)
        arming = state.withLock { $0.arming(id, with: receiver, wallNow: wallNow, instantNow: instantNow) }
      }
      if let deadline = arming?.deadline, let number = arming?.number {
        // A deadline within a century cannot throw: the engine's clock reaches 292 years.
        try? engine.register(receiver, .deadline(deadline), delivering: .onlyTheEnd) { [weak self] _, _ in
          self?.look(at: id, arming: number)
        }
      } else if arming != nil {
        _ = engine.cancel(receiver)
      }
      // `nil`: stopped meanwhile.
      let again = state.withLock { state -> Bool? in
        let sequence = state.sequences[id]
        let owned = sequence?.receiver === receiver
        if owned, let sequence {
          if sequence.armsAgain { return true }
          sequence.isArming = false
        }
        state.working -= 1
        state.activity += 1
        return owned ? false : nil
      }
      if again == true { continue }
      // Stopped meanwhile: a registration made after the stop's cancel goes too.
      if again == nil { _ = engine.cancel(receiver) }
      return
    }
  }

  /// The engine's end for `id`'s arming `number`: sends the step due, if any, from a task of its
  /// own; arms again otherwise (the wall clock is behind the engine's).
  @inlinable
  func look(at id: ID, arming number: Int) {
    let now = wallClock().timeIntervalSince1970
    let next = state.withLock { state -> (send: Send?, armer: PushReceiver?) in
      // A send running arms when it finishes; the end of an arming replaced is not acted on.
      guard !state.sending.contains(id), let sequence = state.sequences[id], sequence.arming == number else {
        return (nil, nil)
      }
      sequence.arming = 0
      if let send = beginSend(id, in: &state, at: now) { return (send, nil) }
      return (nil, state.claimArming(id))
    }
    if let send = next.send { startSending(send, id: id) }
    if let armer = next.armer { arm(id, armer) }
  }

  /// Sends `send`, then acts on the outcome.
  @inlinable
  func deliver(_ send: Send, id: ID) async {
    let outcome: CountdownPushOutcome
    do {
      outcome = try await sender.send(send.push, id: id, token: send.token)
    } catch {
      outcome = .retryable(String(describing: error))
    }
    // Counted until the report is made; without one, `finish` counted the send's end.
    guard let report = finish(send, id: id, outcome: outcome) else { return }
    onReport(report)
    state.withLock { state in
      state.running -= 1
      state.activity += 1
    }
  }

  /// Records the outcome of `id`'s step `send`, and arms for what comes next, in one hold of the
  /// lock: the step recorded, the store's change queued (and taken, for a store in memory), the
  /// arming claimed and its registration worked out, and without a report the send's end counted.
  ///
  /// - Returns: The report to make, when the id is no longer followed.
  @inlinable
  func finish(_ send: Send, id: ID, outcome: CountdownPushOutcome) -> CountdownPushSchedulerReport<ID>? {
    // Read with no lock held: the clocks and the store are the app's.
    let (now, instantNow, inMemory) = (wallClock().timeIntervalSince1970, engine.clock.now, store.isInMemory)
    // What to do once the lock is let go of: a registration to end, the store's changes to make
    // (here, for a store in memory), the id to arm and how, the report to make.
    var cancel: PushReceiver?
    var stores = false
    var changes: [PushSchedulerState<ID>.StoreChangeQueued] = []
    var armer: PushReceiver?
    var arming: (number: Int, deadline: CountdownInstant?)?
    let report = state.withLock { state -> CountdownPushSchedulerReport<ID>? in
      let report = recordOutcome(
        outcome, of: send, id: id, at: now, in: &state, cancel: &cancel, stores: &stores, armer: &armer)
      if let armer { arming = state.arming(id, with: armer, wallNow: now, instantNow: instantNow) }
      if stores, inMemory { changes = state.takeStoreChanges() }
      if report == nil {
        state.running -= 1
        state.activity += 1
      }
      return report
    }
    if let cancel { _ = engine.cancel(cancel) }
    if stores { startStoring(changes) }
    if let armer { arm(id, armer, first: arming) }
    return report
  }

  /// Records `outcome` of `id`'s step `send` under the lock: what `finish` does once it lets go of
  /// it goes to `cancel`, `stores` and `armer`.
  ///
  /// - Returns: The report to make, when the id is no longer followed.
  @inlinable
  func recordOutcome(
    _ outcome: CountdownPushOutcome, of send: Send, id: ID, at now: Double, in state: inout PushSchedulerState<ID>,
    cancel: inout PushReceiver?, stores: inout Bool, armer: inout PushReceiver?
  ) -> CountdownPushSchedulerReport<ID>? {
    state.sending.remove(id)
    // Stopped meanwhile: nothing to record.
    guard let sequence = state.sequences[id] else { return nil }
    /// Stops following `id`, removes its record, and says why.
    func drop(_ kind: CountdownPushReportKind) -> CountdownPushSchedulerReport<ID> {
      state.unfollow(id)
      cancel = sequence.receiver
      stores = state.queue(.remove(id))
      return CountdownPushSchedulerReport(id: id, kind: kind, detail: outcome.reason)
    }
    if outcome.isTokenGone {
      // A token given meanwhile is the one to send to: the step goes again, at once, to it.
      if send.token == sequence.record.token { return drop(.tokenGone) }
      armer = state.claimArming(id)
      return nil
    }
    // A new snapshot replaced the schedule meanwhile: its own steps come next.
    guard sequence.epoch == send.epoch else {
      armer = state.claimArming(id)
      return nil
    }
    if outcome.isRejected { return drop(.rejected) }
    if outcome.isSent {
      if send.push.event.isEnd { return drop(.ended) }
      sequence.markSent(through: send.index)
      stores = state.queue(.save(sequence.record))
      armer = state.claimArming(id)
      return nil
    }
    sequence.failures += 1
    if sequence.failures >= retryPolicy.maximumAttempts { return drop(.gaveUp) }
    let delay = retryPolicy.delay(afterFailures: sequence.failures).components
    sequence.retry = (send.index, now + Double(delay.seconds) + Double(delay.attoseconds) * 1e-18)
    armer = state.claimArming(id)
    return nil
  }

  /// Makes the store's changes queued, here for a store in memory (from `taken`, those the caller
  /// took from the queue, on), on the store's queue otherwise; called with no lock held by the
  /// thread that claimed them (`PushSchedulerState.queue`).
  @inlinable
  func startStoring(_ taken: [PushSchedulerState<ID>.StoreChangeQueued] = []) {
    if store.isInMemory {
      makeStoreChanges(taken)
    } else {
      storing.async { self.makeStoreChanges() }
    }
  }

  /// Makes the store's changes `taken`, then those queued, one at a time, in order, until none is
  /// left: each waiter resumes with its change's outcome, and a failure no one waits for is
  /// reported.
  @inlinable
  func makeStoreChanges(_ taken: [PushSchedulerState<ID>.StoreChangeQueued] = []) {
    var changes = taken
    while true {
      if changes.isEmpty {
        changes = state.withLock { $0.takeStoreChanges() }
      }
      guard !changes.isEmpty else { return }
      for (change, waiter) in changes {
        do {
          switch change {
          case .save(let record): try store.save(record)
          case .remove(let id): try store.remove(id: id)
          case .nothing: break
          }
          waiter?.resume()
        } catch {
          if let waiter {
            waiter.resume(throwing: error)
            continue
          }
          let id: ID
          switch change {
          case .save(let record): id = record.id
          case .remove(let removed): id = removed
          case .nothing: continue
          }
          onReport(CountdownPushSchedulerReport(id: id, kind: .storeFailed, detail: String(describing: error)))
        }
      }
      changes = []
    }
  }

  /// Returns once nothing moves: no send running, no arming or store change being made, and the
  /// delivery queue and the store's queue done with what was queued, twice in a row (a wakeup's
  /// pass may be queued just after a first look found nothing). For tests on a
  /// ``CountdownCore/ManualCountdownClock``, after an advance.
  ///
  /// Stops the process with the scheduler's counters and each id's arming when nothing has stopped
  /// moving after `limit` of wall time, so that a wait without end reads as a failure: `running`
  /// above 0 with the id in `sending` is a sender's call that never returned; `working` above 0, an
  /// arming or a store's drain never ended; a count of `activity` that keeps changing, work that
  /// queues itself again for ever.
  package func settled(limit: Duration = .seconds(10)) async {
    let clock = ContinuousClock()
    let start = clock.now
    var quietLooks = 0
    var looks = 0
    while quietLooks < 2 {
      let before = state.withLock { $0.activity }
      await Self.drain(engine.deliveryQueue)
      await Self.drain(storing)
      let (busy, after) = state.withLock { ($0.running + $0.working, $0.activity) }
      quietLooks = busy == 0 && after == before ? quietLooks + 1 : 0
      looks += 1
      if quietLooks < 2, clock.now - start > limit {
        let (dump, receivers) = state.withLock { state in
          (state.dump(), state.sequences.map { ("\($0.key)", $0.value.receiver) })
        }
        // The engine read once the lock is let go of: what it holds for each id's receiver.
        let engineSide = receivers.sorted { $0.0 < $1.0 }.map { id, receiver in
          "\(id): registered \(engine.contains(receiver)), time left \(engine.timeLeft(for: receiver).map { "\($0)" } ?? "none")"
        }
        preconditionFailure(
          """
          settled(): still moving after \(limit), \(looks) looks (activity \(before) → \(after) in the last), \
          engine clock \(engine.clock.now), busy \(busy)
          \(dump)
          \(engineSide.joined(separator: "\n"))
          """)
      }
      try? await Task.sleep(nanoseconds: 200_000)
    }
  }

  private static func drain(_ queue: DispatchQueue) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      queue.async { done.resume() }
    }
  }
}
