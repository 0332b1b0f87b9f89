/// What the next delivery pass has to do, and whether one is queued: a part of ``EngineState``
/// whose fields change only through the methods here.
struct PendingWork {
  /// Registrations awaiting a prompt delivery (a first value, or the current one after a resume).
  private(set) var awaitingPromptDelivery: [EngineState.RegistrationIdentity] = []
  /// So many registrations awaited a prompt delivery that the next pass walks the table for
  /// them (a walk is cheaper than looking each up past an eighth of the table); the list was
  /// dropped, so a burst of a million registrations leaves no 16 MB list behind.
  private(set) var promptDeliveriesNeedWalk = false
  /// A wakeup happened: the next pass walks the whole table, if a value on the grid changes by its
  /// instant (``EngineState/walkIsDue(at:)``).
  private(set) var tickDue = false
  /// A resume of the engine owes every registration its value: the next pass walks the table.
  private(set) var everyValueOwed = false
  /// A wakeup came between grid instants with ends due: the next pass delivers them alone.
  private(set) var endsDue = false
  /// A pass is queued on the delivery queue: no other is queued while this is set. A pass that
  /// runs on the delivery queue without being queued (a call there delivering what it owes, a
  /// wakeup there, the next pass after one that left work) clears it too: the queued block, if any,
  /// then finds the work done and delivers nothing, so no stale batch follows.
  private(set) var passQueued = false

  /// Whether a pass has anything to do.
  var isEmpty: Bool { !(tickDue || endsDue || promptDeliveriesNeedWalk || !awaitingPromptDelivery.isEmpty) }

  /// A wakeup stands for a new grid instant (or a resume owes every value): the next pass walks.
  mutating func requireTick() {
    tickDue = true
  }

  /// A wakeup between grid instants has ends due: the next pass delivers them.
  mutating func requireEnds() {
    endsDue = true
  }

  /// A resume of the engine owes every registration its value: the next pass walks.
  mutating func oweEveryValue() {
    tickDue = true
    everyValueOwed = true
  }

  /// The next pass takes what is due: the tick and the ends are its own from now on.
  mutating func clearTickAndEnds() {
    tickDue = false
    everyValueOwed = false
    endsDue = false
  }

  /// Notes a registration owed a prompt delivery, with `tableCount` registrations.
  mutating func owePromptDelivery(_ pending: EngineState.RegistrationIdentity, tableCount: Int) {
    guard !promptDeliveriesNeedWalk else { return }
    if awaitingPromptDelivery.count >= 64, awaitingPromptDelivery.count * 8 > tableCount {
      awaitingPromptDelivery = []
      promptDeliveriesNeedWalk = true
    } else {
      awaitingPromptDelivery.append(pending)
    }
  }

  /// Hands the owed prompt deliveries to a pass: the list, or `nil` when the pass must walk (past
  /// an eighth of the `tableCount` registrations).
  mutating func takeAwaitingPromptDelivery(tableCount: Int) -> [EngineState.RegistrationIdentity]? {
    defer {
      awaitingPromptDelivery = []
      promptDeliveriesNeedWalk = false
    }
    return promptDeliveriesNeedWalk || awaitingPromptDelivery.count * 8 > tableCount ? nil : awaitingPromptDelivery
  }

  /// Marks a pass as queued if there is work for one and none is queued yet; returns whether it
  /// did, in which case the caller queues that pass on the delivery queue, after the lock.
  mutating func markPassQueuedIfNeeded() -> Bool {
    guard !isEmpty, !passQueued else { return false }
    passQueued = true
    return true
  }

  /// The queued pass began (or a wakeup's pass began in its place).
  mutating func clearPassQueued() {
    passQueued = false
  }
}
