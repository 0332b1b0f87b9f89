/// Everything an engine knows, kept inside its lock. Methods here never call anything that is not
/// the engine's own — not the clock, not the timer, not a handler — and never release a handler
/// (they hand freed ones back); they return what the caller must do once the lock is released
/// (``EngineActions``).
///
/// # The engine's rules
///
/// What this state, the engine's calls (`CountdownEngine.swift`) and the delivery pass
/// (`Delivery/`) must keep between them. Builds with internal checks verify rules 1–5 and 8–10 after
/// every transition and at the end of every pass (`EngineState+Invariants.swift`); the sixth is
/// checked before each callback there (`CountdownEngine+Delivery.swift`, `call`).
/// 1. **The earliest change is a lower bound.** Between passes, `earliestChange` is at or before
///    every running registration's next change (but an end on a grid of its own: rule 8; with the
///    wheel, a change in a window already visited counts from the next window: rule 9). A tick's
///    walk, or a window pass with what the wheel holds (rule 9), replaces it with what it saw, so a
///    change noted while a pass runs (a registration made, replaced or resumed by a callback or
///    another thread, landing where the walk will not look) is kept apart in
///    `earliestChangeDuringPass` and joins it when the pass ends (``noteChange(at:)``).
/// 2. **A change to come is a wakeup to come.** If a registration will change, the timer is armed,
///    or being made, or a pass is queued or due, or the engine is suspended.
/// 3. **Every registration is ahead of the walk or awaits its prompt delivery.** One whose value is
///    owed at once is in `awaitingPromptDelivery`, or a walk is due that will find it.
/// 4. **"Only the end" is a state, never a value.** `CountdownTiming.deliversOnlyTheEnd` survives
///    pauses, resumes and suspensions; such a registration stands at 1 until its 0. One delivered
///    at milestones (`deliversMilestones`, its slot holding them) stands at its next milestone + 1:
///    a milestone of its slot's, or 0 for the end.
/// 5. **Readings are monotone.** A call reads the clock before it takes the lock; another thread
///    or a wakeup may have acted on a later instant meanwhile. Every reading that changes the state
///    goes through ``monotone(_:)``, so no call acts on an instant before one the state already
///    acted on (`latestReading` ≥ every reading, wakeup instant and suspension start).
/// 6. **Removal is final.** Once a call that removes, replaces or pauses a registration returns,
///    on any thread, no callback for it begins: each such call notes the slot in the running
///    pass's `DeliveryContext` under the lock, and the pass checks before every callback.
/// 7. **Prompt deliveries use the instant the labels show.** A first value is computed at or after
///    the grid instant the latest wakeup stood for, even when that wakeup ran early
///    (``promptDeliveryInstant(preparedAt:tick:window:)``), so it never goes back past a value
///    already shown.
/// 8. **Every end to come is noted.** With ends on a grid of their own (``separateEnds``), a
///    running registration at its last value is kept out of `earliestChange`; instead `ends` holds
///    an entry for it at or before its deadline, put there by whatever brought it to that value
///    (its registration or resume, a delivery, the tick's step down to 1). So does one delivered at
///    milestones, at or before its next milestone's instant: each milestone is an end of its own.
///    Entries are never removed with their registrations: whoever pops one drops it if it is stale
///    (rule 10) and checks the rest (``ReceiverTable/indexAtLastValue(of:)``).
/// 9. **Per countdown, every change waits in the wheel.** With per-countdown alignment, every
///    registration not awaiting its first delivery has an entry in the wheel's list of the first
///    window not yet visited at or after its next change (a paused one: some entry, for its probe),
///    put there by whatever set that change (a delivery, a registration or resume that delivers
///    only its end, a pause, the walk that rebuilds the wheel); a change more than a turn past the
///    last window visited waits apart instead, no later than it comes, and joins its list once it
///    is within a turn. A pass counts its windows as visited when it takes them, so a change noted
///    while it runs lands in a later one (``noteInWheel(_:at:changeAt:)``). A window pass looks
///    only at those lists.
/// 10. **Every index is bounded by the table's size.** The indexes that outlive a pass (`ends`,
///    the wheel's lists and what it keeps apart) name a registration by slot and generation
///    (``IndexedRegistration``): making an entry, and removing or freeing its registration, moves
///    the slot's generation on, so a registration has at most one current entry in each, and every
///    other entry naming its slot (an older one, or one of a registration that held the slot
///    before) is stale, recognised and dropped wherever it is taken. Each index holds at most twice
///    the table's size and some slack (``endsBound(tableCount:)``, ``wheelBound(tableCount:turn:)``):
///    an insert or a removal that would leave it larger drops its stale entries
///    (``dropStaleIndexEntriesIfNeeded()``). Churn thus costs O(1) amortized, memory returns, and
///    no stale entry wakes the engine or is looked at again turn after turn.
struct EngineState {
  /// The engine's interval, in nanoseconds.
  let interval: Int64
  /// The wakeup grid's step: the interval (shared alignment) or the per-countdown tolerance.
  let window: Int64
  /// The end grid's step: a countdown's final 0 comes at most this long after its deadline.
  let endWindow: Int64
  /// Whether ends have a grid of their own, finer than the wakeup grid (the shared alignment's):
  /// registrations at their last value then wait in ``ends``, not in ``earliestChange``.
  let separateEnds: Bool
  var table = ReceiverTable()
  /// The handlers and receivers of the table's registrations.
  let slots = RegistrationSlots()

  /// The engine's one timer; `nil` until the first registration has made it, and after a wakeup
  /// found the table empty.
  private(set) var timer: (any CountdownTimer)?
  /// Whether `timer` is set. Asked on every registration and re-arm: testing the existential
  /// itself copies it, a retain and a release of the timer each time.
  private(set) var hasTimer = false
  /// A caller was told to make the timer (``TimerAction/make``) and has not installed it yet.
  private(set) var isMakingTimer = false
  /// Counts every change of what the timer should do (arm, disarm, replace): a caller that armed
  /// the timer outside the lock checks it afterwards, so that a stale arm never wins.
  private(set) var timerGeneration: UInt64 = 0
  /// Where the timer is armed (its next fire, when it repeats); `nil` while disarmed (suspended,
  /// or fired and waiting for the delivery pass that re-arms it).
  private(set) var armedAt: Int64?
  /// Whether the timer can repeat (``CountdownTimer/supportsRepeating``), asked when it was made.
  private(set) var timerRepeats = false
  /// The timer repeats every window from `armedAt` on: each wakeup moves `armedAt` on by a window
  /// (``noteTimerFired(at:)``), and nothing calls the timer while the wakeups stay on that grid.
  private(set) var armedRepeating = false
  /// The origin of the wakeup grid: the reading of the registration that made the timer, so that
  /// countdown is exact (a 10 s countdown shows 9 after exactly 1 s); countdowns registered later
  /// flip at the same grid instants, their first value lasting up to one interval longer.
  private(set) var gridOrigin: Int64 = 0
  /// The grid instant the latest wakeup stands for, or the latest tick pass delivered: the values
  /// of a tick are those at this instant, whether the wakeup ran a little early or late.
  private(set) var wakeupInstant: Int64 = .min
  /// The latest clock reading of a registration or resume: a first delivery is never computed for
  /// an instant before its registration (it would show more than its duration).
  private(set) var latestRegistrationRead: Int64 = .min
  /// The latest instant the state has acted on: every clock reading and every grid instant a
  /// wakeup stood for. A call's reading is clamped to it (``monotone(_:)``).
  private(set) var latestReading: Int64 = .min
  /// No registration's value changes before this instant (a lower bound: removals do not raise it).
  private(set) var earliestChange: Int64 = .max
  /// The earliest change noted since the running pass began: a tick's walk replaces
  /// `earliestChange` with what it saw, and this keeps what it could not see (registrations made,
  /// resumed or replaced while it ran).
  private(set) var earliestChangeDuringPass: Int64 = .max

  /// The ends to come of registrations at their last value, when ``separateEnds``.
  var ends = PendingEnds()
  /// The instant the latest wakeup delivers ends for: its reading, or the instant it was armed
  /// for when it ran early by less than half an end window. At or after ``wakeupInstant``.
  private(set) var endInstant: Int64 = .min
  /// A wakeup came between grid instants with ends due: the next pass delivers them alone.
  var endsDue = false
  /// Per-countdown alignment's index of what changes when; `nil` on the shared grid, where a
  /// tick walks the table (nearly everything changes at every grid instant there).
  var wheel: ChangeWheel?
  /// The number of the latest window the wheel was visited for (windows count from the grid's
  /// origin).
  var visitedWindow: Int64 = 0
  /// The wheel must be rebuilt by walking the table (after a resume of the engine, when every
  /// registration's value is owed at once, or after wakeups missed a whole turn of it).
  var wheelNeedsWalk = false

  /// Registrations awaiting a prompt delivery (a first value, or the current one after a resume).
  private(set) var awaitingPromptDelivery: [PendingDelivery] = []
  /// So many registrations awaited a prompt delivery that the next pass walks the table for
  /// them (a walk is cheaper than looking each up past an eighth of the table); the list was
  /// dropped, so a burst of a million registrations leaves no 16 MB list behind.
  private(set) var promptDeliveriesNeedWalk = false
  /// A wakeup happened: the next pass walks the whole table.
  var tickDue = false
  /// A pass is queued on the delivery queue (at most one is).
  var passQueued = false
  /// The pass running now, if any.
  var delivery: DeliveryContext?
  /// Set while the engine is suspended: the instant it was suspended.
  private(set) var suspendedSince: Int64?
  /// The time the engine spent suspended before `suspendedSince`, in total.
  private(set) var suspendedTotal: Int64 = 0

  /// Slots of registrations removed or replaced while a pass runs: the pass may hold pointers to
  /// them, so they are freed (and their handlers released) only when it ends.
  var retired: [SlotReference] = []

  // 64 bits wide on every platform: a 32-bit `Int` would overflow after days of ticking.
  var wakeups: Int64 = 0
  var batches: Int64 = 0
  var deliveries: Int64 = 0
  /// Registrations passes looked at (walked, or taken from the wheel or the ends): for tests of
  /// what a wakeup costs.
  var examined: Int64 = 0
  /// How many times the engine's lock was taken (``EngineLock``): for tests of what a wakeup costs.
  var lockEntries: Int64 = 0

  /// A registration, by its receiver's key and its slot (its identity), with a delivery owed.
  ///
  /// A slot can be reused once its registration is freed; where a stale entry could then match a
  /// newer registration of the same key, the match is harmless: the fresh list only delivers
  /// registrations still awaiting their prompt delivery, and the other lists live within one pass,
  /// during which removed registrations keep their slots (``retired``).
  struct PendingDelivery {
    var key: ObjectIdentifier
    var slot: SlotReference
  }

  var hasPendingWork: Bool { tickDue || endsDue || promptDeliveriesNeedWalk || !awaitingPromptDelivery.isEmpty }

  /// - Parameters:
  ///   - window: The wakeup grid's step (the interval, or the per-countdown tolerance).
  ///   - endWindow: The end grid's step, at most `window`.
  ///   - usesWheel: Index changes on the window grid (per-countdown alignment).
  init(interval: Int64, window: Int64, endWindow: Int64, usesWheel: Bool) {
    self.interval = interval
    self.window = window
    self.endWindow = min(endWindow, window)
    separateEnds = endWindow < window
    wheel = usesWheel ? ChangeWheel(window: window, interval: interval) : nil
  }
}

// The one exception to "the lock box is Sendable only when its value is": the state holds the
// registrations' slots (a class that is not Sendable, with the receivers: the delivery pass calls
// the handlers through pointers) and the timer. It lives only inside `CountdownEngine.state`, its
// `EngineLock`, and is touched only under that lock; what leaves the lock is an `EngineActions`
// (timers, which are Sendable), released handlers (Sendable), or, for the delivery pass on its
// queue alone, pointers to slots that `retired` keeps from being freed until the pass ends.
extension EngineState: @unchecked Sendable {}

// MARK: - Time

extension EngineState {
  /// The engine's running time at clock instant `now`: the clock less the time spent suspended.
  /// Registrations that pause while the engine is suspended (``SuspensionPolicy/pauses``) count
  /// on it, so suspending and resuming never moves their anchors, and one registered while
  /// suspended is never credited with suspension it did not spend.
  func runningTime(at now: Int64) -> Int64 {
    Self.runningTime(at: now, suspendedSince: suspendedSince, suspendedTotal: suspendedTotal)
  }

  /// ``runningTime(at:)`` from the two fields it reads. Mutating methods call this one: calling a
  /// non-mutating method of `self` from one copies the whole state first (every reference it
  /// holds retained and released), which the optimizer does not elide.
  @inline(__always)
  static func runningTime(at now: Int64, suspendedSince: Int64?, suspendedTotal: Int64) -> Int64 {
    let clockTime = suspendedSince.map { min(now, $0) } ?? now
    return clockTime.subtractingSaturated(suspendedTotal)
  }

  /// The instant `timing` counts on at clock instant `now`: the clock's own, or running time.
  @inline(__always)
  func instant(for timing: CountdownTiming, at now: Int64) -> Int64 {
    timing.policy == .pauses ? runningTime(at: now) : now
  }

  /// ``instant(for:at:)`` for mutating methods (see ``runningTime(at:suspendedSince:suspendedTotal:)``).
  @inline(__always)
  private mutating func instantInPlace(for timing: CountdownTiming, at now: Int64) -> Int64 {
    timing.policy == .pauses
      ? Self.runningTime(at: now, suspendedSince: suspendedSince, suspendedTotal: suspendedTotal) : now
  }

  /// The clock instant of `change`, an instant on the time `timing` counts on (for running time,
  /// as long as the engine is not suspended again; a resume recomputes every change anyway).
  @inline(__always)
  func clockInstant(of change: Int64, for timing: CountdownTiming) -> Int64 {
    timing.clockInstant(of: change, suspendedTotal: suspendedTotal)
  }

  /// Notes a clock reading made by a registration or a resume before it took the lock.
  mutating func noteRegistrationRead(_ now: Int64) {
    latestRegistrationRead = max(latestRegistrationRead, now)
  }

  /// A call's clock reading, made before it took the lock, clamped to the latest instant the state
  /// has acted on: another thread (or a wakeup) may have acted on a later instant meanwhile, and a
  /// call must never undo it (a pause that froze the time before a tick it did not see would give
  /// that tick's interval back on resume).
  mutating func monotone(_ now: Int64) -> Int64 {
    latestReading = max(latestReading, now)
    return latestReading
  }

  /// ``monotone(_:)`` for a query, which changes nothing.
  func reading(_ now: Int64) -> Int64 {
    max(latestReading, now)
  }

  /// Notes that some registration's value changes at clock instant `change`.
  mutating func noteChange(at change: Int64) {
    earliestChange = min(earliestChange, change)
    earliestChangeDuringPass = min(earliestChangeDuringPass, change)
  }

  /// The last grid instant at or before `instant`.
  static func gridFloor(_ instant: Int64, window: Int64, origin: Int64) -> Int64 {
    let offset = instant.subtractingSaturated(origin)
    let steps = offset >= 0 ? offset / window : -((-(offset + 1)) / window + 1)
    let (product, overflow) = steps.multipliedReportingOverflow(by: window)
    return overflow ? (steps > 0 ? .max : .min) : origin.addingSaturated(product)
  }

  /// The first grid instant at or after both `instant` and `now`. A change that came due while a
  /// pass ran thus waits for the next grid instant (all values still flip together), unless that
  /// instant is now.
  static func gridCeiling(atOrAfter instant: Int64, now: Int64, window: Int64, origin: Int64) -> Int64 {
    let target = max(instant, now)
    let floor = gridFloor(target, window: window, origin: origin)
    return floor == target ? floor : floor.addingSaturated(window)
  }

  /// Notes a wakeup at clock instant `now`: the grid instant it stands for is the one it was armed
  /// for, when it ran early by less than half a window, and otherwise the last one that has
  /// passed (one callback with the true value after whole intervals were missed).
  ///
  /// A wakeup that stands for no new grid instant (one armed for an end between two grid
  /// instants) walks nothing: it delivers the ends due by its ``endInstant``, if any; the caller
  /// re-arms the timer when it has nothing to do (``hasPendingWork``).
  mutating func noteWakeup(at now: Int64, armedFor armed: Int64?, window: Int64) {
    var instant = Self.gridFloor(now, window: window, origin: gridOrigin)
    if let armed, armed > instant, armed.subtractingSaturated(now) <= window / 2,
      Self.gridFloor(armed, window: window, origin: gridOrigin) == armed
    {
      instant = armed
    }
    let isNewGridInstant = instant > wakeupInstant
    wakeupInstant = max(wakeupInstant, instant)
    var end = max(now, wakeupInstant)
    if let armed, armed > end, armed.subtractingSaturated(now) <= endWindow / 2 {
      end = armed
    }
    endInstant = max(endInstant, end)
    latestReading = max(latestReading, now, wakeupInstant, endInstant)
    if isNewGridInstant || !separateEnds {
      tickDue = true
      return
    }
    // Woken for an end that was cancelled since (a cancel leaves the timer armed): no pass for it.
    dropStaleEnds()
    if let soonest = ends.soonest, soonest.deadline <= endInstant {
      endsDue = true
    }
  }

  /// The instant a tick at grid instant `tick` delivers ends for.
  func endInstant(forTick tick: Int64) -> Int64 {
    separateEnds ? max(endInstant, tick) : tick
  }

  /// Notes that a tick pass delivered the values at grid instant `instant`.
  mutating func noteTicked(_ instant: Int64) {
    wakeupInstant = max(wakeupInstant, instant)
    latestReading = max(latestReading, instant)
  }

  /// The grid instant a tick pass that starts at clock instant `now` stands for.
  func tickInstant(passStartedAt now: Int64, window: Int64) -> Int64 {
    max(wakeupInstant, Self.gridFloor(now, window: window, origin: gridOrigin))
  }

  /// The instant prompt deliveries prepared at clock instant `now` are computed for: the grid
  /// instant the labels already show (the current one, or the one the latest wakeup stood for if
  /// it ran early), but never before a registration's own reading (a first value never exceeds its
  /// duration).
  func promptDeliveryInstant(preparedAt now: Int64, tick: Int64?, window: Int64) -> Int64 {
    max(Self.gridFloor(now, window: window, origin: gridOrigin), tick ?? .min, wakeupInstant, latestRegistrationRead)
  }
}

// MARK: - Registering

extension EngineState {
  /// Adds a registration of `receiver` calling `call`, with `timing` made at clock instant `now`
  /// (a reading made ``monotone(_:)``), or replaces the one of the same key; returns what to do
  /// after the lock, and the replaced handler, for the caller to release outside the lock. One
  /// that delivers only its end is owed no prompt delivery.
  mutating func register(
    _ receiver: AnyObject, _ call: @escaping CountdownHandler, _ timing: CountdownTiming,
    now: Int64, interval: Int64, window: Int64, milestones: MilestoneList? = nil
  ) -> (EngineActions, replaced: CountdownHandler?) {
    let silent = timing.deliversOnlyTheEnd
    noteRegistrationRead(now)
    var timing = timing
    if timing.policy == .pauses {
      // Counted on the engine's running time, which stands still while it is suspended.
      timing.rebase(
        by: now.subtractingSaturated(
          Self.runningTime(at: now, suspendedSince: suspendedSince, suspendedTotal: suspendedTotal)))
    }
    let key = ObjectIdentifier(receiver)
    let slot = slots.allocate(receiver: receiver, call: call)
    if let milestones { slots.milestoneLists[slot] = milestones }
    let node = ReceiverNode(slot: slot, timing: timing)
    var replaced: CountdownHandler?
    let position: Int
    if let index = table.index(of: key) {
      // The receiver's own registration, or one of a dead object that lived at its address:
      // replaced either way, without a callback.
      let old = table[index].slot
      table[index] = node
      noteRemoval(of: old)
      replaced = release(old)
      position = index.position
    } else {
      position = table.insert(node, for: key).position
    }
    if !silent {
      noteAwaitingPromptDelivery(.init(key: key, slot: slot))
    }
    var actions = EngineActions()
    actions.timer = ensureTimer(now: now)
    // Arm for this registration's first change now, not after its first delivery: if the delivery
    // queue is slow, the wakeup still comes on time.
    noteFirstChange(of: timing, slot: slot, position: position, at: now, interval: interval)
    if case .none = actions.timer {
      actions.timer = rearm(now: now, window: window)
    }
    actions.queuePass = requestPass()
    checkInvariantsIfEnabled()
    return (actions, replaced)
  }

  /// Notes when `timing`, just registered, resumed or given time at clock instant `now` in `slot`
  /// (its node at `position`), changes first: its deadline if it delivers only its end, else the
  /// first change after its prompt delivery. An end goes to ``ends`` (its prompt delivery notes it
  /// again, once it is made).
  mutating func noteFirstChange(
    of timing: CountdownTiming, slot: SlotReference, position: Int, at now: Int64, interval: Int64
  ) {
    var next = timing
    if !timing.deliversOnlyTheEnd {
      _ = next.advance(to: instantInPlace(for: timing, at: now), interval: interval)
    }
    if separateEnds, next.isAtItsLastValue {
      noteEnd(of: next, in: slot, at: position)
    } else {
      let change = timing.clockInstant(of: next.nextChange(interval: interval), suspendedTotal: suspendedTotal)
      noteChange(at: change)
      // One that delivers only its end gets no first delivery to put it in the wheel.
      if timing.deliversOnlyTheEnd, change != .max, wheel != nil {
        noteInWheel(slot, at: position, changeAt: change)
      }
    }
  }
}

// MARK: - Pausing one registration

extension EngineState {
  /// Freezes `receiver`'s registration at clock instant `now` (clamped by ``monotone(_:)``, so that
  /// it never freezes a time before one a tick has already shown); the running pass skips a
  /// callback it prepared for it. Returns whether there was one, and what to do after the lock.
  mutating func pause(_ receiver: AnyObject, now: Int64, window: Int64) -> (found: Bool, TimerAction) {
    guard let index = liveIndex(of: receiver) else { return (false, .none) }
    let now = monotone(now)
    var action = TimerAction.none
    if wheel != nil {
      // Paused, it gets no calls that would notice its receiver die: it waits in the wheel to be
      // probed an interval from now, whether or not it had an entry there (it has none while it
      // awaits its first delivery, nor when its next change was beyond the clock's last instant),
      // and a wakeup comes for that probe. Its entry for the change it had before is stale now.
      let probe = now.addingSaturated(interval)
      noteInWheel(table[index].slot, at: index.position, changeAt: probe)
      noteChange(at: probe)
      action = rearm(now: now, window: window)
    }
    let pausedAt = instantInPlace(for: table[index].timing, at: now)
    table[index].timing.pause(at: pausedAt)
    noteRemoval(of: table[index].slot)
    checkInvariantsIfEnabled()
    return (true, action)
  }

  /// Continues `receiver`'s paused registration at clock instant `now`: its current value is owed
  /// promptly, unless it delivers only its end, which stays silent until then. Returns whether
  /// there was one, and what to do after the lock.
  mutating func resume(
    _ receiver: AnyObject, now: Int64, interval: Int64, window: Int64
  ) -> (found: Bool, EngineActions) {
    guard let index = liveIndex(of: receiver) else { return (false, .none) }
    guard table[index].timing.isPaused else { return (true, .none) }
    let now = monotone(now)
    noteRegistrationRead(now)
    let resumedAt = instantInPlace(for: table[index].timing, at: now)
    table[index].timing.resume(at: resumedAt)
    let timing = table[index].timing
    if timing.awaitsPromptDelivery {
      noteAwaitingPromptDelivery(.init(key: table.key(at: index), slot: table[index].slot))
    }
    noteFirstChange(of: timing, slot: table[index].slot, position: index.position, at: now, interval: interval)
    var actions = EngineActions()
    actions.timer = rearm(now: now, window: window)
    actions.queuePass = requestPass()
    checkInvariantsIfEnabled()
    return (true, actions)
  }
}

// MARK: - Prompt deliveries and removals

extension EngineState {
  /// Notes a registration owed a prompt delivery.
  mutating func noteAwaitingPromptDelivery(_ pending: PendingDelivery) {
    guard !promptDeliveriesNeedWalk else { return }
    if awaitingPromptDelivery.count >= 64, awaitingPromptDelivery.count * 8 > table.count {
      awaitingPromptDelivery = []
      promptDeliveriesNeedWalk = true
    } else {
      awaitingPromptDelivery.append(pending)
    }
  }

  /// Hands the owed prompt deliveries to a pass: the list, or `nil` when the pass must walk.
  mutating func takeAwaitingPromptDelivery() -> [PendingDelivery]? {
    defer {
      awaitingPromptDelivery = []
      promptDeliveriesNeedWalk = false
    }
    return promptDeliveriesNeedWalk || awaitingPromptDelivery.count * 8 > table.count ? nil : awaitingPromptDelivery
  }

  /// Marks the start of a delivery pass: changes noted from now on are kept apart for it.
  mutating func beginPass(_ context: DeliveryContext) {
    delivery = context
    earliestChangeDuringPass = .max
  }

  /// Ends the running pass, which found no change before `walked` (a tick walked the whole table;
  /// other passes saw only some registrations).
  mutating func endPass(walkedEverything: Bool, earliestSeen: Int64) {
    delivery = nil
    earliestChange = walkedEverything
      ? min(earliestSeen, earliestChangeDuringPass)
      : min(earliestChange, earliestSeen)
    earliestChangeDuringPass = .max
  }

  /// Notes that deliveries are pending and says whether a pass must be queued for them.
  mutating func requestPass() -> Bool {
    guard hasPendingWork, !passQueued else { return false }
    passQueued = true
    return true
  }

  /// Tells the running pass, on whatever thread it runs, that the registration in `slot` was
  /// removed, replaced or paused, so it skips a callback it prepared for it and has not begun.
  func noteRemoval(of slot: SlotReference) {
    delivery?.noteRemoved(slot)
  }

  /// Tells the running pass that every registration was removed.
  func noteRemovalOfAll() {
    delivery?.noteRemovedAll()
  }

  /// Frees the slot of a registration taken out of the table, or, while a pass runs (which may
  /// hold a pointer to it), keeps it until the pass ends. Returns the handler to release once the
  /// lock is released, if the slot was freed now.
  mutating func release(_ slot: SlotReference) -> CountdownHandler? {
    defer { dropStaleIndexEntriesIfNeeded() }
    guard delivery == nil else {
      // Its index entries are stale from now on (freeing the slot would make them so too).
      slot.renewGeneration()
      retired.append(slot)
      return nil
    }
    return slots.free(slot)
  }

  /// Frees the slots retired during the pass that just ended; returns their handlers, to release
  /// once the lock is released.
  mutating func freeRetired() -> [CountdownHandler] {
    defer { retired.removeAll() }
    return retired.compactMap { slots.free($0) }
  }

  /// Removes the registration at `index`; returns its handler if it was freed now (see
  /// ``release(_:)``).
  mutating func remove(at index: NodeIndex) -> CountdownHandler? {
    release(table.remove(at: index).slot)
  }

  /// Removes every registration; returns the handlers freed now (see ``release(_:)``).
  mutating func removeAll() -> [CountdownHandler] {
    var handlers: [CountdownHandler] = []
    handlers.reserveCapacity(delivery == nil ? table.count : 0)
    for node in table.nodes {
      if let handler = release(node.slot) {
        handlers.append(handler)
      }
    }
    table.removeAll()
    ends.removeAll()
    wheel?.removeAll()
    return handlers
  }

  /// Removes the registration `pending` names, if it is still there; returns its handler if it was
  /// freed now (see ``release(_:)``).
  mutating func remove(_ pending: PendingDelivery) -> CountdownHandler? {
    guard let index = table.index(of: pending.key), table[index].slot == pending.slot else {
      return nil
    }
    return remove(at: index)
  }

  /// Whether the registration at `index` belongs to `receiver`, which is alive (not one of a dead
  /// object that lived at the same address).
  func isRegistration(at index: NodeIndex, of receiver: AnyObject) -> Bool {
    table[index].slot.isRegistration(of: receiver)
  }

  /// The position of `receiver`'s registration, if it has one that is not finished. A
  /// registration of a dead object that lived at the same address is not `receiver`'s.
  func liveIndex(of receiver: AnyObject) -> NodeIndex? {
    guard let index = table.index(of: ObjectIdentifier(receiver)),
      isRegistration(at: index, of: receiver), !table[index].timing.isFinished
    else { return nil }
    return index
  }
}

// MARK: - Ends

extension EngineState {
  /// Notes the end to come of the registration in `slot`, at its last value with `timing` (or its
  /// next milestone's instant).
  mutating func noteEnd(of timing: CountdownTiming, in slot: SlotReference, at position: Int) {
    let end = timing.nextChange(interval: interval)
    noteEnd(at: timing.clockInstant(of: end, suspendedTotal: suspendedTotal), of: slot, at: position)
  }

  /// Notes an end to come at clock instant `deadline` for the registration in `slot`, whose node is
  /// at `position`: its newest entry, which makes any older one stale.
  mutating func noteEnd(at deadline: Int64, of slot: SlotReference, at position: Int) {
    ends.insert(.init(deadline: deadline, registration: IndexedRegistration(newEntryFor: slot, at: position)))
    dropStaleIndexEntriesIfNeeded()
  }

  /// Drops the soonest entries while they are stale or name no registration at its last value, so
  /// the timer is never armed for an end that will not come.
  mutating func dropStaleEnds() {
    while let soonest = ends.soonest,
      !soonest.registration.isCurrent || table.indexAtLastValue(of: soonest.slot) == nil
    {
      _ = ends.removeSoonest()
    }
  }

  /// The most entries the ends to come may hold (rule 10), with `tableCount` registrations: twice
  /// the table, and some slack so that a small table is not compacted at every churn.
  static func endsBound(tableCount: Int) -> Int { 2 * tableCount + 64 }

  /// The most entries a wheel of `turn` windows may hold (rule 10), with `tableCount`
  /// registrations: twice the table, and some slack, at least an eighth of its turn (dropping its
  /// stale entries visits every list).
  static func wheelBound(tableCount: Int, turn: Int64) -> Int { 2 * tableCount + max(64, Int(turn / 8)) }

  /// Keeps each index within its bound (rule 10) by dropping its stale entries once it is past it:
  /// at most one entry per registration is current, so what is left is at most the table's size,
  /// and the work is paid for by the inserts and removals that came since the last time. Static
  /// bounds, not computed properties: reading one of `self` here would copy the whole state.
  mutating func dropStaleIndexEntriesIfNeeded() {
    let tableCount = table.count
    if ends.count > Self.endsBound(tableCount: tableCount) {
      ends.removeStale()
    }
    if let turn = wheel?.turn, wheel!.count > Self.wheelBound(tableCount: tableCount, turn: turn) {
      wheel!.removeStale()
    }
  }

  /// Takes the entries due by ``endInstant`` for an end pass, which checks each.
  mutating func takeDueEnds() -> [PendingEnds.Entry] {
    var due: [PendingEnds.Entry] = []
    while let soonest = ends.soonest, soonest.deadline <= endInstant {
      due.append(ends.removeSoonest()!)
    }
    return due
  }
}

// MARK: - The wheel

extension EngineState {
  /// How many windows an interval spans, when it spans a whole number of them: a change an
  /// interval after one in window `w` then falls in window `w` plus this.
  var windowsPerInterval: Int64? {
    interval % window == 0 ? interval / window : nil
  }

  /// The number of the window whose wakeup delivers a change at clock instant `change`: the
  /// first grid instant at or after it, counted from the grid's origin.
  func windowNumber(ofChangeAt change: Int64) -> Int64 {
    Self.windowNumber(ofChangeAt: change, window: window, origin: gridOrigin)
  }

  /// ``windowNumber(ofChangeAt:)`` from the fields it reads, for callers holding the state `inout`
  /// (see ``runningTime(at:suspendedSince:suspendedTotal:)``).
  static func windowNumber(ofChangeAt change: Int64, window: Int64, origin: Int64) -> Int64 {
    let offset = change.subtractingSaturated(origin)
    return offset > 0 ? (offset - 1) / window + 1 : -((-offset) / window)
  }

  /// The clock instant of window number `number`.
  func instant(ofWindow number: Int64) -> Int64 {
    Self.instant(ofWindow: number, window: window, origin: gridOrigin)
  }

  /// ``instant(ofWindow:)`` from the fields it reads, for callers holding the state `inout`
  /// (see ``runningTime(at:suspendedSince:suspendedTotal:)``).
  static func instant(ofWindow number: Int64, window: Int64, origin: Int64) -> Int64 {
    let (product, overflow) = number.multipliedReportingOverflow(by: window)
    return overflow ? (number > 0 ? .max : .min) : origin.addingSaturated(product)
  }

  /// Notes a next change a pass found: in the wheel (per-countdown alignment) or, for an end, in
  /// the ends to come.
  mutating func schedule(_ change: CountdownEngine.ScheduledChange) {
    if wheel != nil {
      noteInWheel(change.slot, at: change.position, changeAt: change.instant)
    } else {
      noteEnd(at: change.instant, of: change.slot, at: change.position)
    }
  }

  /// Puts a new entry for the registration in `slot`, whose node is at `position`, in the wheel's
  /// list of the window that delivers a change at clock instant `change`: the first window at or
  /// after it that is not visited yet. A change in a window already visited (a one-shot resumed at
  /// its deadline from a callback of the pass visiting it) goes to the next one; in its own, it
  /// would be looked at only a turn later. A change beyond the lists' turn waits apart until it
  /// comes within one. The new entry makes any older one for the registration stale.
  mutating func noteInWheel(_ slot: SlotReference, at position: Int, changeAt change: Int64) {
    let entry = IndexedRegistration(newEntryFor: slot, at: position)
    let number = max(windowNumber(ofChangeAt: change), visitedWindow.addingSaturated(1))
    if number.subtractingSaturated(visitedWindow) > wheel!.turn {
      wheel!.insertFar(entry, change: change)
    } else {
      wheel!.insert(entry, window: number)
    }
    dropStaleIndexEntriesIfNeeded()
  }

  /// Takes the lists of the windows that passed since the wheel was last visited, up to the one
  /// of grid instant `tick`, for a window pass; `nil` when the wheel must be rebuilt by a walk
  /// (it was marked so, or a whole turn passed).
  mutating func takeWindows(through tick: Int64) -> [(number: Int64, entries: ContiguousArray<ChangeWheel.Entry>)]? {
    guard let turn = wheel?.turn, !wheelNeedsWalk else { return nil }
    let current = windowNumber(ofChangeAt: tick)
    guard current.subtractingSaturated(visitedWindow) < turn else { return nil }
    var taken: [(number: Int64, entries: ContiguousArray<ChangeWheel.Entry>)] = []
    var number = visitedWindow
    while number < current {
      number += 1
      taken.append((number, wheel!.take(window: number)))
    }
    // The windows from the next one on are those of a turn from here: what was kept apart for
    // them joins their lists. (None of it is due yet: it was kept apart for windows more than a
    // turn past the last visit, and less than a turn has passed.)
    let (window, origin) = (self.window, gridOrigin)
    let limit = Self.instant(ofWindow: current.addingSaturated(turn), window: window, origin: origin)
    wheel!.moveNear(through: limit) { change in
      max(Self.windowNumber(ofChangeAt: change, window: window, origin: origin), current.addingSaturated(1))
    }
    return taken
  }

  /// The wheel was visited, or rebuilt, through grid instant `tick`: noted when a pass takes the
  /// windows (or starts the walk that rebuilds it), so that what is noted while that pass runs
  /// waits in later windows.
  mutating func noteWheelVisited(through tick: Int64) {
    visitedWindow = max(visitedWindow, windowNumber(ofChangeAt: tick))
  }

  /// A lower bound of every registration's next change in the wheel: the start of its first
  /// occupied window after the one visited last, or the soonest change kept apart.
  mutating func wheelEarliestChange() -> Int64 {
    let far = wheel?.soonestFarChange() ?? .max
    guard let number = wheel?.firstOccupied(after: visitedWindow) else { return far }
    return min(far, instant(ofWindow: number - 1).addingSaturated(1))
  }
}

// MARK: - The timer

extension EngineState {
  /// Asks for the timer if there is none (nor one being made): the caller makes it outside the
  /// lock and hands it to ``install(_:now:window:)``. The grid starts at `now`.
  mutating func ensureTimer(now: Int64) -> TimerAction {
    guard !hasTimer, !isMakingTimer else { return .none }
    isMakingTimer = true
    gridOrigin = now
    visitedWindow = 0
    wakeupInstant = .min
    armedAt = nil
    earliestChange = .max
    earliestChangeDuringPass = .max
    timerGeneration &+= 1
    return .make
  }

  /// Installs the timer made for ``ensureTimer(now:)``, which can repeat if `repeats`, and arms it.
  mutating func install(_ newTimer: any CountdownTimer, repeats: Bool, now: Int64, window: Int64) -> TimerAction {
    isMakingTimer = false
    timer = newTimer
    hasTimer = true
    timerRepeats = repeats
    timerGeneration &+= 1
    return rearm(now: now, window: window)
  }

  /// Takes the timer away (a wakeup found nothing to do): the caller cancels and releases it
  /// outside the lock.
  mutating func removeTimer() -> TimerAction {
    guard let old = timer else { return .none }
    timer = nil
    hasTimer = false
    // Called when the table is empty: what is left here is stale.
    ends.removeAll()
    wheel?.removeAll()
    armedAt = nil
    armedRepeating = false
    timerGeneration &+= 1
    return .cancel(old)
  }

  /// Notes that the timer fired at clock instant `now`: a one-shot is disarmed until re-armed; a
  /// repeating one is due again a window on. Returns where it was armed.
  mutating func noteTimerFired(at now: Int64) -> Int64? {
    wakeups += 1
    let armed = armedAt
    guard armedRepeating, let armed else {
      armedAt = nil
      return armed
    }
    guard now.subtractingSaturated(armed) <= Self.repeatingDriftLimit(window: window) else {
      // Far later than due: the timer's clock drifted from this one (Dispatch's stops while the
      // device sleeps) or the queue was held up. Disarmed as far as the state knows, so the next
      // re-arm starts the grid afresh; a fire meanwhile is a wakeup like any other.
      armedAt = nil
      armedRepeating = false
      return armed
    }
    // Its next fire: the first grid step after now (the fires it missed are skipped).
    let steps = now < armed ? 1 : (now - armed) / window + 1
    let (offset, overflow) = steps.multipliedReportingOverflow(by: window)
    armedAt = overflow ? .max : armed.addingSaturated(offset)
    return armed
  }

  /// How much later than due a repeating timer may fire and still be on plan: the leeway Dispatch
  /// takes and some scheduling delay, at most half a window.
  static func repeatingDriftLimit(window: Int64) -> Int64 {
    min(2_000_000, window / 2)
  }

  /// The arming the timer should have now, if the arming for `generation` is stale: for a caller
  /// that just armed the timer outside the lock (see ``TimerAction/arm(_:at:repeating:generation:)``).
  func currentArming(ifNewerThan generation: UInt64) -> TimerAction {
    guard generation != timerGeneration, let timer else { return .none }
    return .arm(timer, at: armedAt, repeating: armedRepeating ? window : nil, generation: timerGeneration)
  }

  /// Arms the timer for the earliest change, if it is not already armed for it (or, as a one-shot,
  /// earlier); disarms it when nothing can change. Repeats while each wakeup is a window after the
  /// last one (``timerDecision(now:window:)``).
  mutating func rearm(now: Int64, window: Int64) -> TimerAction {
    guard let decision = timerDecision(now: now, window: window) else { return .none }
    return arm(at: decision.next, repeating: decision.repeating)
  }

  /// What ``rearm(now:window:)`` would do: `nil` when the timer is armed as it should be.
  mutating func timerDecision(now: Int64, window: Int64) -> (next: Int64?, repeating: Bool)? {
    guard hasTimer, suspendedSince == nil else { return nil }
    let wakeup = wantedWakeup(now: now, window: window)
    guard wakeup != .max else {
      return armedAt == nil ? nil : (nil, false)
    }
    if let armedAt {
      // Armed for it already; or earlier, as a one-shot, whose wakeup re-arms. A repeating timer
      // armed earlier would go on waking for nothing: it is re-armed.
      if armedAt == wakeup || (armedAt < wakeup && !armedRepeating) { return nil }
    }
    // Repeating while the next wakeup is the grid instant after the last one: on the shared grid,
    // where every running countdown changes at every grid instant.
    let repeating = timerRepeats && wheel == nil && wakeupInstant != .min
      && wakeup == wakeupInstant.addingSaturated(window)
    return (wakeup, repeating)
  }

  /// The instant the timer should fire next: the grid instant of the earliest change or the next
  /// end's instant; `.max` when nothing can change. An empty table keeps the timer until the next
  /// grid wakeup finds it still empty: a registration before then reuses it instead of building a
  /// new one.
  private mutating func wantedWakeup(now: Int64, window: Int64) -> Int64 {
    if table.isEmpty {
      return Self.gridCeiling(atOrAfter: now.addingSaturated(1), now: now, window: window, origin: gridOrigin)
    }
    var wakeup = Int64.max
    if earliestChange != .max {
      wakeup = Self.gridCeiling(atOrAfter: earliestChange, now: now, window: window, origin: gridOrigin)
      // A grid instant that passed since the last tick (a pass ran past it), with a change due
      // by then: wake at once for it, rather than an interval late.
      let passed = Self.gridFloor(now, window: window, origin: gridOrigin)
      if passed > wakeupInstant, earliestChange <= passed {
        wakeup = passed
      }
    }
    dropStaleEnds()
    if let end = ends.soonest {
      // At the end grid instant at or after the deadline, even if that has passed (the timer
      // then fires at once): ends close together share a wakeup.
      let endWakeup = Self.gridCeiling(atOrAfter: end.deadline, now: end.deadline, window: endWindow, origin: gridOrigin)
      wakeup = min(wakeup, endWakeup)
    }
    return wakeup
  }

  /// Arms the timer (which exists) for `next`, repeating every window if `repeating`, or disarms
  /// it for `nil`, as a new generation.
  private mutating func arm(at next: Int64?, repeating: Bool = false) -> TimerAction {
    guard let timer else { return .none }
    armedAt = next
    armedRepeating = next != nil && repeating
    timerGeneration &+= 1
    return .arm(timer, at: next, repeating: armedRepeating ? window : nil, generation: timerGeneration)
  }
}

// MARK: - Suspension

extension EngineState {
  /// Stops the timer's wakeups from `now` on.
  mutating func suspendTicking(at now: Int64) -> TimerAction {
    guard suspendedSince == nil else { return .none }
    suspendedSince = now
    defer { checkInvariantsIfEnabled() }
    guard armedAt != nil else { return .none }
    return arm(at: nil)
  }

  /// Ends a suspension at `now`: every running registration is owed a prompt delivery, so its current value
  /// is delivered even if it did not change. Returns whether the engine was suspended.
  mutating func resumeTicking(at now: Int64) -> Bool {
    guard let since = suspendedSince else { return false }
    suspendedSince = nil
    suspendedTotal = suspendedTotal.addingSaturated(max(0, now.subtractingSaturated(since)))
    noteRegistrationRead(now)
    table.withNodes { nodes, _ in
      for position in nodes.indices {
        nodes[position].timing.requestPromptDelivery()
      }
    }
    tickDue = true
    wheelNeedsWalk = true
    checkInvariantsIfEnabled()
    return true
  }
}
