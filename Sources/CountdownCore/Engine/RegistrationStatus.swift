/// What one registration is counting, read at one instant under one acquisition of the engine's
/// lock (``CountdownEngine/statuses(of:)``): enough to write it down, to hand its dates to the
/// system, and to count it again in another process (CountdownKit's snapshots).
package struct RegistrationStatus: Hashable, Sendable {
  /// Down to an end, or up from a start.
  package var kind: CountdownTiming.Kind
  /// Whether time spent suspended counts.
  package var policy: SuspensionPolicy
  /// Whether it skips the changes between its stops: it delivers only its final `0`, or only its
  /// milestones and the `0` (then ``milestones`` holds them); `false`: every change.
  package var skipsChanges: Bool
  /// Whether it counts on past its deadline (``CountdownEnding/countsOvertime``).
  package var countsOvertime: Bool = false
  /// The milestones it is delivered at (``CountdownDeliveries/milestones(_:)``), if any.
  package var milestones: Set<Int>? = nil
  /// Whether it walks a plan's segments (its times are its current segment's).
  package var walksSegments: Bool = false
  /// The span of the segment a walk counts (``walksSegments``), start to end: its length, with the
  /// time added to it since it began (less, for time taken); 0 once its plan has ended, `nil` for a
  /// registration that walks no segments. Read with the rest, so that a phase's dates are laid
  /// out from one reading.
  package var segmentSpan: Int64? = nil
  /// Whether it is frozen by a pause.
  package var isPaused: Bool
  /// Whether its time stands still at the instant it was read at: paused, or counting on running
  /// time (``SuspensionPolicy/pauses``) while the engine is suspended.
  package var isFrozen: Bool
  /// The remaining (countdown) or elapsed (counting up) nanoseconds at the instant it was read at,
  /// on the time the registration counts on (the engine's running time for
  /// ``SuspensionPolicy/pauses``).
  /// Signed for a running countdown: negative when its deadline passed that long ago and its `0`
  /// is not delivered yet, or it counts overtime (then, paused too).
  package var nanoseconds: Int64
}
