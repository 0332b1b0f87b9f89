/// The values a milestone registration is delivered at, in whole intervals left, without the
/// final 0 (which always comes). Immutable and shared.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
package final class MilestoneList: Sendable {
  /// The milestones above 0, ascending, without duplicates.
  package let ascending: ContiguousArray<Int64>

  /// The milestones as they were given (0 included if it was), for a registration's status:
  /// a snapshot gives them back as the app wrote them.
  package let values: Set<Int>

  /// `values` must hold no negative value (``CountdownError/invalidMilestone`` is thrown before).
  package init(_ values: Set<Int>) {
    self.values = values
    ascending = ContiguousArray(values.lazy.filter { $0 > 0 }.map(Int64.init).sorted())
  }

  /// The next milestone to wait for once the value shown is `value`: the highest one below it
  /// (its instant is still ahead), or the end's 0; 0 for a value of 0 too.
  package func next(below value: Int64) -> Int64 {
    var low = 0
    var high = ascending.count
    // The first index whose milestone is at or above `value`.
    while low < high {
      let middle = (low + high) / 2
      if ascending[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? 0 : ascending[low - 1]
  }

  /// The milestone delivered when the value at the delivery's instant is `value`: of those whose
  /// instants have passed (at or above `value`), the latest, the lowest; 0 at the end. The caller
  /// delivers only once the planned milestone is due, so one exists.
  package func delivered(at value: Int64) -> Int64 {
    guard value > 0 else { return 0 }
    var low = 0
    var high = ascending.count
    while low < high {
      let middle = (low + high) / 2
      if ascending[middle] < value { low = middle + 1 } else { high = middle }
    }
    checkInternally(low < ascending.count, "a milestone was delivered before its instant")
    return low < ascending.count ? ascending[low] : value
  }

  /// Delivers at the value `value` that `timing` just advanced to: returns the milestone to
  /// deliver and plans the next one below it in `timing`.
  @inline(__always)
  package func deliver(_ value: Int64, planning timing: inout CountdownTiming) -> Int64 {
    let delivered = delivered(at: value)
    if value > 0 { timing.planMilestone(next(below: value)) }
    return delivered
  }
}
