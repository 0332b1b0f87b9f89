/// Everything an engine knows, kept inside its lock: the engine's state machine. Every event is one
/// `mutating` transition here, named for it:
/// ``register(_:_:_:reading:)``, ``cancel(_:)``,
/// ``cancelAll()``, ``pause(_:now:)``, ``resume(_:now:)``,
/// ``addTime(_:to:now:)``, ``suspendTicking(at:)``, ``resumeTicking(at:)``, and the
/// timer's and the pass's: ``timerFired(at:onDeliveryQueue:context:into:)``,
/// ``timerSettled(onDeliveryQueue:)``, ``install(_:repeats:now:)``, ``passBegan(_:at:into:)``,
/// ``prepareChunk(_:_:into:context:preparedAt:)`` and ``passFinished(tickInstant:_:reading:)``.
/// `CountdownEngine` reads the clock, takes the lock, calls one transition per lock entry and does
/// what it returns; nothing else writes these fields. Methods here never call anything that is not
/// the engine's own — not the clock, not the timer, not a handler — and never release a handler:
/// each transition returns a small result of its own (`TransitionResults.swift`) with what the
/// caller must do once the lock is released (``EngineActions``) and the handlers it freed, which
/// the caller releases after the lock.
///
/// The transitions live in this folder (`State/`), by what they touch, the delivery pass's planning
/// among them (`EngineState+Pass.swift` and the preparation of its chunks); what runs outside the
/// lock, the pass's calling included, is `CountdownEngine`'s (`Engine/`). Every stored part of the state is a type of its own,
/// meant to be changed only through its methods: the wakeup grid (``WakeupGrid``), the registrations
/// (``ReceiverTable``, ``RegistrationSlots``) and the indexes of what changes when (the ends to
/// come, the per-countdown wheel: ``TimingWheel``), the timer's arming
/// (``TimerArming``), the instants acted on (``InstantsActedOn``), the bound on the next change
/// (``ChangeBound``), the wheel's cursor (``WheelCursor``), what the next pass has to do
/// (``PendingWork``), the running pass (``RunningPass``), the suspension (``SuspendedTime``) and
/// the counts (``EngineCounts``). For the parts declared in one file each (the grid, the arming,
/// the instants, the bound, the cursor, the pending work, the running pass, the suspension and the
/// counts) the compiler enforces it: their fields are `private(set)` or `let`. Not for the others.
/// The table and the wheels are each split over several files, which Swift's `private` cannot
/// span: the table's `nodes` and `entries` are `internal(set)` and its `heads` an internal `var`,
/// the wheel's arrays are internal; the registration writes a slot's milestones
/// (``RegistrationSlots/milestoneLists``, internal) from `EngineState+Registering.swift`; and a
/// transition steps a node's timing in place through the table's subscript, by design. For those,
/// keeping to their methods is a convention, kept by review; their own invariant checks
/// (``ReceiverTable/checkInvariantsIfEnabled()``, ``checkRulesIfEnabled()``) catch in builds with
/// internal checks a write that breaks their structure, not one that merely bypasses a method.
///
/// # The engine's rules
///
/// What the transitions must keep. Builds with internal checks verify rules 1–5 and 8–10 after
/// every transition (sampled from 256 registrations on: ``checkRulesIfEnabled()``) and at the end
/// of every pass, one function per rule
/// (`EngineState+Invariants.swift`), and the sixth's retirement there too; the sixth itself is
/// checked before each callback
/// (`Engine/CountdownEngine+Pass.swift`, `call`), the seventh where a chunk's instants
/// are computed (`ChunkInstants`).
/// 1. **The earliest change is a lower bound.** Between passes, `earliestChange` is at or before
///    every running registration's next change (but an end on a grid of its own: rule 8; with the
///    wheel, a change in a window already visited counts from the next window: rule 9). A tick's
///    walk, or a window pass with what the wheel holds (rule 9), replaces it with what it saw, so a
///    change noted while a pass runs (a registration made, replaced or resumed by a callback or
///    another thread, landing where the walk will not look) is kept apart in
///    `earliestChangeDuringPass` and joins it when the pass ends (``lowerEarliestChange(to:)``).
/// 2. **A change to come is a wakeup to come.** If a registration will change, the timer is armed,
///    or being made, or a pass is queued or due, or the engine is suspended. A change at the
///    clock's last instant, `Int64.max`, or after the grid's last instant short of it, is one
///    (``WakeupGrid``): no instant stands for "never", which is `nil`.
/// 3. **Every registration is ahead of the walk or awaits its prompt delivery.** One whose value is
///    owed at once is in `awaitingPromptDelivery`, or a walk is due that will find it.
/// 4. **"Only the end" is a state, never a value; so are milestones and overtime.**
///    `CountdownTiming.deliversOnlyTheEnd` survives pauses, resumes and suspensions; such a
///    registration stands at 1 until its 0. One delivered at milestones (`deliversMilestones`, its
///    slot holding them, and only it) stands at its next milestone + 1: a milestone of its slot's,
///    or 0 for the end. `CountdownTiming.countsOvertime` survives them too, and only a countdown
///    delivering every change has it (never with milestones): its 0 is not its end (it is never
///    finished, and its last value before its end is still 1, whose end rule 8 notes); below 0 its
///    changes are on the grid like any other.
/// 5. **The instants acted on are monotone.** A call reads the clock before it takes the lock;
///    another thread or a wakeup may have acted on a later instant meanwhile. The reading of every
///    call that registers, pauses, resumes or adds time to a registration, suspends or resumes
///    ticking, or finishes a pass goes through
///    ``InstantsActedOn/raiseLatest(to:)``, and a wakeup's through ``InstantsActedOn/recordWakeup(at:standingFor:endsFor:)``,
///    which raise it to the latest instant acted on, so no such call acts on an instant before one
///    the state already acted on (`latestInstant` ≥ every reading, wakeup instant and suspension
///    start). Two readings are used as they are, and kept nowhere: the one a newly installed timer
///    is armed from, and the instant a chunk is prepared at.
/// 6. **Removal is final.** Once a call that removes, replaces or pauses a registration returns,
///    on any thread, no callback for it begins: each such call notes the slot in the running
///    pass's `DeliveryContext` under the lock, and the pass checks before every callback. A pass
///    holds, for each callback it prepared, the registration's slot and an unowned copy of its
///    handler (``UnownedHandler``; the node it came from may move meanwhile): so a registration
///    taken out of the table while a pass runs keeps its slot and its handler in ``RunningPass/retired`` and
///    ``RunningPass/retiredHandlers`` until the pass ends, and between passes both are empty.
/// 7. **Prompt deliveries use the instant the labels show.** A first value is computed at or after
///    the grid instant the latest wakeup stood for, even when that wakeup ran early
///    (``promptDeliveryInstant(preparedAt:tick:)``), so it never goes back past a value
///    already shown.
/// 8. **Every end to come is noted.** With ends on a grid of their own (``WakeupGrid/endsHaveOwnGrid``), a
///    running registration at its last value is kept out of `earliestChange`; instead `ends` holds
///    an entry for it at or before its deadline, put there by whatever brought it to that value
///    (its registration or resume, a delivery, the tick's step down to 1). So does one delivered at
///    milestones, at or before its next milestone's instant: each milestone is an end of its own.
///    An overtime countdown's 0 is noted as any end is, from its 1; once past it, its values below
///    0 are on the grid, in `earliestChange`. A registration has one entry at most, its slot holding
///    its handle (``RegistrationSlot/indexHandle``): noting its end anew, and its removal, unlink the
///    one before. One paused or given time since keeps its entry: whoever takes an entry checks
///    that its registration is still at its last value (``ReceiverTable/indexAtLastValue(of:)``),
///    and the soonest ones that are not are dropped before the timer is armed.
/// 9. **Per countdown, every change waits in the wheel.** With per-countdown alignment, every
///    registration not awaiting its first delivery has an entry in the wheel due at the number of
///    the first window not yet visited at or after its next change (a paused one: an
///    entry, for its probe), put there by whatever set that change (a delivery, a registration or
///    resume that delivers only its end, a pause, the walk that rebuilds the wheel). A window pass
///    holds the entries of the windows that passed (``TimingWheel/holdDue(through:)``) and looks
///    only at those; it counts those windows as visited when it takes them, so a change noted
///    while it runs waits for a later one (``putInWheel(_:at:changeAt:)``). Each entry it holds
///    moves on to the window of its registration's next change (the same entry: a countdown
///    delivered in its window moves an interval on) or is removed, so between passes none is held.
/// 10. **An index holds one entry per registration at most.** The indexes that outlive a pass
///    (`ends` and the wheel; an engine uses one of them: with the wheel, every end comes within
///    the window) hold no entry but the one its slot's handle names (``RegistrationSlot/indexHandle``),
///    of a registration in the table. Noting a registration's change anew, and its removal
///    (cancelled, replaced, ended), unlink the entry before in O(1), so an index never holds more
///    entries than the table has registrations, and nothing stale is left in it to sweep or to
///    wake the engine. Only a running pass names registrations otherwise: an end pass the ends it
///    took, by slot and generation (``NotedEnd``), for its own duration.
///
/// # The engine's cost rules
///
/// What a wakeup and an index operation may cost: no rule above names them, and a path that
/// breaks them (quadratic in the table) still delivers every value right. Counted where the cost
/// is paid and checked in every build by the seeded simulation after every step
/// (``CountdownEngine/costRuleViolations()``); builds with internal checks also check rule 11 at
/// the end of every pass (``checkWakeupCost(_:)``) and its quiet part with rules 1–10, and rule 12
/// after every transition (``checkRulesIfEnabled()``).
/// 11. **A wakeup looks at what changes, what is due and one chunk.** A pass looks at (walks,
///     takes from an index, or looks up) at most the registrations it delivers, plus one chunk
///     (``PassLimits/chunkSize``), plus what it probes: the entries it takes from the ends to
///     come or holds from the wheel, the prompt deliveries it looks up, and the pool's walked part
///     (``ReceiverTable/walkedCount``) only for a walk that is due, a tick at a grid instant by
///     which a value on the grid changes (``walkIsDue(at:)``: on the shared grid nearly every
///     walked registration then does), or a walk cheaper than looking up the prompt deliveries
///     owed (``PendingWork``). The walked part is the table but its quiet registrations
///     (``isQuiet(_:grid:)``): with ends on a grid of their own, the running countdowns that
///     deliver only their end or at milestones, whose next change waits in the ends to come
///     (rule 8); a tick takes their due ends from there, so they cost nothing on the ticks between
///     (per countdown, and with ends on the interval's grid, none is quiet). A registration moves
///     in or out of the quiet part as it is paused, resumed or replaced; a removal that leaves
///     the walked part empty forgets the bound on the next change
///     (``forgetBoundIfNothingIsWalked()``), so no bound left stale buys a walk, or a wakeup, for
///     the quiet ones. So an end or a milestone that wakes the engine while no value on the grid
///     changes takes only what is due, and a tick what changes and what is due: checked as
///     `examined ≤ delivered + allowance + chunkSize` for every pass (``PassProgress/allowance``),
///     and as the quiet part holding exactly the quiet registrations
///     (``checkQuietRegistrationsAreApart()``).
/// 12. **An index operation walks O(1) amortized.** Finding a slot's soonest entry in the ends to
///     come or the wheel (``TimingWheel/soonest(inSlot:)``) walks a list of at most 8, or splits
///     the slot into blocks, which each entry goes through at most once per 6-bit digit of its
///     deadline (11) while it is linked: checked as `slotWalkSteps ≤ 9 × slotQueries + 22 × links`
///     over the engine's life, both indexes together (``TimingWheel/slotWalkBound(queries:links:)``).
struct EngineState {
  /// The wakeup grid: its origin (which moves when the timer is made anew), the interval, the
  /// window and the end window. Every method reads them here; none takes them as a parameter.
  var grid: WakeupGrid
  var table = ReceiverTable()
  /// The registrations' identities: weak receivers, keys, generations and index handles, and the
  /// milestones of those delivered at them. Their handlers are in the table's nodes (``ReceiverNode``).
  let slots = RegistrationSlots()

  /// The timer and how it is armed (its own methods change it).
  var arming: TimerArming
  /// The instants acted on: the latest wakeup's, the latest registration's clock reading, the latest
  /// of all (its own methods change them; the accessors at the end of this file read them by name).
  var actedOn = InstantsActedOn()
  /// The bound on every registration's next change (rule 1), changed only by its own methods.
  var changeBound = ChangeBound()

  /// The ends to come of registrations at their last value, when ``WakeupGrid/endsHaveOwnGrid``: a hierarchical
  /// timing wheel on the end grid's step, each entry unlinked when its registration is removed.
  var ends: TimingWheel<NotedEnd>
  /// Per-countdown alignment's index of what changes when: a hierarchical timing wheel whose
  /// entries are due at the number of the window that delivers their registration's next change
  /// (ticks of 1: a slot of its lowest level holds one window, which a pass takes whole), each
  /// unlinked when its registration is removed or its change noted anew (rule 9). `nil` on the
  /// shared grid, where a tick walks the table's walked part (nearly every registration there
  /// changes at every grid instant; the quiet ones wait in ``ends``: rule 11).
  var wheel: TimingWheel<IndexedRegistration>?
  /// How far the wheel was visited, and whether it must be rebuilt (its own methods change it).
  var wheelCursor = WheelCursor()

  /// What the next pass has to do, and whether one is queued (its own methods change it).
  var pendingWork = PendingWork()
  /// The pass running now, if any, and what it keeps alive until it ends (its own methods change
  /// them).
  var pass = RunningPass()
  /// Whether the engine is suspended, and the time it spent so (its own methods change it).
  var suspension = SuspendedTime()

  /// What the engine has done so far (its own methods count it).
  var counts = EngineCounts()
  /// How many times the engine's lock was taken (``EngineLock``): for tests of what a wakeup costs.
  private(set) var lockEntries: Int64 = 0

  /// A registration named by its receiver's key and its slot (its identity), for the lists that
  /// name registrations from one lock to the next: the prompt deliveries owed, a window pass's
  /// share of them, and the registrations a pass ended, removed under its next lock.
  ///
  /// A slot can be reused once its registration is freed; where a stale entry could then match a
  /// newer registration of the same key, the match is harmless: the list of prompt deliveries owed
  /// (``PendingWork/awaitingPromptDelivery``) only delivers registrations still awaiting theirs
  /// (``CountdownTiming/awaitsPromptDelivery``), and the other lists live within one pass,
  /// during which removed registrations keep their slots (``RunningPass/retired``).
  struct RegistrationIdentity {
    var key: ObjectIdentifier
    var slot: SlotReference
  }

  /// The engine's lock was taken (``EngineLock/withLock(_:)``).
  @inline(__always)
  mutating func countLockEntry() {
    lockEntries &+= 1
  }

  /// The state of an engine whose wakeups fall on `grid`; `usesWheel`: it indexes changes on the
  /// window grid (per-countdown alignment).
  init(grid: WakeupGrid, usesWheel: Bool) {
    self.grid = grid
    arming = TimerArming(period: grid.window)
    // A registration's one index handle (``RegistrationSlot/indexHandle``) names its entry in the
    // wheel or in the ends to come: never both at once.
    precondition(!(usesWheel && grid.endsHaveOwnGrid), "with the wheel, every end comes within the window")
    ends = TimingWheel(resolution: max(1, grid.endWindow))
    wheel = usesWheel ? TimingWheel(resolution: 1) : nil
  }
}

// The one exception to "the lock box is Sendable only when its value is": the state holds the
// registrations' slots (a class that is not Sendable, with the receivers) and the timer. It lives
// only inside `CountdownEngine.state`, its `EngineLock`, and is touched only under that lock; what
// leaves the lock is an `EngineActions` (timers, which are Sendable), released handlers
// (Sendable), or, for the delivery pass on its queue alone, slot references and unowned copies of
// handlers (Sendable closures) that `retired` and `retiredHandlers` keep alive until the pass ends.
extension EngineState: @unchecked Sendable {}
