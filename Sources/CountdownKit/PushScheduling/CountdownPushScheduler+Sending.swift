import CountdownCore
import Dispatch
import Foundation

extension CountdownPushScheduler {
  /// Arms the engine for `id`'s next look, on the delivery queue: queued in the order of the
  /// changes, each arming reads the id's state as it is then, so the last one queued arms for the
  /// last change.
  func arm(_ id: ID) {
    engine.deliveryQueue.async { [weak self] in
      self?.syncArming(id)
    }
  }

  /// Ends the registration of `receiver`, on the delivery queue, after the armings queued before.
  func disarm(_ receiver: PushReceiver) {
    engine.deliveryQueue.async { [engine] in
      _ = engine.cancel(receiver)
    }
  }

  /// Registers `id`'s next look with the engine (its next step's date, or its retry's), or ends its
  /// registration when nothing is left to send or a send is running. On the delivery queue.
  private func syncArming(_ id: ID) {
    let (wallNow, instantNow) = (wallClock().timeIntervalSince1970, engine.clock.now)
    let arming = state.withLock { state -> (PushReceiver, Int, CountdownInstant?)? in
      let (sending, number) = (state.sending.contains(id), state.number())
      return state.withSequence(id) { sequence in
        guard !sending, let date = sequence.wakeDate() else {
          sequence.arming = 0
          return (sequence.receiver, 0, nil)
        }
        sequence.arming = number
        // Rounded up, so that the engine's end, never early, comes at or after the date.
        let seconds = min(max(0, date - wallNow), 100 * 365 * 86_400)
        let deadline = instantNow.advanced(by: .nanoseconds(Int64((seconds * 1e9).rounded(.up))))
        return (sequence.receiver, number, deadline)
      }
    }
    guard let (receiver, number, deadline) = arming else { return }
    guard let deadline else {
      _ = engine.cancel(receiver)
      return
    }
    // A deadline within a century cannot throw: the engine's clock reaches 292 years.
    try? engine.register(receiver, .deadline(deadline), delivering: .onlyTheEnd) { [weak self] _, _ in
      self?.look(at: id, arming: number)
    }
  }

  /// The engine's end for `id`'s arming `number`: sends the step due, if any, from a task of its
  /// own; arms again otherwise (the wall clock is behind the engine's).
  private func look(at id: ID, arming number: Int) {
    let now = wallClock().timeIntervalSince1970
    // `nil`: nothing due yet, arm again; `.some(nil)`: an end of an arming replaced, or a send
    // running, which arms when it finishes; otherwise the step to send.
    let send = state.withLock { state -> (CountdownPhasePush, String, Int, Int)?? in
      guard !state.sending.contains(id) else { return .some(nil) }
      let looked = state.withSequence(id) { sequence -> (CountdownPhasePush, String, Int, Int)?? in
        guard sequence.arming == number else { return .some(nil) }
        sequence.arming = 0
        guard let index = sequence.due(at: now), let push = sequence.step(index) else { return nil }
        return (push, sequence.record.token, sequence.epoch, index)
      }
      // Not followed: nothing to do.
      guard let looked else { return .some(nil) }
      if case .some(.some) = looked {
        state.sending.insert(id)
        state.running += 1
        state.activity += 1
      }
      return looked
    }
    switch send {
    case .none: arm(id)
    case .some(.none): break
    case .some(.some(let (push, token, epoch, index))):
      Task { await deliver(push, id: id, token: token, epoch: epoch, index: index) }
    }
  }

  /// Sends `push`, then acts on the outcome.
  private func deliver(_ push: CountdownPhasePush, id: ID, token: String, epoch: Int, index: Int) async {
    let outcome: CountdownPushOutcome
    do {
      outcome = try await sender.send(push, id: id, token: token)
    } catch {
      outcome = .retryable(String(describing: error))
    }
    let report = finish(push, id: id, token: token, epoch: epoch, index: index, outcome: outcome)
    if let report { onReport(report) }
    state.withLock { state in
      state.running -= 1
      state.activity += 1
    }
  }

  /// Records the outcome of `id`'s step `index`, and arms for what comes next.
  ///
  /// - Returns: The report to make, when the id is no longer followed.
  private func finish(
    _ push: CountdownPhasePush, id: ID, token: String, epoch: Int, index: Int, outcome: CountdownPushOutcome
  ) -> CountdownPushSchedulerReport<ID>? {
    let now = wallClock().timeIntervalSince1970
    return state.withLock { state -> CountdownPushSchedulerReport<ID>? in
      state.sending.remove(id)
      // Read and changed where the dictionary holds the sequence: a copy of it would share its
      // steps, and a step sent would copy them all.
      let followed = state.withSequence(id) { ($0.receiver, $0.record.token, $0.epoch) }
      // Stopped meanwhile: nothing to record.
      guard let (receiver, followedToken, followedEpoch) = followed else { return nil }
      /// Stops following `id`, removes its record, and says why.
      func drop(_ kind: CountdownPushReportKind) -> CountdownPushSchedulerReport<ID> {
        state.sequences[id] = nil
        disarm(receiver)
        write(.remove(id))
        return CountdownPushSchedulerReport(id: id, kind: kind, detail: outcome.reason)
      }
      if outcome.isTokenGone {
        // A token given meanwhile is the one to send to: the step goes again, at once, to it.
        if token == followedToken { return drop(.tokenGone) }
        arm(id)
        return nil
      }
      // A new snapshot replaced the schedule meanwhile: its own steps come next.
      guard followedEpoch == epoch else {
        arm(id)
        return nil
      }
      if outcome.isRejected { return drop(.rejected) }
      if outcome.isSent {
        if push.event.isEnd { return drop(.ended) }
        let record = state.withSequence(id) { sequence in
          sequence.markSent(through: index)
          return sequence.record
        }
        if let record { write(.save(record)) }
        arm(id)
        return nil
      }
      let failures = state.withSequence(id) { sequence in
        sequence.failures += 1
        return sequence.failures
      }
      if let failures, failures >= retryPolicy.maximumAttempts { return drop(.gaveUp) }
      let delay = retryPolicy.delay(afterFailures: failures ?? 1).components
      state.withSequence(id) { $0.retry = (index, now + Double(delay.seconds) + Double(delay.attoseconds) * 1e-18) }
      arm(id)
      return nil
    }
  }

  /// Queues `change` for the store, after the changes queued before it; a failure is reported.
  private func write(_ change: StoreChange) {
    storing.async { [store, onReport] in
      do {
        switch change {
        case .save(let record): try store.save(record)
        case .remove(let id): try store.remove(id: id)
        case .nothing: break
        }
      } catch {
        let id: ID
        switch change {
        case .save(let record): id = record.id
        case .remove(let removed): id = removed
        case .nothing: return
        }
        onReport(CountdownPushSchedulerReport(id: id, kind: .storeFailed, detail: String(describing: error)))
      }
    }
  }

  /// Returns once nothing moves: no send running, and the delivery queue and the store's queue
  /// done with what was queued. For tests on a ``CountdownCore/ManualCountdownClock``, after an advance.
  package func settled() async {
    while true {
      let before = state.withLock { $0.activity }
      await Self.drain(engine.deliveryQueue)
      await Self.drain(storing)
      let (running, after) = state.withLock { ($0.running, $0.activity) }
      if running == 0, after == before { return }
      try? await Task.sleep(nanoseconds: 200_000)
    }
  }

  private static func drain(_ queue: DispatchQueue) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      queue.async { done.resume() }
    }
  }
}
