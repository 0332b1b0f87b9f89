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
/// (``PhaseUpdateBasis``): made inside the app's call (``HandlerDelivery/call(marking:_:)``), the
/// optimizer lends it the handler's reference for that call, with no retain, no release and no
/// value witness. (Made before the branch that marks a read-aloud's delivery, it was retained and
/// released per call: a sixth of a value's instructions.)
enum PhaseHandlers {
  /// The handlers of `delivery`'s walk, each capturing `delivery` alone.
  static func make<Subject: Sendable>(_ delivery: PhaseDelivery<Subject>) -> (
    values: CountdownHandler, segments: SegmentHandler
  ) {
    // A value's call reads what it captured, not the delivery's fields: a reference read from an
    // object is retained while it is held, where a captured one is lent. A segment call, rare,
    // captures the delivery alone, which is then its context: nothing allocated for it.
    let (context, plan, subject, token, update) = (
      delivery.context, delivery.plan.storage, delivery.subject, delivery.token, delivery.update
    )
    let values = MainQueueHandler.make { value, stop in
      let (reading, batch) = context.callReading.pointee
      let told = delivery.told
      let now = batch != 0 ? reading : context.clock.now.nanosecondsSinceOrigin
      let wallNow = batch != 0 ? context.wallDate(ofBatch: batch) : context.wallClock()
      let remaining = PhaseSequence.remaining(
        of: told.timing, at: now, interval: context.intervalNanoseconds, likely: value)
      let read = CountdownPhaseUpdate.Reading(cursor: told, now: now, wallNow: wallNow)
      HandlerDelivery.call(marking: token) {
        update(subject, CountdownPhaseUpdate(remaining: remaining, read, plan: plan), &stop)
      }
      if stop { delivery.ended(ranOut: false) }
    }
    let segments = MainQueueHandler.make(segment: { call, stop in
      delivery.deliver(call, stop: &stop)
    })
    #if COUNTDOWN_CHECK_INVARIANTS
      // The lifetime tests' self-test: the handlers kept, and with them what they hold.
      if PlantedFault.current == .sequenceKeepsItsHandler {
        keptByAPlantedFault.withLock { $0 += [delivery, values, segments] }
      }
    #endif
    return (values, segments)
  }

  #if COUNTDOWN_CHECK_INVARIANTS
    /// What the planted fault `sequenceKeepsItsHandler` keeps: never freed.
    private static let keptByAPlantedFault = LockedState<[any Sendable]>([])
  #endif
}
