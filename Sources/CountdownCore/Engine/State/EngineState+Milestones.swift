extension EngineState {
  /// Plans afresh the next milestone of the registration at `index`, whose end just moved, at
  /// `instant` on its own time: the highest milestone below its new value, so one moved back ahead
  /// comes again and one jumped over is not delivered (as at registration). Nothing for a
  /// registration without milestones.
  mutating func replanMilestone(at index: NodeIndex, instant: Int64, interval: Int64) {
    guard table[index].timing.deliversMilestones, let milestones = slots.milestones(of: table[index].slot) else { return }
    let value = table[index].timing.value(at: instant, interval: interval)
    table[index].timing.planMilestone(milestones.next(below: value))
  }
}

extension EngineState {
  /// What is wrong with a registration that delivers only its end or at milestones (its timing
  /// `timing`, in `slot`), if anything: it must stand at 1 (or, at milestones, at a milestone of
  /// its slot's + 1) until its 0, and only a registration at milestones has them in its slot.
  func onlyTheEndViolation(_ timing: CountdownTiming, slot: SlotReference) -> String? {
    guard timing.deliversMilestones else {
      if slots.milestones(of: slot) != nil { return "a registration without milestones has some in its slot" }
      guard timing.deliversOnlyTheEnd, timing.value != 1, timing.value != 0, !timing.isPaused else { return nil }
      return "an only-the-end registration stands at \(timing.value)"
    }
    guard let milestones = slots.milestones(of: slot) else { return "a registration at milestones has none in its slot" }
    let next = timing.value - 1
    guard timing.value != 0, next != 0, !milestones.ascending.contains(next) else { return nil }
    return "a registration at milestones stands at \(timing.value), waiting for \(next), not one of its milestones"
  }
}
