import CountdownKit

/// What a mirror of the countdowns supplies to the ``CountdownFollower`` that drives it: a
/// notification per countdown, an alarm, a Live Activity, a widget's timeline. The follower owns
/// what every mirror shares (its lock, the queue of changes and its drain, the observation of the
/// manager's ids and of the device's clock, the sweep at the start, `retry`, failures); a mirror
/// is its state machine (``MirrorStateMachine``), the system's center behind a protocol, and the
/// three steps of a turn that touch the outside:
///
/// 1. ``read(_:sweep:from:)``, with no lock held: the countdowns' phases from the manager (its
///    locks, its clock; an id `isFollowed` rejected reads as gone) and what the app's closures
///    make of them;
/// 2. the state machine's ``MirrorStateMachine/apply(_:clockChanged:sweep:)``, under the
///    follower's lock: a transition that returns the calls to make;
/// 3. ``perform(_:for:)``, with no lock held: the calls on the center, whose failures come back
///    through the follower (``CountdownFollower/update(_:)``, ``CountdownFollower/report(_:)``).
///
/// A fourth mirror is a folder with these two types, its center's protocol and adapter, its fake,
/// and the public type that holds a follower (`CountdownAlarms`, `CountdownLiveActivities`).
protocol CountdownMirror: Sendable {
  associatedtype Machine: MirrorStateMachine

  /// Whether the center is asked what it holds before the first countdowns are queued, so that a
  /// center that answers at once (a fake) has its answer reconciled before any call: for
  /// systems whose listing is of what was there before the process (alarms, activities).
  /// Otherwise the countdowns are queued first, and the sweep removes only what none wants.
  static var asksBeforeFollowing: Bool { get }

  /// The state machine a follower starts with.
  func makeMachine() -> Machine

  /// Starts observing what the system changes by itself (the person stops an alarm, the app
  /// leaves the foreground), before the follower's first call.
  ///
  /// - Returns: What stops the observation, called when the follower goes.
  func observeSystem(for follower: CountdownFollower<Self>) -> (@Sendable () -> Void)?

  /// Asks the center, once at the start, what it holds of this mirror's; `answer` is called on
  /// any thread, at once or later, with the failure to report when the center could not say; never
  /// for a mirror whose system holds nothing to reconcile (widgets).
  func askSweep(_ answer: @escaping @Sendable (Result<[Machine.Sweep], CountdownAlertError>) -> Void)

  /// A turn's reading of `keys` (and of the countdowns the `sweep` names, when it came this
  /// turn), made with no lock held. Read each phase from `countdowns`
  /// (``FollowedCountdowns/idPhase(of:)``), where an id `isFollowed` rejected reads as gone (what
  /// the system holds for it goes; one the machine never knew must cost no center call), and
  /// remake the system's requests of the refreshed ids (``FollowedCountdowns/isRefreshed(_:)``)
  /// where the mirror has content the app may have changed.
  func read(_ keys: [IDKey], sweep: [Machine.Sweep]?, from countdowns: FollowedCountdowns) -> Machine.Reading

  /// Makes the calls of a turn, in order, with no lock held.
  func perform(_ calls: Machine.Calls, for follower: CountdownFollower<Self>)
}

/// A mirror's state, kept behind its follower's lock: a value type whose transitions are methods
/// named for their events, each returning what to do rather than doing it (none calls code that is
/// not the package's own, the ids' `Hashable` aside, nor releases what could run a deinit).
protocol MirrorStateMachine: Sendable {
  /// What a turn reads with no lock held.
  associatedtype Reading
  /// The calls a turn makes on the center.
  associatedtype Calls
  /// What the center said it held at the start, as much as the mirror keeps.
  associatedtype Sweep: Sendable

  /// The ids to read with any work that arrives, besides the ids that changed: those whose calls
  /// failed (tried again), and, after a change of the device's clock, those whose system dates
  /// must be told again.
  mutating func alsoRead(clockChanged: Bool) -> [IDKey]

  /// The transition of one turn: the reading, whether the device's clock changed, and what the
  /// center held at the start when it said so this turn.
  mutating func apply(_ reading: Reading, clockChanged: Bool, sweep: [Sweep]?) -> Calls
}

extension CountdownMirror {
  /// Nothing: the system changes nothing by itself.
  func observeSystem(for follower: CountdownFollower<Self>) -> (@Sendable () -> Void)? { nil }
}
