/// What the next delivery pass has to do, and whether one is queued.
struct PendingWork {
  /// Registrations awaiting a prompt delivery (a first value, or the current one after
  /// it resumes or is given time).
  private(set) var awaitingPromptDelivery: [EngineState.RegistrationIdentity] = []
  /// So many registrations awaited a prompt delivery that the next pass walks the table for
  /// them (a walk is cheaper than looking each up past an eighth of the table); the list was
  /// dropped, so a burst of a million registrations leaves no 16 MB list behind.
  private(set) var promptDeliveriesNeedWalk = false
  /// A wakeup happened, or a suspension's end owes values: the next pass walks, if a value on the
  /// grid changes by its instant.
  private(set) var tickDue = false
  /// A suspension's end owes each running registration that does not skip changes its value:
  /// the next pass walks the table.
  private(set) var everyValueOwed = false
  /// A wakeup came between grid instants with ends due: the next pass delivers them alone.
  private(set) var endsDue = false
  /// A pass is queued on the delivery queue: no other is queued while this is set. Any pass that
  /// runs there clears it: the queued block then finds the work done, so no stale pass follows.
  private(set) var passQueued = false

  /// Whether a pass has anything to do.
  var isEmpty: Bool { !(tickDue || endsDue || promptDeliveriesNeedWalk || !awaitingPromptDelivery.isEmpty) }

  mutating func requireTick() {
    tickDue = true
  }

  mutating func requireEnds() {
    endsDue = true
  }

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

  /// Notes a registration owed a prompt delivery, with `walkedCount` registrations in the table's
  /// walked part, which a walk for them would cover (none of them is quiet).
  @inline(__always)
  mutating func owePromptDelivery(_ pending: EngineState.RegistrationIdentity, walkedCount: Int) {
    guard !promptDeliveriesNeedWalk else { return }
    if awaitingPromptDelivery.count >= 64, awaitingPromptDelivery.count * 8 > walkedCount {
      awaitingPromptDelivery = []
      promptDeliveriesNeedWalk = true
    } else {
      awaitingPromptDelivery.append(pending)
    }
  }

  /// Hands the owed prompt deliveries to a pass: the list, or `nil` when the pass must walk (past
  /// an eighth of the `walkedCount` registrations of the table's walked part).
  mutating func takeAwaitingPromptDelivery(walkedCount: Int) -> [EngineState.RegistrationIdentity]? {
    defer {
      awaitingPromptDelivery = []
      promptDeliveriesNeedWalk = false
    }
    return promptDeliveriesNeedWalk || awaitingPromptDelivery.count * 8 > walkedCount ? nil : awaitingPromptDelivery
  }

  /// Hands over the one prompt delivery owed, if it is all a pass would have to do, for the call
  /// that owes it to make it itself; forgets it, keeping the list's buffer, and the mark of a
  /// queued pass (the queued block finds nothing to do). `nil`, changing nothing, otherwise.
  mutating func takeSolePromptDelivery() -> EngineState.RegistrationIdentity? {
    guard !tickDue, !endsDue, !promptDeliveriesNeedWalk, awaitingPromptDelivery.count == 1 else { return nil }
    let sole = awaitingPromptDelivery.removeLast()
    passQueued = false
    return sole
  }

  /// Marks a pass as queued if there is work for one and none is queued yet; returns whether the
  /// caller must queue it.
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
