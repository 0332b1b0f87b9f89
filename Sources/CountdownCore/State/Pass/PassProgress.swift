/// Where a delivery pass stands between its chunks, and what it has counted.
struct PassProgress {
  /// The next position in the list of prompt deliveries owed, or in the list of ends of an end
  /// pass or a tick.
  var listCursor = 0
  /// The next pool position the walk looks at (it walks downward); below 0 when there is
  /// nothing to walk, or nothing left.
  var walkCursor: Int
  var found = PassFindings()
  /// Registrations that ran out or set `stop`, removed under the next chunk's lock.
  var ended: [EngineState.RegistrationIdentity] = []
  /// Milestone callbacks skipped since the last lock, planned again under the next one.
  var skippedMilestones: [SkippedMilestone] = []
  /// Segment calls withdrawn since the last lock, given back to their walks under the next one.
  var skippedSegmentCalls: [SkippedSegmentCall] = []
  /// Whether a window pass found none of the wheel's entries held any more: each was moved on or
  /// removed (``EngineState/prepareWheel(_:progress:into:)``).
  var releasedHeldEntries = false
  /// Callbacks made and not yet added to the statistics (added under the next lock).
  var uncountedCallbacks = 0
  /// Callbacks made by the whole pass.
  var delivered = 0
  /// Paused registrations the whole pass probed (rule 13).
  var probed = 0
  /// Registrations looked at by the whole pass.
  var examined = 0
  /// Registrations the pass may look at beyond what it delivers and one chunk (rule 11).
  var allowance = 0
  /// The final 0s held back while more chunks were to come (``EngineState/placeEnds(_:in:progress:)``),
  /// delivered once everything else is prepared, from ``heldEndsReleased`` on.
  var heldEnds: [HeldEnd] = []
  /// How many of ``heldEnds`` went into a chunk (or were dropped, their registration gone).
  var heldEndsReleased = 0
  /// ``heldEnds`` is in deadline order: sorted when the first goes into a chunk.
  var heldEndsInOrder = false

  init(_ kind: PassKind) {
    switch kind {
    case .tick, .promptDeliveriesByWalk: walkCursor = .max
    case .promptDeliveries, .ends, .windows: walkCursor = -1
    }
  }

  /// Whether nothing is left to prepare (what the last chunk ended is removed by the lock that
  /// finishes the pass).
  func preparedAll(_ kind: PassKind) -> Bool {
    foundAll(kind) && heldEndsReleased == heldEnds.count
  }

  /// Whether everything but the final 0s held back is prepared: nothing is left to walk, take or
  /// look up.
  func foundAll(_ kind: PassKind) -> Bool {
    guard walkCursor < 0 else { return false }
    switch kind {
    case .promptDeliveries(let pending): return listCursor >= pending.count
    case .ends(let entries, _): return listCursor >= entries.count
    case .windows(_, let pending):
      return listCursor >= pending.count && releasedHeldEntries
    case .tick(_, let ends): return listCursor >= ends.count
    case .promptDeliveriesByWalk: return true
    }
  }
}

/// What a pass's preparation finds out beside the callbacks it prepares. One value, so that the
/// walk takes it out of the progress into a local and puts it back once.
struct PassFindings {
  /// The earliest change seen so far, on the clock; `nil` while none was seen.
  var earliest: Int64? {
    @inline(__always) get { soonestSeen != .max || seenAtTheLastInstant ? soonestSeen : nil }
  }
  /// The earliest change seen so far, `Int64.max` while none was, and whether one at that
  /// instant was: apart, so that noting a change is the compare it was when `Int64.max` meant
  /// "none", and a branch taken only there.
  private var soonestSeen = Int64.max
  private var seenAtTheLastInstant = false
  /// Next changes noted for the state's index (the ends to come, or the wheel), handed to it under
  /// the lock of the chunk that noted them (``EngineState/schedule(_:)``).
  var scheduled: [ScheduledChange] = []
  /// Paused registrations whose receivers are checked outside the lock.
  var pausedProbes: [PausedProbe] = []
  /// Final 0s prepared into the chunk being filled: past one, the chunk's ends are put in
  /// deadline order (``EngineState/orderEnds(in:)``).
  var endsPrepared = 0
  /// The segment calls of the chunk being filled and called, each in place of a value; a
  /// prepared callback names its call by its place here (``PreparedCallback/isSegmentCall``).
  /// Emptied once the chunk is called.
  var segmentCalls: [SegmentCall] = []
  /// Walks whose timing the chunk changed (paused after a segment, silent again after a call):
  /// each is put in the part of the pool its timing belongs in under the same lock
  /// (``EngineState/placeWalks(_:)``).
  var walksToPlace: [SlotReference] = []

  /// Notes a change at clock instant `change`.
  @inline(__always)
  mutating func note(_ change: Int64) {
    soonestSeen = min(soonestSeen, change)
    if change == .max { seenAtTheLastInstant = true }
  }
}

/// A milestone callback a pass prepared and then skipped, planned again under the next lock if its
/// registration was only paused (``EngineState/restoreSkippedMilestones(_:now:)``).
struct SkippedMilestone {
  let slot: SlotReference
  /// The milestone, in whole intervals left.
  let milestone: Int64
}

/// A segment call a pass prepared and then skipped (withdrawn before it began), whose ends go
/// back to its walk under the next lock (``EngineState/giveBackSkippedSegmentCalls(_:)``).
struct SkippedSegmentCall {
  let slot: SlotReference
  let call: SegmentCall
}

/// A paused registration whose receiver the pass checks, once the lock is released (its slot
/// is not freed before the pass ends).
struct PausedProbe {
  let key: ObjectIdentifier
  let slot: SlotReference
}
