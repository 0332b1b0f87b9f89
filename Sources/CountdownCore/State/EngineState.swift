/// Everything an engine knows, kept inside its lock: the engine's state machine. Every event is one
/// `mutating` transition, named for it (``register(_:_:_:reading:)``, ``cancel(_:)``,
/// ``timerFired(at:onDeliveryQueue:context:into:)``, ``passFinished(tickInstant:_:reading:)``, …).
/// `CountdownEngine` reads the clock, takes the lock, calls one transition per lock entry and does
/// what it returns. A transition never calls code that is not the engine's own (not the clock, the
/// timer or a handler) and never releases a handler: it returns a small result of its own
/// (`TransitionResults.swift`) with what the caller does once the lock is released.
///
/// Each stored part is a type of its own, changed only through its methods. The rules every
/// transition keeps (rules 1–12), as a table with where each is checked, are in
/// `Documentation/Contributors.docc/EngineRules.md`; the parts and how they are kept apart, in
/// `Documentation/Contributors.docc/Architecture.md`.
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
