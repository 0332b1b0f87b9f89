import CountdownKit

/// The countdowns as one turn of a ``CountdownFollower`` reads them (``CountdownMirror/read(_:sweep:from:)``):
/// the manager's, except that an id `isFollowed` rejected at its change reads as gone, so that
/// whatever the system holds for it is removed rather than stranded; and which ids the app asked
/// to refresh (their system requests are made again even though their dates did not move).
struct FollowedCountdowns {
  let manager: CountdownManager
  /// The ids `isFollowed` rejected when they were queued: read as gone.
  let unfollowed: Set<IDKey>
  /// The ids the app asked to refresh (``CountdownFollower/refresh(_:)``).
  let refreshed: Set<IDKey>

  /// What the countdown of `key` is doing now, as the follower sees it: gone if not followed.
  func idPhase(of key: IDKey) -> (phase: IDPhase, countsOvertime: Bool) {
    if !unfollowed.isEmpty, unfollowed.contains(key) { return (.gone, false) }
    return manager.idPhase(of: key)
  }

  /// The phase ends ahead of `key`'s countdown in phases, at most `limit` of them; `nil` for a
  /// single countdown, none, or an id not followed.
  func idPhaseEnds(of key: IDKey, upcoming limit: Int) -> IDPhaseEnds? {
    if !unfollowed.isEmpty, unfollowed.contains(key) { return nil }
    return manager.idPhaseEnds(of: key, upcoming: limit)
  }

  /// What the countdown of `key` is doing now, whether it counts overtime and, for a countdown in
  /// phases, its phase ends ahead (at most `limit`), read with one look-up of the id: gone, with
  /// none, if not followed.
  func idPhase(
    of key: IDKey, phaseEndsUpcoming limit: Int
  ) -> (phase: IDPhase, countsOvertime: Bool, phaseEnds: IDPhaseEnds?) {
    if !unfollowed.isEmpty, unfollowed.contains(key) { return (.gone, false, nil) }
    return manager.idPhase(of: key, phaseEndsUpcoming: limit)
  }

  /// What the countdown of `key` is doing now, whether it counts overtime and, for a countdown in
  /// phases, the window a Live Activity shows of it (up to `lookAhead` phases after the current
  /// one), read with one look-up of the id: gone, with none, if not followed.
  func idPhase(
    of key: IDKey, windowLookAhead lookAhead: Int
  ) -> (phase: IDPhase, countsOvertime: Bool, window: CountdownPhaseWindow?) {
    if !unfollowed.isEmpty, unfollowed.contains(key) { return (.gone, false, nil) }
    return manager.idPhase(of: key, windowLookAhead: lookAhead)
  }

  /// Which start of `key`'s id its countdown is (the manager's `idStart(of:)`):
  /// `nil` if not followed.
  func idStart(of key: IDKey) -> UInt64? {
    if !unfollowed.isEmpty, unfollowed.contains(key) { return nil }
    return manager.idStart(of: key)
  }

  /// Whether the app asked to refresh the system's requests of `key` this turn.
  func isRefreshed(_ key: IDKey) -> Bool {
    !refreshed.isEmpty && refreshed.contains(key)
  }

  /// Now on the manager's clock, in nanoseconds since its origin.
  var clockNow: Int64 { manager.clockNow }

  /// The ids of type `ID` that have a countdown now, followed or not.
  func idKeys<ID: Hashable & Sendable>(of type: ID.Type) -> [IDKey] {
    manager.idKeys(of: type)
  }
}
