import CountdownKit

/// What a ``CountdownFollower`` keeps behind its lock: its mirror's state machine, the work
/// waiting for the one thread that performs it, and what observes the manager and the clock.
struct FollowerState<Machine: MirrorStateMachine>: Sendable {
  var machine: Machine
  var queue = ChangeQueue<Machine.Sweep>()
  var observation = FollowerObservation()
  /// Stops what the mirror observes of the system (``CountdownMirror/observeSystem(for:)``).
  var stopObservingSystem: (@Sendable () -> Void)?

  /// Work arrived: `keys` changed, the clock changed, or the center said what it held; the keys
  /// the machine reads again come with it.
  ///
  /// - Returns: Whether the caller drains (no one else is).
  mutating func arrived(_ keys: [IDKey], clockChanged: Bool, sweep: [Machine.Sweep]?) -> Bool {
    let drains = queue.arrived(keys, clockChanged: clockChanged, sweep: sweep)
    let alsoRead = machine.alsoRead(clockChanged: clockChanged)
    // Queued after the keys (no array of both is made for a change): the caller drains them too.
    if !alsoRead.isEmpty { _ = queue.arrived(alsoRead) }
    return drains
  }
}
