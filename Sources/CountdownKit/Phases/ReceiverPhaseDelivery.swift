import CountdownCore
import Foundation

/// A receiver's countdown in phases, with what its calls need beside the plan: the receiver, held
/// weakly, and the app's handler.
///
/// Not generic over the receiver's type: a generic class's metadata is looked up at every start
/// that the app's unspecialized call makes (about 330 instructions). The handler is kept with its
/// receiver as `AnyObject` instead (``init(plan:from:policy:deliveries:context:receiver:update:)``).
final class ReceiverPhaseDelivery: PhaseSequence, @unchecked Sendable {
  // @unchecked Sendable: `receiver` is written once, at init (a weak reference's load is atomic,
  // and the object is used only on the main actor, where it came from); the rest is constant, and
  // `told` is the sequence's, confined as it says.
  private(set) weak var receiver: AnyObject?
  let update: @MainActor (_ receiver: AnyObject, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  #if COUNTDOWN_CHECK_INVARIANTS
    /// The receiver, held where the simulation's self-test planted the fault `phaseReceiverHeld`.
    private let held: AnyObject?
  #endif

  /// The handler `update` is taken as one of `AnyObject`: a class-bound type parameter is passed
  /// as the object's one reference, as `AnyObject` is, so the two closures' calls are the same
  /// (the cast goes through structs, as ``MainQueueHandler`` explains). Only `receiver` is ever
  /// passed to it.
  init<Receiver: AnyObject>(
    plan: CountdownPlan, from ordinal: Int, policy: SuspensionPolicy, deliveries: CountdownDeliveries,
    context: ManagerCallContext, receiver: borrowing Receiver,
    update: @escaping @MainActor (_ receiver: Receiver, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) {
    self.receiver = copy receiver
    self.update = unsafeBitCast(Typed(call: update), to: Erased.self).call
    #if COUNTDOWN_CHECK_INVARIANTS
      held = PlantedFault.current == .phaseReceiverHeld ? copy receiver : nil
    #endif
    super.init(plan: plan, from: ordinal, policy: policy, deliveries: deliveries, context: context)
  }

  private struct Typed<Receiver: AnyObject> {
    let call: @MainActor (_ receiver: Receiver, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  }

  private struct Erased {
    let call: @MainActor (_ receiver: AnyObject, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  }

  /// Calls the app's handler unless the receiver was released, which ends the countdown.
  @MainActor override func callApp(_ update: CountdownPhaseUpdate, stop: inout Bool) {
    guard let receiver else {
      stop = true
      return
    }
    HandlerDelivery.call(marking: receiver) { self.update(receiver, update, &stop) }
  }
}
