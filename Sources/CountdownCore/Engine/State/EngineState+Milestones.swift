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
  /// Plans again each milestone the running pass prepared and then skipped because its
  /// registration was paused before the callback began (removal is final: the pause's caller never
  /// sees it begin). Such a milestone had come: it is delivered once the registration resumes, as
  /// one that came while the engine was suspended is, or at once if it resumed already. Left alone:
  /// a registration removed or replaced since (its slot is no longer in the table: slots are not
  /// reused before the pass ends), one whose end moved during the pass (time added planned its
  /// milestones afresh, and one jumped over is not delivered), and one already waiting for that
  /// milestone or a higher one.
  mutating func restoreSkippedMilestones(
    _ skipped: inout [CountdownEngine.SkippedMilestone], now: Int64, interval: Int64
  ) {
    guard !skipped.isEmpty else { return }
    for entry in skipped {
      guard delivery?.endMoved(entry.slot) != true, let index = table.index(of: entry.slot, at: .max),
        table[index].timing.deliversMilestones, table[index].timing.value &- 1 < entry.milestone
      else { continue }
      table[index].timing.planMilestone(entry.milestone)
      if !table[index].timing.isPaused {
        noteFirstChange(of: table[index].timing, slot: entry.slot, position: index.position, at: now, interval: interval)
      }
    }
    skipped.removeAll(keepingCapacity: true)
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
