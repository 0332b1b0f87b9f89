import CountdownCore

/// What the handlers of a countdown in phases' registrations share, one per start: the id, the
/// app's handler, the id's token and generation, the sequence with its plan and its manager's
/// context. Each write of the sequence (a start, an operation, a phase end) registers a handler
/// made here for the cursor it writes (``handler(counting:)``), which keeps that cursor: a value's
/// call makes its update from it, the engine's reading of the call and the batch's wall-clock
/// date, and so is one closure's, as a single countdown's is, and reads no lock, no clock and
/// nothing of the sequence's (callgrind: a second closure, a lock and the sequence's state made
/// most of what a value cost beyond a single countdown's). A registration's values are of its
/// cursor's phase: a change on its way to the engine shows from its own registration's first
/// value on. A plan frozen while suspended reads its phase's end back from the engine at each
/// value (``PhaseSequence/valueReading()``); a phase's end, a value outside a batch of the
/// engine's calls, and one after the plan's end go to
/// ``CountdownManager/phaseSequence(_:of:delivered:_:phasesEnded:update:)``.
///
/// It holds the sequence strongly, with no weak load at each call, and the sequence holds it (to
/// make the next phase's handler at each end): the sequence lets go of it when it is detached
/// (``PhaseSequence/detach()``: cancelled, replaced, ended by its plan or its stop flag, or its
/// manager gone), and the engine of its handler when the registration ends, so that neither
/// outlives both. It reaches the manager through the context, which holds it weakly, once for all
/// its sequences: only a phase end and the sequence's end read it.
///
/// One object the handlers share, and a handler that holds it and the cursor, rather than a
/// handler holding all of it: a start retains each shared value once, not at each write, and a
/// sequence keeps a third less memory. The update's type is concrete, not a generic parameter: a
/// handler generic over it (its id's type stays generic, so it is not specialized) made each
/// update through a protocol witness and copied each call through value witnesses (callgrind).
final class PhaseHandlers<ID: Hashable & Sendable>: PhaseSequence.HandlerMaker {
  let sequence: PhaseSequence
  let context: ManagerCallContext
  let plan: CountdownPlan
  let token: IDRegistry.Token
  /// The id's generation the start claimed: its end frees the id only if no later start came.
  let generation: Int
  /// Whether the plan freezes while the manager is suspended: its values read the phase's end
  /// back from the engine, which moves it.
  let followsEngine: Bool
  let update: @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  let id: ID

  init(
    of sequence: PhaseSequence, id: ID, token: IDRegistry.Token, generation: Int,
    _ update: @escaping @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) {
    self.sequence = sequence
    context = sequence.context
    plan = sequence.plan
    self.token = token
    self.generation = generation
    followsEngine = sequence.policy == .pauses
    self.update = update
    self.id = id
  }

  func handler(counting cursor: PhaseCursor) -> CountdownHandler {
    // The phase the registration counts, whose values the handler makes from the cursor alone.
    let countsAPhase = !followsEngine && !plan.storage.layout.isEnded(cursor.ordinal)
    return MainQueueHandler.make { [self] value, stop in
      if HandlerDelivery.isRead {
        HandlerDelivery.delivering(to: token) { call(value, counting: cursor, countsAPhase, &stop) }
      } else {
        call(value, counting: cursor, countsAPhase, &stop)
      }
      if stop { context.manager?.countdownEnded(token, generation: generation, ranOut: sequence.hasRunOut) }
    }
  }

  /// One call of the handler of the registration of `cursor` (`countsAPhase`: a phase of a plan
  /// that keeps running, whose values come from the cursor).
  @MainActor @inline(__always)
  private func call(_ value: Int, counting cursor: PhaseCursor, _ countsAPhase: Bool, _ stop: inout Bool) {
    if value != 0 {
      // The common call, a value within the phase: no lock, no clock read, nothing worked out.
      let (reading, batch) = context.callReading.pointee
      if countsAPhase, batch != 0 {
        let remaining = PhaseSequence.remaining(of: cursor.timing, at: reading, interval: context.intervalNanoseconds)
        let wallNow = context.wallDate(ofBatch: batch)
        update(
          id,
          CountdownPhaseUpdate(remaining: remaining, .init(cursor: cursor, now: reading, wallNow: wallNow, plan: plan)),
          &stop)
        if stop { sequence.stopped() }
        return
      }
      // A plan frozen while suspended: the cursor as it stands, its phase's end the engine's.
      if let (reading, remaining) = sequence.valueReading() {
        update(id, CountdownPhaseUpdate(remaining: remaining, reading), &stop)
        if stop { sequence.stopped() }
        return
      }
    }
    let (sequence, context, update) = (sequence, context, update)
    CountdownManager.phaseSequence(
      sequence, of: id, delivered: value, &stop,
      // The next phase is the engine's: the followers hear the phase end before the app's handler.
      phasesEnded: { [id] in context.manager?.tellPhaseEndObservers([IDKey(id)]) },
      update: { id, call, wallNow, stop in
        update(id, CountdownPhaseUpdate(call, of: sequence, wallNow: wallNow), &stop)
      })
  }
}
