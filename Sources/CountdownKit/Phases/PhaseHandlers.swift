import CountdownCore

/// The handlers of a countdown in phases' registrations. Each write of the sequence (a start, an
/// operation, a phase end) registers a handler made for the cursor it writes (``maker(of:id:token:generation:_:)``),
/// which keeps that cursor: a value's call makes its update from it, the engine's reading of the
/// call and the batch's wall-clock date, and so is one closure's, as a single countdown's is, and
/// reads no lock, no clock and nothing of the sequence's (callgrind: a second closure, a lock and
/// the sequence's state made most of what a value cost beyond a single countdown's). A
/// registration's values are of its cursor's phase: a change on its way to the engine shows from
/// its own registration's first value on. A plan frozen while suspended reads its phase's end back
/// from the engine at each value (``PhaseSequence/valueReading()``); a phase's end, a value outside
/// a batch of the engine's calls, and one after the plan's end go to
/// ``CountdownManager/phaseSequence(_:of:delivered:_:phasesEnded:update:)``.
///
/// The handlers and what makes them hold the sequence strongly, with no weak load at each call,
/// and the sequence holds what makes them (to make the next phase's handler at each end): it lets
/// go of that when it is detached (``PhaseSequence/detach()``: cancelled, replaced, ended by its
/// plan or its stop flag, or its manager gone), and the engine of a handler when its registration
/// ends, so that none outlives all. They reach the manager through the sequence's context, which
/// holds it weakly, once for all its sequences: only a phase end and the sequence's end read it.
///
/// Each handler holds all it reads at a value, not a shared object: a value's call then touches
/// the same memory as a single countdown's (the handler's context and the app's closure's), where
/// an object shared by the handlers, a load more at each value, made the tick nearly twice as slow
/// on 10⁵ sequences (wall clock; the instructions were fewer). The update's type is concrete, not a
/// generic parameter: a handler generic over it (its id's type stays generic, so it is not
/// specialized) made each update through a protocol witness and copied each call through value
/// witnesses (callgrind); and this is a closure, not a generic class, whose metadata a start looked
/// up at each start (a fortieth of a start). A value's update holds one reference, the plan's
/// storage that the handler keeps, and plain values (``PhaseUpdateBasis``): the optimizer then
/// lends it the handler's reference for the call, with no retain, no release and no value
/// witness, where the plan and the ends side by side cost a retain, a release and the type's
/// destroy witness at every value (callgrind: 391 instructions a value, against 275 now and a
/// single countdown's 232).
enum PhaseHandlers {
  /// What makes the handlers of `sequence`'s registrations under `token`, the id's `generation`
  /// (the id's end frees it only if no later start came), for the app's `update`.
  static func maker<ID: Hashable & Sendable>(
    of sequence: PhaseSequence, id: ID, token: IDRegistry.Token, generation: Int,
    _ update: @escaping @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) -> PhaseSequence.HandlerMaker {
    { cursor in
      let (context, plan) = (sequence.context, sequence.plan.storage)
      // The phase the registration counts, whose values the handler makes from the cursor alone.
      let countsAPhase = sequence.policy == .keepsRunning && !plan.layout.isEnded(cursor.ordinal)
      return MainQueueHandler.make { value, stop in
        if HandlerDelivery.isRead {
          HandlerDelivery.delivering(to: token) {
            call(value, counting: cursor, countsAPhase, context, plan, sequence, id, &stop, update)
          }
        } else {
          call(value, counting: cursor, countsAPhase, context, plan, sequence, id, &stop, update)
        }
        if stop { context.manager?.countdownEnded(token, generation: generation, ranOut: sequence.hasRunOut) }
      }
    }
  }

  /// One call of the handler of the registration of `cursor` (`countsAPhase`: a phase of a plan
  /// that keeps running, whose values come from the cursor), `context` and `plan` the sequence's.
  @MainActor @inline(__always)
  private static func call<ID: Hashable & Sendable>(
    _ value: Int, counting cursor: PhaseCursor, _ countsAPhase: Bool, _ context: ManagerCallContext,
    _ plan: CountdownPlan.Storage, _ sequence: PhaseSequence, _ id: ID, _ stop: inout Bool,
    _ update: @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) {
    // A value below 0 never comes (a phase counts no overtime); the part past the common call
    // would take it as a value, as it takes one outside a batch.
    if value > 0 {
      // The common call, a value within the phase: no lock, no clock read, nothing worked out.
      let (reading, batch) = context.callReading.pointee
      if countsAPhase, batch != 0 {
        let remaining = PhaseSequence.remaining(
          of: cursor.timing, at: reading, interval: context.intervalNanoseconds, likely: value)
        let wallNow = context.wallDate(ofBatch: batch)
        update(
          id,
          CountdownPhaseUpdate(remaining: remaining, .init(cursor: cursor, now: reading, wallNow: wallNow), plan: plan),
          &stop)
        if stop { sequence.stopped() }
        return
      }
      // A plan frozen while suspended: the cursor as it stands, its phase's end the engine's.
      if let (reading, remaining) = sequence.valueReading() {
        update(id, CountdownPhaseUpdate(remaining: remaining, reading, plan: plan), &stop)
        if stop { sequence.stopped() }
        return
      }
    }
    CountdownManager.phaseSequence(
      sequence, of: id, delivered: value, &stop,
      // The next phase is the engine's: the followers hear the phase end before the app's handler.
      phasesEnded: { context.manager?.tellPhaseEndObservers([IDKey(id)]) },
      update: { id, call, wallNow, stop in
        update(id, CountdownPhaseUpdate(call, of: sequence, wallNow: wallNow), &stop)
      })
  }
}
