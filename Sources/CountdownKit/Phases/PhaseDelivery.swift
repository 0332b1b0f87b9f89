import CountdownCore
import Foundation

/// A countdown in phases with what its calls need beside the plan: its subject (an id, or what
/// stands for a receiver), the id's token and generation, the manager's call context and the
/// app's handler.
///
/// The walk's two handlers (``PhaseHandlers``) capture this one object and nothing else: a closure
/// whose only capture is one object has that object for its context, so a start allocates one
/// object where a sequence, two contexts and the id's two callbacks took five.
final class PhaseDelivery<Subject: Sendable>: PhaseSequence, @unchecked Sendable {
  // @unchecked Sendable: constants; `told` is the sequence's, confined as it says.
  let context: ManagerCallContext
  let subject: Subject
  /// The id's token: a read-aloud asks about it, its end frees the id, and the followers hear of
  /// its phase ends. `nil` for a receiver, whose `update` marks its calls itself.
  let token: IDRegistry.Token?
  /// The id's start this is (``CountdownManager/countdownEnded(_:generation:ranOut:)``).
  let generation: Int
  let update: @MainActor (_ subject: Subject, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void

  init(
    plan: CountdownPlan, policy: SuspensionPolicy, deliveries: CountdownDeliveries, context: ManagerCallContext,
    subject: Subject, token: IDRegistry.Token?, generation: Int = 0,
    update: @escaping @MainActor (_ subject: Subject, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) {
    self.context = context
    self.subject = subject
    self.token = token
    self.generation = generation
    self.update = update
    super.init(plan: plan, policy: policy, deliveries: deliveries)
  }

  /// Delivers a segment call of the walk: moves ``PhaseSequence/told`` on, tells the followers of
  /// the phase ends it tells, then calls the app's handler with the update, and frees the id at
  /// the plan's end or when the handler stops it.
  @MainActor func deliver(_ call: SegmentCall, stop: inout Bool) {
    let told = SegmentCursor(call)
    self.told = told
    let (reading, batch) = context.callReading.pointee
    let now = batch != 0 ? reading : call.instant
    let wallNow = batch != 0 ? context.wallDate(ofBatch: batch) : context.wallClock()
    let layout = plan.layout
    let planEnded = layout.isEnded(call.ordinal)
    // Most calls tell no end (a first call, a move, a resume): they name no phase and make nothing.
    let passed = call.ends.isEmpty ? nil : Self.withPlantedFault(PassedPhaseEnds(call.ends, in: layout))
    if !planEnded, passed != nil { phasesEnded() }
    let remaining =
      planEnded ? 0 : PhaseSequence.remaining(of: told.timing, at: now, interval: context.intervalNanoseconds)
    // A plan's end with no end told (none reaches here through the engine's paths) still reads
    // as the plan's end: an update without ends reads it from its phase.
    let phaseUpdate = CountdownPhaseUpdate(
      cursor: told, now: now, wallNow: wallNow, remaining: remaining, ends: passed, plan: plan.storage)
    HandlerDelivery.call(marking: token) { update(subject, phaseUpdate, &stop) }
    if planEnded {
      ended(ranOut: true)
    } else if stop {
      ended(ranOut: false)
    }
  }

  /// Tells the followers of the id's phase ends (a receiver has none).
  @MainActor func phasesEnded() {
    guard let token else { return }
    context.manager?.tellPhaseEndObservers([token.key])
  }

  /// The walk ended with a call (`ranOut`: its plan's end; else its stop flag): the id is freed
  /// unless it was started again since.
  @MainActor func ended(ranOut: Bool) {
    guard let token else { return }
    context.manager?.countdownEnded(token, generation: generation, ranOut: ranOut)
  }

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
