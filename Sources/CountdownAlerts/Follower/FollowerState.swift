import CountdownKit

/// What a ``CountdownFollower`` keeps behind its lock, besides its mirror's state machine: the work
/// waiting for the one thread that performs it, and what observes the manager and the clock.
///
/// Not generic, as ``ChangeQueue`` is not: the follower's lock is taken three times a change, in
/// code that runs unspecialized.
struct FollowerState: Sendable {
  var queue = ChangeQueue()
  var observation = FollowerObservation()
  /// Stops what the mirror observes of the system (``CountdownMirror/observeSystem(for:)``).
  var stopObservingSystem: (@Sendable () -> Void)?
  /// How far the device's clock was ahead of the manager's at the last re-sync (or the start).
  var wallClockAhead: Double = 0

  /// How far the two clocks may drift apart and still be taken as not moved: they are read one
  /// after the other, microseconds apart, and a clock the system corrects slews slowly.
  static var unmovedClockTolerance: Double { 0.1 }

  /// The clocks may have moved (the device's clock changed, the app comes back): whether they did,
  /// `wallClockAhead` being how far the device's is ahead of the manager's now; if so, that is
  /// kept for the next time.
  mutating func clockMoved(wallClockAhead ahead: Double) -> Bool {
    guard !(abs(ahead - wallClockAhead) < Self.unmovedClockTolerance) else { return false }
    wallClockAhead = ahead
    return true
  }

  /// Work arrived: `keys` changed (`unfollowed` too, which `isFollowed` rejected), the app asked
  /// to refresh `keys`, the clock changed, or the center said what it held; `alsoRead` are the
  /// keys the state machine reads again with it (``MirrorStateMachine/alsoRead(clockChanged:)``).
  ///
  /// - Returns: Whether the caller drains (no one else is).
  mutating func arrived(
    _ keys: [IDKey], unfollowed: [IDKey], refreshed: Bool, clockChanged: Bool, sweep: [any Sendable]?,
    alsoRead: [IDKey]
  ) -> Bool {
    let drains = queue.arrived(
      keys, unfollowed: unfollowed, refreshed: refreshed, clockChanged: clockChanged, sweep: sweep)
    // Queued after the keys (no array of both is made for a change): the caller drains them too.
    if !alsoRead.isEmpty { queue.readAgain(alsoRead) }
    return drains
  }
}
