import CountdownCore
import Foundation

extension PhaseSequence {
  /// A sequence restored from a snapshot: `cursor`, where the snapshot left it.
  convenience init(
    plan: CountdownPlan, policy: SuspensionPolicy, deliveries: CountdownDeliveries, cursor: PhaseCursor,
    engine: CountdownEngine, wallClock: @escaping @Sendable () -> Date
  ) {
    self.init(
      plan: plan, policy: policy, deliveries: deliveries, startingAt: 0, engine: engine, wallClock: wallClock)
    state.withLock { $0.cursor = cursor }
  }
}
