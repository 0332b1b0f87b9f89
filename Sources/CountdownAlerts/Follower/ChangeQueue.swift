import CountdownKit

/// The work a follower's changes leave for the one thread that performs it, kept behind the
/// follower's lock: the ids that changed (each once, in the order they changed), which of them
/// `isFollowed` rejected at their latest change and which the app asked to refresh, whether the
/// device's clock changed, and what the system's center said it held at the start (a mirror's
/// `Sweep`: its requests, alarms or activities).
///
/// Changes are queued by whatever thread made them; the first to find no one draining drains:
/// it takes the work a turn at a time, reads the countdowns' phases and calls the center with the
/// lock released, until nothing is queued. So a follower's state and its center calls change on
/// one thread at a time, in order, and a phase is always read after the change that queued it.
///
/// Not generic: its follower's code runs unspecialized (each mirror's id type is the app's), where
/// a generic queue's type would be looked up at run time at every change.
struct ChangeQueue: Sendable {
  /// What one turn of the drain does.
  struct Work: Sendable {
    /// The ids whose phase to read, each once, in the order they changed.
    var keys: [IDKey]
    /// The keys `isFollowed` rejected at their latest change: read as gone.
    var unfollowed: Set<IDKey>
    /// The keys the app asked to refresh.
    var refreshed: Set<IDKey>
    /// Whether the device's clock changed.
    var clockChanged: Bool
    /// What the center held at the start, to reconcile (of the mirror's `Sweep` type); `nil`
    /// when it did not say so this turn.
    var sweep: [any Sendable]?
  }

  private var queued: [IDKey] = []
  private var queuedSet: Set<IDKey> = []
  private var unfollowed: Set<IDKey> = []
  private var refreshed: Set<IDKey> = []
  private var isDraining = false
  private var clockChanged = false
  private var sweep: [any Sendable]?

  /// Work arrived: `keys` changed (followed; `unfollowed`, those `isFollowed` rejected), the app
  /// asked to refresh `keys` (`refreshed`), the clock changed, or the center said what it held. A
  /// key's latest change counts: followed after rejected is followed.
  ///
  /// - Returns: Whether the caller drains (no one else is).
  mutating func arrived(
    _ keys: [IDKey], unfollowed rejected: [IDKey] = [], refreshed isRefresh: Bool = false,
    clockChanged: Bool = false, sweep: [any Sendable]? = nil
  ) -> Bool {
    for key in keys {
      if queuedSet.insert(key).inserted { queued.append(key) }
      if !unfollowed.isEmpty { unfollowed.remove(key) }
      if isRefresh { refreshed.insert(key) }
    }
    for key in rejected {
      if queuedSet.insert(key).inserted { queued.append(key) }
      unfollowed.insert(key)
    }
    self.clockChanged = self.clockChanged || clockChanged
    if let sweep { self.sweep = (self.sweep ?? []) + sweep }
    guard !isDraining else { return false }
    isDraining = true
    return true
  }

  /// The drain's next turn; `nil` when nothing is queued, and the drain ends.
  mutating func takeWork() -> Work? {
    guard !queued.isEmpty || clockChanged || sweep != nil else {
      isDraining = false
      return nil
    }
    defer { (queued, queuedSet, unfollowed, refreshed, clockChanged, sweep) = ([], [], [], [], false, nil) }
    return Work(keys: queued, unfollowed: unfollowed, refreshed: refreshed, clockChanged: clockChanged, sweep: sweep)
  }

  /// Queues `keys` to be read again (what the state machine asks for), leaving what their latest
  /// change was as it is.
  mutating func readAgain(_ keys: [IDKey]) {
    for key in keys where queuedSet.insert(key).inserted {
      queued.append(key)
    }
  }
}
