import CountdownCore
import CountdownKit
import Foundation

/// Follows a manager's countdowns of one id type for a mirror (``CountdownMirror``): observes
/// the ids' changes and what may have moved the device's clock, queues them, and drains the queue
/// on one thread at a time, each turn read with no lock held, handed to the mirror's state machine
/// under the lock, and its calls performed on the system's center with no lock held. So the center
/// hears the changes in order, and a phase is always read after the change that queued it.
///
/// The machine's one caller, as swift-async-algorithms' `DebounceStorage` is its state machine's:
/// every input is an event (``send(_:)``, the drain's turns), the calls it returns are performed
/// after the lock; the public types' queries read it through ``read(_:)``.
///
/// Held by the public follower of each mirror; the observers hold it weakly, so releasing that
/// ends the observation (in its `deinit`).
///
/// `@unchecked Sendable`: ``machine`` is read and changed only inside `state.withLock`, under
/// `state`'s lock; every other stored property is a `let` of a `Sendable` type.
final class CountdownFollower<Mirror: CountdownMirror>: @unchecked Sendable {
  let manager: CountdownManager
  let mirror: Mirror
  private let onFailure: (@Sendable (CountdownAlertError) -> Void)?
  /// Splits keys into those of followed ids and the others (the app's `isFollowed`, asked with
  /// no lock held).
  private let split: @Sendable ([IDKey]) -> (followed: [IDKey], unfollowed: [IDKey])
  private let state: LockedState<FollowerState>
  /// The mirror's state machine, guarded by `state`'s lock: kept out of ``FollowerState`` so that
  /// the lock's value is of a type the compiler knows, where the follower's code runs unspecialized
  /// (a generic one's type would be looked up at run time, at each of a change's three locks).
  private var machine: Mirror.Machine
  /// ``MirrorStateMachine/hearsRunOuts``, read once: the follower's code runs unspecialized, where
  /// each use of the machine's type looks its conformance up.
  private let hearsRunOuts: Bool

  /// Starts following the countdowns of ids of type `ID` on `manager` that `isFollowed` accepts.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids followed.
  ///   - manager: The manager whose countdowns are followed.
  ///   - mirror: What the countdowns are mirrored in.
  ///   - clockChanges: Where what may have moved the device's clock is posted
  ///     (``FollowerObservation/resyncNames``).
  ///   - isFollowed: Which ids are followed; the app's code, asked with no lock held.
  ///   - onFailure: Told, on any thread, what the center refused (``report(_:)``).
  init<ID: Hashable & Sendable & CustomStringConvertible>(
    _ idType: ID.Type, manager: CountdownManager, mirror: Mirror, clockChanges: NotificationCenter,
    isFollowed: @escaping @Sendable (ID) -> Bool, onFailure: (@Sendable (CountdownAlertError) -> Void)?
  ) {
    self.manager = manager
    self.mirror = mirror
    self.onFailure = onFailure
    split = { keys in FollowerObservation.split(keys, of: ID.self, isFollowed: isFollowed) }
    machine = mirror.makeMachine(reportsFailures: onFailure != nil)
    hearsRunOuts = Mirror.Machine.hearsRunOuts
    state = LockedState(FollowerState(wallClockAhead: manager.wallClockAhead))
    // Observed only for a machine that hears the manager's suspensions.
    var hearsSuspensions: (@Sendable (Bool) -> Void)?
    if Mirror.Machine.managerSuspended(true) != nil {
      hearsSuspensions = { [weak self] suspended in self?.managerSuspended(suspended) }
    }
    // Observed only for a machine that hears phase ends.
    var hearsPhaseEnds: (@Sendable ([IDKey]) -> Void)?
    if Mirror.Machine.hearsPhaseEnds {
      hearsPhaseEnds = { [weak self] keys in self?.phasesEnded(keys) }
    }
    let observation = FollowerObservation(
      ID.self, manager: manager, clockChanges: clockChanges, isFollowed: isFollowed,
      idsChanged: { [weak self] followed, unfollowed, ranOut in
        self?.changed(followed, unfollowed: unfollowed, ranOut: ranOut)
      },
      clockChanged: { [weak self] in self?.clockMayHaveMoved() },
      suspended: hearsSuspensions, phasesEnded: hearsPhaseEnds)
    state.withLock { $0.observation = observation }
    let stopObservingSystem = mirror.observeSystem(for: self)
    state.withLock { $0.stopObservingSystem = stopObservingSystem }
    // What counts already (restored before the follower was made) is followed from now on; the
    // machine knows nothing yet of the ids `isFollowed` rejects.
    let followed = split(manager.idKeys(of: ID.self)).followed
    if Mirror.asksBeforeFollowing {
      mirror.askSweep { [weak self] sweep in self?.swept(sweep) }
      enqueue(followed)
    } else {
      enqueue(followed)
      mirror.askSweep { [weak self] sweep in self?.swept(sweep) }
    }
  }

  deinit {
    let (observation, stopObservingSystem) = state.withLock { ($0.observation.take(), $0.stopObservingSystem.take()) }
    observation.end(on: manager)
    stopObservingSystem?()
  }

  /// The countdowns of `keys` changed (`unfollowed`: of ids `isFollowed` rejected; `ranOut`: by
  /// running out, their `0`): the machine that hears it is told so under the lock that queues them
  /// (``MirrorStateMachine/changed(_:ranOut:)``), so that the turn that reads them knows.
  private func changed(_ keys: [IDKey], unfollowed: [IDKey], ranOut: Bool) {
    let drains = state.withLock { state in
      let alsoRead = Self.changed(keys, ranOut: ranOut, in: &machine, hearsRunOuts: hearsRunOuts)
      return state.arrived(
        keys, unfollowed: unfollowed, refreshed: false, clockChanged: false, sweep: nil, alsoRead: alsoRead)
    }
    if drains { drain() }
  }

  /// The countdowns in phases of `keys` moved on to their next phase: the machine is told so under
  /// the lock that queues them (``MirrorStateMachine/phaseEnded(_:)``), and the turn reads them.
  private func phasesEnded(_ keys: [IDKey]) {
    let drains = state.withLock { state in
      if let event = Mirror.Machine.phaseEnded(keys) {
        // Such an event makes no call.
        _ = machine.handle(event)
      }
      return state.arrived(
        keys, unfollowed: [], refreshed: false, clockChanged: false, sweep: nil,
        alsoRead: Self.alsoRead(of: &machine, clockChanged: false))
    }
    if drains { drain() }
  }

  /// Tells `machine` of a change of `keys`, if it hears it (``changed(_:unfollowed:ranOut:)``),
  /// and returns the ids it reads again besides (``MirrorStateMachine/alsoRead(clockChanged:)``).
  /// `machine` comes `inout` so that its queries read it in place: one of the class's stored
  /// property, whose type the follower's unspecialized code does not know, copies the whole
  /// machine first (every table retained, then released).
  private static func changed(
    _ keys: [IDKey], ranOut: Bool, in machine: inout Mirror.Machine, hearsRunOuts: Bool
  ) -> [IDKey] {
    if hearsRunOuts, ranOut || machine.remembersRunOuts, !keys.isEmpty {
      tell(keys, ranOut: ranOut, to: &machine)
    }
    return machine.alsoRead(clockChanged: false)
  }

  /// Hands `machine` the event of a change of `keys` (``MirrorStateMachine/changed(_:ranOut:)``).
  /// A function of its own: the event's optional, of a type the follower's unspecialized code looks
  /// up at run time, is made only for a change the machine hears.
  private static func tell(_ keys: [IDKey], ranOut: Bool, to machine: inout Mirror.Machine) {
    guard let event = Mirror.Machine.changed(keys, ranOut: ranOut) else { return }
    // Such an event makes no call.
    _ = machine.handle(event)
  }

  /// ``MirrorStateMachine/alsoRead(clockChanged:)`` of `machine`, read in place (see
  /// ``changed(_:ranOut:in:hearsRunOuts:)``).
  private static func alsoRead(of machine: inout Mirror.Machine, clockChanged: Bool) -> [IDKey] {
    machine.alsoRead(clockChanged: clockChanged)
  }

  /// Queues the work and drains, unless another thread is draining (it takes this work too).
  ///
  /// - Parameters:
  ///   - keys: The followed ids to read (that changed, or that the machine reads again).
  ///   - unfollowed: The ids that changed which `isFollowed` rejected: read as gone.
  ///   - refreshed: Whether the app asked to refresh `keys` (``refresh(_:)``).
  ///   - clockChanged: Whether the device's clock changed.
  ///   - sweep: What the center held at the start, when it said so.
  func enqueue(
    _ keys: [IDKey], unfollowed: [IDKey] = [], refreshed: Bool = false, clockChanged: Bool = false,
    sweep: [Mirror.Machine.Sweep]? = nil
  ) {
    let drains = state.withLock { state in
      state.arrived(
        keys, unfollowed: unfollowed, refreshed: refreshed, clockChanged: clockChanged, sweep: sweep,
        alsoRead: Self.alsoRead(of: &machine, clockChanged: clockChanged))
    }
    if drains { drain() }
  }

  /// Hands `event` to the mirror's state machine under the lock, and performs the calls it returns
  /// with no lock held, on this thread: what the center answered or failed, what the person or the
  /// system did, what the app asked. The one way into the machine besides the drain's turns.
  func send(_ event: Mirror.Machine.Event) {
    // The calls are not the lock's result, nor asked whether they are none: in the follower's
    // unspecialized code either looks their array's type up at run time; the mirror's loop does
    // nothing for none.
    var calls: [Mirror.Machine.Call] = []
    state.withLock { _ in calls = machine.handle(event) }
    mirror.perform(calls, for: self)
  }

  /// What `body` reads of the mirror's state machine, under the lock, changing nothing: for the
  /// public types' queries (what is pending, what is kept). `body` is the package's own code.
  func read<Result>(_ body: (borrowing Mirror.Machine) -> Result) -> Result {
    state.withLock { _ in body(machine) }
  }

  /// Asks `isFollowed` again for `keys` and reads them again: a followed one's system requests
  /// are made again with what the app's closures say now, even though its dates did not move; a
  /// rejected one's are removed. Keys of other id types are ignored.
  func refresh(_ keys: [IDKey]) {
    let (followed, unfollowed) = split(keys)
    guard !followed.isEmpty || !unfollowed.isEmpty else { return }
    enqueue(followed, unfollowed: unfollowed, refreshed: true)
  }

  /// The device's clock may have changed, or the app comes back to the foreground: a re-sync,
  /// if the device's clock moved against the manager's since the last one (each posted name of a
  /// burst, and a return with the clock where it was, would otherwise add every request again).
  private func clockMayHaveMoved() {
    let ahead = manager.wallClockAhead
    guard state.withLock({ $0.clockMoved(wallClockAhead: ahead) }) else { return }
    enqueue([], clockChanged: true)
  }

  /// The manager suspended its ticking, or resumed it: the app left the foreground or came back.
  private func managerSuspended(_ suspended: Bool) {
    if let event = Mirror.Machine.managerSuspended(suspended) { send(event) }
  }

  /// Tries again what the center refused, and reads again what the machine asks to.
  func retry() {
    enqueue([])
  }

  /// Tells the app that the center refused something (``CountdownAlertError``), with no lock held.
  func report(_ error: CountdownAlertError) {
    onFailure?(error)
  }

  /// The center said what it held, or could not (the machine hears that, if it keeps it, else the
  /// app does).
  func swept(_ answer: Result<[Mirror.Machine.Sweep], CountdownAlertError>) {
    switch answer {
    case .success(let sweep): enqueue([], sweep: sweep)
    case .failure(let error):
      if let event = Mirror.Machine.sweepFailed(error) { send(event) } else { report(error) }
    }
  }

  /// Performs the queued work, one turn at a time, until none is left.
  private func drain() {
    while let work = state.withLock({ $0.queue.takeWork() }) {
      let sweep = work.sweep?.compactMap { $0 as? Mirror.Machine.Sweep }
      let countdowns = FollowedCountdowns(manager: manager, unfollowed: work.unfollowed, refreshed: work.refreshed)
      let reading = mirror.read(work.keys, sweep: sweep, from: countdowns)
      // The turn's event (``MirrorStateMachine/handleTurn(_:clockChanged:sweep:)``).
      // Not the lock's result, and performed even if none (see ``send(_:)``).
      var calls: [Mirror.Machine.Call] = []
      state.withLock { _ in calls = machine.handleTurn(reading, clockChanged: work.clockChanged, sweep: sweep) }
      mirror.perform(calls, for: self)
    }
  }
}
