import CountdownCore
import Foundation

/// The two handlers of a countdown in phases' one registration, a walk of the plan's segments: its
/// values, and its segment calls.
///
/// A value's call makes its update from the phase the last segment call told
/// (``PhaseSequence/told``), the engine's reading of the call and the batch's wall-clock date: one
/// closure's, as a single countdown's is, reading no lock, no clock and nothing of the engine's. A
/// segment call (a phase's end, the plan's end, a move, a resume, time added, the first delivery)
/// moves ``PhaseSequence/told`` on and makes the update with the ends it tells; the followers hear
/// of phase ends before the app's handler. Each is called once per change: the engine makes the
/// one or the other, never both.
///
/// A value's update holds one reference, the plan's storage, and plain values
/// (``PhaseUpdateBasis``): the optimizer then lends it the handler's reference for the call, with
/// no retain, no release and no value witness.
enum PhaseHandlers {
  /// The handlers of `sequence`'s walk for the app's `update`, with `subject` (an id, or what
  /// stands for a receiver) and `key`, the id's token, which a read-aloud asks about (`nil` for a
  /// receiver, held weakly: `update` marks its calls itself). `phasesEnded` tells the followers of phase ends; `ended` is called once the walk ends
  /// with a call (`ranOut`: its plan's end; else its stop flag).
  static func make<Subject: Sendable>(
    _ sequence: PhaseSequence, context: ManagerCallContext, subject: Subject, key: (any AnyObject & Sendable)?,
    phasesEnded: (@MainActor () -> Void)?, ended: (@MainActor (_ ranOut: Bool) -> Void)?,
    _ update: @escaping @MainActor (_ subject: Subject, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) -> (values: CountdownHandler, segments: SegmentHandler) {
    let plan = sequence.plan.storage
    let values = MainQueueHandler.make { value, stop in
      let (reading, batch) = context.callReading.pointee
      let told = sequence.told
      let now = batch != 0 ? reading : context.clock.now.nanosecondsSinceOrigin
      let wallNow = batch != 0 ? context.wallDate(ofBatch: batch) : context.wallClock()
      let remaining = PhaseSequence.remaining(
        of: told.timing, at: now, interval: context.intervalNanoseconds, likely: value)
      let phaseUpdate = CountdownPhaseUpdate(
        remaining: remaining, .init(cursor: told, now: now, wallNow: wallNow), plan: plan)
      if HandlerDelivery.isRead, let key {
        HandlerDelivery.delivering(to: key) { update(subject, phaseUpdate, &stop) }
      } else {
        update(subject, phaseUpdate, &stop)
      }
      if stop { ended?(false) }
    }
    let segments = MainQueueHandler.make(segment: { call, stop in
      let told = PhaseCursor(call)
      sequence.told = told
      let (reading, batch) = context.callReading.pointee
      let now = batch != 0 ? reading : call.instant
      let wallNow = batch != 0 ? context.wallDate(ofBatch: batch) : context.wallClock()
      let layout = plan.layout
      let planEnded = layout.isEnded(call.ordinal)
      let passed = withPlantedFault(PassedPhaseEnds(call.ends, in: layout))
      if !planEnded, passed.count > 0 { phasesEnded?() }
      let remaining =
        planEnded ? 0 : PhaseSequence.remaining(of: told.timing, at: now, interval: context.intervalNanoseconds)
      let phaseUpdate = CountdownPhaseUpdate(
        cursor: told, now: now, wallNow: wallNow, remaining: remaining,
        ends: passed.count > 0 || planEnded ? passed : nil, plan: plan)
      if HandlerDelivery.isRead, let key {
        HandlerDelivery.delivering(to: key) { update(subject, phaseUpdate, &stop) }
      } else {
        update(subject, phaseUpdate, &stop)
      }
      if planEnded {
        ended?(true)
      } else if stop {
        ended?(false)
      }
    })
    #if COUNTDOWN_CHECK_INVARIANTS
      // The lifetime tests' self-test: the handlers kept, and with them what they hold.
      if PlantedFault.current == .sequenceKeepsItsHandler {
        keptByAPlantedFault.withLock { $0 += [sequence, values, segments] }
      }
    #endif
    return (values, segments)
  }

  #if COUNTDOWN_CHECK_INVARIANTS
    /// What the planted fault `sequenceKeepsItsHandler` keeps: never freed.
    private static let keptByAPlantedFault = LockedState<[any Sendable]>([])
  #endif

  /// The ends a call delivers: `ends`, or, in a build with internal checks where a checker's
  /// self-test planted the fault `phaseEndDeliveredTwice`, its last end twice.
  private static func withPlantedFault(_ ends: PassedPhaseEnds) -> PassedPhaseEnds {
    #if COUNTDOWN_CHECK_INVARIANTS
      if PlantedFault.current == .phaseEndDeliveredTwice, let last = ends.ends.last {
        var twice = ends
        twice.ends.append(last)
        return twice
      }
    #endif
    return ends
  }
}
