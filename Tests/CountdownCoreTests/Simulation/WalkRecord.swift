import CountdownCore

/// What the simulation's reference model knows of a registration walking segments, beside its
/// ``RegistrationRecord``, whose anchors are the current segment's end (or, paused, hold its time
/// left) and whose values are those within a segment.
///
/// While ``sure``, the model knows the segment the walk is in and the ends it owes, and predicts
/// each call exactly (its ordinal, its ends in order and bounded, their instants within brackets,
/// its value and its end). An operation whose outcome turns on an instant the model knows only
/// within brackets (a segment's end within the call's own readings, or one a pass may have taken
/// already) leaves it unsure: the next call is then checked for what holds whatever the outcome,
/// and the model takes up the walk from it again.
struct WalkRecord {
  let plan: SimulationPlan
  let deliveries: CountdownDeliveries
  /// The segment the walk is in.
  var ordinal: Int
  /// Ends passed that no call has told yet, oldest first.
  var pending: [WalkEnd] = []
  var sure = true
  /// The ordinal the walk was in at its last call (or its start), and whether a move came since:
  /// without one, the ends a call tells run on from it, whatever the model knows.
  var syncedOrdinal: Int
  var movedSinceSync = false
  /// Time added to the current segment (never less than the model knows): a call's value may
  /// stand above its segment's length by it.
  var added: Int64 = 0
  /// A call may come while paused: one telling a move, a segment ended by a pause or by time taken,
  /// or an end passed before the pause.
  var mayCallPaused = false

  var silent: Bool { !deliveries.isEveryChange }
  var atMilestones: Bool { deliveries.milestones != nil }

  init(plan: SimulationPlan, deliveries: CountdownDeliveries, ordinal: Int) {
    self.plan = plan
    self.deliveries = deliveries
    self.ordinal = ordinal
    syncedOrdinal = ordinal
  }
}
