#if COUNTDOWN_CHECK_INVARIANTS
  /// A fault the model-based simulation's self-test plants in the engine's walk of segments, to
  /// show that the simulation finds it: a move that keeps the walk's old deadline, so that the
  /// segment it lands on runs on to the end of the one it left.
  ///
  /// It exists only in builds with internal checks (`COUNTDOWN_INTERNAL_CHECKS=1`, which no app's
  /// build sets), and only the package's tests can set it (package access): an app's build has
  /// neither the type nor the place that reads it.
  package enum PlantedSegmentFault: Sendable, Equatable {
    /// ``CountdownEngine/move(_:_:)`` of a running walk lands on its segment with the deadline of
    /// the segment it left, not the new segment's length from the move.
    case moveKeepsTheOldDeadline

    /// The fault planted now; `nil` at first. Behind a lock: a simulation step may move a walk
    /// from another thread.
    private static let planted = LockedState<PlantedSegmentFault?>(nil)

    /// The fault planted now, if any: set by a self-test, and back to `nil` when it is done.
    package static var current: PlantedSegmentFault? {
      get { planted.withLock { $0 } }
      set { planted.withLock { $0 = newValue } }
    }
  }
#endif
