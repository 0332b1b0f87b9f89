/// Everything an engine knows, kept inside its lock. Methods here never call user code and never
/// block; they return what the caller must do once the lock is released.
struct EngineState {
  var table = ReceiverTable()

  /// The engine's one timer; `nil` until the first registration and after a wakeup found the
  /// table empty.
  private(set) var timer: (any CountdownTimer)?
  /// Whether `timer` is set. Asked on every registration and re-arm: testing the existential
  /// itself copies it, a retain and a release of the timer each time.
  private(set) var hasTimer = false

  /// Installs or removes the engine's timer.
  mutating func setTimer(_ newTimer: (any CountdownTimer)?) {
    hasTimer = newTimer != nil
    timer = newTimer
  }
  /// Where the timer is armed; `nil` while disarmed (suspended, or fired and waiting for the
  /// delivery pass that re-arms it).
  var armedAt: Int64?
  /// The origin of the wakeup grid: the instant the timer was created.
  var gridOrigin: Int64 = 0
  /// No registration's value changes before this instant (a lower bound: removals do not raise it).
  var earliestChange: Int64 = .max

  /// Registrations waiting for their prompt first delivery.
  private(set) var fresh: [PendingDelivery] = []
  /// So many registrations awaited their first delivery that the next pass walks the table for
  /// them (a walk is cheaper than looking each up past an eighth of the table); `fresh` was
  /// dropped, so a burst of a million registrations leaves no 16 MB list behind.
  private(set) var freshNeedsWalk = false
  /// A wakeup happened: the next pass walks the whole table.
  var tickDue = false
  /// A pass is queued on the delivery queue (at most one is).
  var passQueued = false
  /// The pass running now, if any.
  var delivery: DeliveryContext?
  /// Set while the engine is suspended: the instant it was suspended.
  var suspendedSince: Int64?

  /// Registrations removed or replaced while a pass runs: the pass may hold them unretained, so
  /// they live until it ends.
  var retired: [Registration] = []

  var wakeups = 0
  var batches = 0
  var deliveries = 0

  /// What the caller must do after releasing the lock to get pending deliveries made.
  enum PassRequest {
    case none
    /// Queue a pass on the delivery queue.
    case queue
  }

  /// A registration, by its receiver's key and its own identity, with a delivery owed.
  ///
  /// An identity can be reused once its registration is freed; where a stale entry could then
  /// match a newer registration of the same key, the match is harmless: the fresh list only
  /// delivers registrations still awaiting their prompt delivery, and the other lists live within
  /// one pass, during which removed registrations are kept (``retired``).
  struct PendingDelivery {
    var key: ObjectIdentifier
    var registration: ObjectIdentifier
  }

  var hasPendingWork: Bool { tickDue || freshNeedsWalk || !fresh.isEmpty }

  /// Notes a registration owed its prompt first delivery.
  mutating func noteFresh(_ pending: PendingDelivery) {
    guard !freshNeedsWalk else { return }
    if fresh.count >= 64, fresh.count * 8 > table.count {
      fresh = []
      freshNeedsWalk = true
    } else {
      fresh.append(pending)
    }
  }

  /// Hands the owed first deliveries to a pass: the list, or `nil` when the pass must walk.
  mutating func takeFresh() -> [PendingDelivery]? {
    defer {
      fresh = []
      freshNeedsWalk = false
    }
    return freshNeedsWalk || fresh.count * 8 > table.count ? nil : fresh
  }

  /// Notes that deliveries are pending and says whether a pass must be queued for them.
  mutating func requestPass() -> PassRequest {
    guard hasPendingWork, !passQueued else { return .none }
    passQueued = true
    return .queue
  }

  /// Tells a running pass on this thread that `registration` was removed or replaced, so it
  /// skips a callback it prepared for it.
  func noteRemoval(of registration: Registration) {
    if let delivery, delivery.isCurrentThread {
      delivery.noteRemoved(ObjectIdentifier(registration))
    }
  }

  /// Tells a running pass on this thread that every registration was removed.
  func noteRemovalOfAll() {
    if let delivery, delivery.isCurrentThread {
      delivery.noteRemovedAll()
    }
  }

  /// Keeps a removed or replaced registration alive until the running pass, if any, ends.
  mutating func retire(_ registration: Registration) {
    if delivery != nil {
      retired.append(registration)
    }
  }

  /// Removes the registration `pending` names, if it is still there.
  mutating func remove(_ pending: PendingDelivery) -> ReceiverNode? {
    guard let index = table.index(of: pending.key),
      ObjectIdentifier(table[index].registration) == pending.registration
    else {
      return nil
    }
    return table.remove(at: index)
  }

  /// The first grid instant at or after both `instant` and `now`. A change that came due while a
  /// pass ran thus waits for the next grid instant (all values still flip together), unless that
  /// instant is now.
  ///
  /// Static, taking the origin: called from `rearm`, a non-mutating method of this struct would
  /// be handed a copy of the whole state (every array retained and released) on each call.
  static func gridInstant(atOrAfter instant: Int64, now: Int64, window: Int64, origin gridOrigin: Int64) -> Int64 {
    let target = max(instant, now) - gridOrigin
    let steps = target <= 0 ? 0 : (target - 1) / window + 1
    let (product, overflow) = steps.multipliedReportingOverflow(by: window)
    return overflow ? .max : gridOrigin &+ product
  }

  /// Arms the timer for the earliest change, if it is not already armed as early; disarms it when
  /// nothing can change. Scheduling a dispatch source neither blocks nor calls user code, and doing
  /// it under the lock keeps `armedAt` and the real timer in step.
  mutating func rearm(now: Int64, window: Int64) {
    guard hasTimer, suspendedSince == nil else { return }
    let next: Int64?  // nil: disarm
    if table.isEmpty {
      // Keep the timer until the next grid wakeup finds the table still empty: a registration
      // before then reuses it instead of building a new one.
      let wakeup = Self.gridInstant(atOrAfter: now + 1, now: now, window: window, origin: gridOrigin)
      if let armedAt, armedAt <= wakeup { return }
      next = wakeup
    } else if earliestChange == .max {
      guard armedAt != nil else { return }
      next = nil
    } else {
      let wakeup = Self.gridInstant(atOrAfter: earliestChange, now: now, window: window, origin: gridOrigin)
      if let armedAt, armedAt <= wakeup { return }
      next = wakeup
    }
    armedAt = next
    timer?.schedule(at: next.map(CountdownInstant.init(nanosecondsSinceOrigin:)))
  }

}
