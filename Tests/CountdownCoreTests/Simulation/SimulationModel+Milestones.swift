import CountdownCore

extension SimulationModel {
  /// The milestones of every registration the simulation makes at milestones, in intervals.
  static let milestones: Set<Int> = [2, 5, 13, 20, 31]

  /// The milestone a registration waits for once its value stood at `value`: the highest one
  /// below it, or the end's 0.
  static func milestone(below value: Int64) -> Int64 {
    Int64(milestones.filter { Int64($0) < value }.max() ?? 0)
  }

  /// Checks a value delivered at milestones: one of them or 0, and, unless the engine may have
  /// collapsed several (it was suspended, time jumped or was added), the next one planned.
  func checkMilestone(_ id: Int, _ value: Int, _ record: RegistrationRecord) {
    guard value == 0 || Self.milestones.contains(value) else {
      return fail("#\(id) is delivered at milestones, and was called with \(value)")
    }
    guard let below = record.milestonesBelow, !record.loose || record.last == nil, !jumping, !record.sawSuspension
    else {
      return
    }
    let expected = Self.milestone(below: below)
    if Int64(value) != expected, !(Int64(value) < expected && record.last == nil) {
      fail("#\(id) waited for milestone \(expected) below \(below), and was called with \(value)")
    }
  }

  /// Checks that every running registration at milestones whose next milestone's instant passed
  /// more than the end tolerance and a wakeup's lateness before `now` (with the engine running)
  /// had it: each milestone is an end of its own, on time.
  func checkMilestones(at now: Int64) {
    for (id, record) in records where record.atMilestones && !record.ended && !record.gone {
      guard record.followsTheClock, follows(record), !record.paused, let below = record.milestonesBelow else {
        continue
      }
      let milestone = Self.milestone(below: below)
      guard milestone > 0 else { continue }  // the end: checked by `checkEnds(at:)`
      let instant = record.anchorMax - milestone * interval
      let due = max(instant, record.gridCheckAfter) + endTolerance + slack + early
      if now > due { fail("#\(id) has milestone \(milestone) at \(instant), and had no delivery by \(now)") }
    }
  }
}
