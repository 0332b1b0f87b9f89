/// Where a phase sits in its plan: the warm-up, a block (by its index in
/// ``CountdownPlan/blocks``), or the cool-down.
package enum PlanPlace: Hashable, Sendable {
  case warmUp
  case block(Int)
  case coolDown
}
