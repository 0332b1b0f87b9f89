// Milestones at registration: the list checked before the lock, the first one planned under it.

extension CountdownEngine {
  /// The milestones `deliveries` asks for, checked: `nil` unless ``CountdownDeliveries/milestones(_:)``.
  /// Pure: it runs before the lock.
  /// - Throws: ``CountdownError/invalidMilestone`` for a milestone below zero.
  static func milestoneList(for deliveries: CountdownDeliveries) throws(CountdownError) -> MilestoneList? {
    guard let values = deliveries.milestones else { return nil }
    guard values.allSatisfy({ $0 >= 0 }) else { throw .invalidMilestone }
    return MilestoneList(values)
  }

  /// Plans the first milestone of a new countdown `timing` made at clock instant `now`: the highest
  /// one below its value then (those at or above it are passed already), or its end. Returns the
  /// list for its slot; `nil`, leaving `timing` alone, without milestones or for a deadline already
  /// passed (its 0 is then its first delivery, as for only the end).
  static func planMilestones(
    _ milestones: MilestoneList?, in timing: inout CountdownTiming, at now: Int64, interval: Int64
  ) -> MilestoneList? {
    guard let milestones, timing.anchor > now else { return nil }
    timing.planMilestone(milestones.next(below: timing.value(at: now, interval: interval)))
    return milestones
  }
}
