extension CountdownPlan {
  /// A plan's parts and its arithmetic, in one object that every copy of the plan shares: a plan
  /// that many countdowns in phases run is stored once, and a copy costs one reference.
  final class Storage: Sendable {
    /// The phases before the first block.
    let warmUp: [CountdownPhase]
    /// The blocks, in order.
    let blocks: [Block]
    /// The phases after the last block.
    let coolDown: [CountdownPhase]
    /// The plan's arithmetic, worked out from the three once.
    let layout: PlanLayout

    /// Parts already checked by the plan's initializer, with their arithmetic.
    init(warmUp: [CountdownPhase], blocks: [Block], coolDown: [CountdownPhase], layout: PlanLayout) {
      self.warmUp = warmUp
      self.blocks = blocks
      self.coolDown = coolDown
      self.layout = layout
    }
  }
}
