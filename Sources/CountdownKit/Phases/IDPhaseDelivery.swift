import CountdownCore
import Foundation

/// An id's countdown in phases, with what its calls need beside the plan: the id, its token and
/// generation, and the app's handler.
///
/// Generic over the id, so that the app's handler is kept as the app wrote it: a handler taking
/// the id as any type would need a closure of its own around it.
final class IDPhaseDelivery<ID: Sendable>: PhaseSequence, @unchecked Sendable {
  // @unchecked Sendable: constants; `told` is the sequence's, confined as it says.
  let id: ID
  /// The id's token: a read-aloud asks about it, its end frees the id, and the followers hear of
  /// its phase ends.
  let token: IDRegistry.Token
  /// The id's start this is (``CountdownManager/countdownEnded(_:generation:ranOut:)``).
  let generation: Int
  let update: @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void

  init(
    plan: CountdownPlan, from ordinal: Int, policy: SuspensionPolicy, deliveries: CountdownDeliveries,
    context: ManagerCallContext, id: ID, token: IDRegistry.Token, generation: Int,
    update: @escaping @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) {
    self.id = id
    self.token = token
    self.generation = generation
    self.update = update
    super.init(plan: plan, from: ordinal, policy: policy, deliveries: deliveries, context: context)
  }

  @MainActor override func callApp(_ update: CountdownPhaseUpdate, stop: inout Bool) {
    HandlerDelivery.call(marking: token) { self.update(id, update, &stop) }
  }

  @MainActor override func phasesEnded() {
    context.manager?.tellPhaseEndObservers([token.key])
  }

  /// Frees the id unless it was started again since.
  @MainActor override func ended(ranOut: Bool) {
    context.manager?.countdownEnded(token, generation: generation, ranOut: ranOut)
  }
}
