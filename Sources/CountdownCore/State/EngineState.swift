/// Everything an engine knows, kept inside its lock: the engine's state machine. Every event is one
/// `mutating` transition, named for it (``accept(_:_:_:reading:deliveringHereWith:)``, ``cancel(_:)``,
/// ``timerFired(at:generation:onDeliveryQueue:context:into:)``, ``passFinished(tickInstant:_:reading:)``, …).
/// `CountdownEngine` reads the clock, takes the lock, calls one transition per lock entry and does
/// what it returns. A transition never calls code that is not the engine's own (not the clock, the
/// timer or a handler) and never releases a handler: it returns a small result of its own, declared
/// beside it, with what the caller does once the lock is released (``EngineActions``).
///
/// The transitions live in rooms of `State/` by concern, each with its parts: one registration's
/// (`Registration/`), the timer's (`Timer/`), the delivery pass's (`Pass/`), what changes when
/// (`Schedule/`), a chunk of callbacks (`Chunk/`), the withdrawals (`Withdrawal/`) and the actions
/// handed back (`Actions/`).
///
/// Each stored part is a type of its own, changed only through its methods. The rules every
/// transition keeps (rules 1–14), as a table with where each is checked, are in
/// `Documentation/Contributors.docc/EngineRules.md`; the parts and how they are kept apart, in
/// `Documentation/Contributors.docc/Architecture.md`.
struct EngineState {
  /// The wakeup grid. Every method reads it here; none takes its parts as a parameter.
  var grid: WakeupGrid
  var table = ReceiverTable()
  /// The registrations' identities and milestones; their handlers are in the table's nodes.
  let slots = RegistrationSlots()

  var arming: TimerArming
  var actedOn = InstantsActedOn()
  /// The bound on every registration's next change (rule 1).
  var changeBound = ChangeBound()

  /// The ends to come of registrations at their last value, when ``WakeupGrid/endsHaveOwnGrid``,
  /// on the end grid's step (rule 8).
  var ends: TimingWheel<NotedEnd>
  /// Per-countdown alignment's index of what changes when, by window number (ticks of 1: a slot of
  /// its lowest level holds one window, which a pass takes whole; rule 9). `nil` on the shared
  /// grid, where a tick walks the table's walked part instead.
  var wheel: TimingWheel<IndexedRegistration>?
  /// Whether there is a `wheel`: set once, so that asking it copies nothing (testing the optional
  /// itself goes through an outlined copy of the wheel's enum tag, at every registration).
  let usesWheel: Bool
  var wheelCursor = WheelCursor()

  var pendingWork = PendingWork()
  var pass = RunningPass()
  var suspension = SuspendedTime()

  var counts = EngineCounts()
  /// How many times the engine's lock was taken (``EngineLock``): for tests of what a wakeup costs.
  private(set) var lockEntries: Int64 = 0

  /// A registration named by its receiver's key and its slot, for the lists that name
  /// registrations from one lock to the next (prompt deliveries owed, registrations a pass ended).
  ///
  /// A stale entry matching a newer registration in a reused slot is harmless: the prompt
  /// deliveries owed deliver only registrations still awaiting theirs, and the other lists live
  /// within one pass, during which removed registrations keep their slots (rule 6).
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
    self.usesWheel = usesWheel
  }
}

// The one exception to "the lock box is Sendable only when its value is": the state holds the
// registrations' slots (a class that is not Sendable, with the receivers) and the timer. It lives
// only inside `CountdownEngine.state`, its `EngineLock`, and is touched only under that lock; what
// leaves the lock is an `EngineActions` (timers, which are Sendable), released handlers
// (Sendable), or, for the delivery pass on its queue alone, slot references and unowned copies of
// handlers (Sendable closures) that `retired` and `retiredHandlers` keep alive until the pass ends.
extension EngineState: @unchecked Sendable {}
