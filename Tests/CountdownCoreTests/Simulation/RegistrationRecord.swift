/// What the simulation's reference model knows about one registration. The engine reads the clock
/// itself, and reads move time on a jittered clock, so instants the model cannot see exactly are
/// kept as brackets (`…Min` / `…Max`) read just before and just after the call.
struct RegistrationRecord {
  enum Kind { case countdown, countUp }

  let kind: Kind
  /// Counts on the engine's running time (``SuspensionPolicy/pauses``): once the engine has been
  /// suspended during its life, checked for order and range, not against the clock.
  let pauses: Bool
  /// The engine was suspended at some point since the registration was made.
  var sawSuspension = false
  /// Delivers only its final 0 (``CountdownDeliveries/onlyTheEnd``): any other value is wrong,
  /// and so is a 0 that does not come by the wakeup after its deadline.
  var onlyTheEnd = false
  /// Counts on past its deadline (``CountdownEnding/countsOvertime``): its 0 does not end it, and
  /// its values go on below 0, each checked against the clock like the others.
  var overtime = false
  /// Delivered at milestones (``CountdownDeliveries/milestones(_:)``, those of
  /// ``SimulationModel/milestones``): any other value but 0 is wrong, and so is a milestone that
  /// does not come by the wakeup after its instant.
  var atMilestones = false
  /// At milestones: the next milestone is the highest one below this value (the value at
  /// registration, then the last delivered); `nil` once time added re-planned it at an instant the
  /// model knows only within brackets, until the next delivery.
  var milestonesBelow: Int64?
  /// A walk of a plan's segments: what the model knows of it. Its anchors are then its current
  /// segment's end, and its values those within that segment.
  var walk: WalkRecord?
  /// Countdown: the deadline; count-up: the start. Moved by the time spent paused.
  var anchorMin: Int64
  var anchorMax: Int64
  /// While paused: when the pause began (bracketed).
  var pausedMin: Int64 = 0
  var pausedMax: Int64 = 0
  /// The most a countdown may ever show: its duration, in whole intervals, rounded up, and the
  /// time added since.
  var maximum: Int
  var last: Int?
  var ended = false
  /// Cancelled, replaced, released or cleared: it must never be called again.
  var gone = false
  var paused = false
  /// The next value may skip (a first delivery, or one after a jump, a suspension or a pause).
  var loose = true
  /// Time was added since the last value: the next one may be higher.
  var mayGoUp = false
  /// The value after the next may skip too: a resume of the engine while the first value was
  /// prepared and not yet delivered owes a catch-up after it.
  var looseTwice = false
  /// Owed a prompt delivery not made yet (after a resume of this countdown or of the engine):
  /// like a first value, a resume of the engine meanwhile owes a catch-up after it (which may
  /// repeat it).
  var awaitsPromptDelivery = false
  /// Grid checks apply to grid instants after this clock instant (its first value, or the value
  /// after a resume, is computed off the grid).
  var gridCheckAfter: Int64

  /// Its values follow the clock: it does not count on running time, or running time has so far
  /// been the clock's (the engine was never suspended during its life).
  var followsTheClock: Bool { !pauses || !sawSuspension }

  /// The lowest value it may show: 0, or none for one counting overtime.
  var lowestValue: Int64 { overtime ? .min : 0 }

  /// Its 0 came, or it started past its deadline: an overtime countdown with nothing left to end.
  var isInOvertime: Bool { overtime && (last ?? 1) <= 0 }
}
