import CountdownKit

/// What a mirror of the countdowns supplies to the ``CountdownFollower`` that drives it: a
/// notification per countdown, an alarm, a Live Activity, a widget's timeline. The follower owns
/// what every mirror shares (its lock, the queue of changes and its drain, the observation of the
/// manager's ids and of the device's clock, the sweep at the start, `retry`, failures); a mirror
/// is its state machine (``MirrorStateMachine``), the system's center behind a protocol, and the
/// steps of a turn that touch the outside:
///
/// 1. ``read(_:sweep:from:)``, with no lock held: the countdowns' phases from the manager (its
///    locks, its clock; an id `isFollowed` rejected reads as gone) and what the app's closures
///    make of them;
/// 2. the state machine's ``MirrorStateMachine/handle(_:)`` of the turn's event, under the
///    follower's lock: a transition that returns the calls to make;
/// 3. ``perform(_:for:)``, with no lock held: each call translated into the center's API (or the
///    manager's, or the app's `onFailure`); what the center answers comes back as an event
///    (``CountdownFollower/send(_:)``).
///
/// A fifth mirror is a folder with these two types, its center's protocol and adapter, its fake,
/// and the public type that holds a follower (`CountdownAlarms`, `CountdownLiveActivities`).
protocol CountdownMirror: Sendable {
  associatedtype Machine: MirrorStateMachine

  /// Whether the center is asked what it holds before the first countdowns are queued, so that a
  /// center that answers at once (a fake) has its answer reconciled before any call: for
  /// systems whose listing is of what was there before the process (alarms, activities).
  /// Otherwise the countdowns are queued first, and the sweep removes only what none wants.
  static var asksBeforeFollowing: Bool { get }

  /// The state machine a follower starts with; `reportsFailures`: whether the app hears of
  /// failures (a machine need not work out what to report if not).
  func makeMachine(reportsFailures: Bool) -> Machine

  /// Starts observing what the system changes by itself (the person stops an alarm, the app
  /// leaves the foreground), before the follower's first call; what it hears goes to the
  /// follower as events (``CountdownFollower/send(_:)``).
  ///
  /// - Returns: What stops the observation, called when the follower goes.
  func observeSystem(for follower: CountdownFollower<Self>) -> (@Sendable () -> Void)?

  /// Asks the center what it holds of this mirror's, once at the start (and again when the
  /// machine calls for it); `answer` is called on any thread, at once or later, with the failure
  /// when the center could not say; never for a mirror whose system holds nothing to reconcile
  /// (widgets).
  func askSweep(_ answer: @escaping @Sendable (Result<[Machine.Sweep], CountdownAlertError>) -> Void)

  /// A turn's reading of `keys` (and of the countdowns the `sweep` names, when it came this
  /// turn), made with no lock held. Read each phase from `countdowns`
  /// (``FollowedCountdowns/idPhase(of:)``), where an id `isFollowed` rejected reads as gone (what
  /// the system holds for it goes; one the machine never knew must cost no center call), and
  /// remake the system's requests of the refreshed ids (``FollowedCountdowns/isRefreshed(_:)``)
  /// where the mirror has content the app may have changed.
  func read(_ keys: [IDKey], sweep: [Machine.Sweep]?, from countdowns: FollowedCountdowns) -> Machine.Reading

  /// Makes `calls`, in order, with no lock held: each one translated into one call of the
  /// center's API (the manager's, the follower's), its answer handed back as an event. Decides
  /// nothing: the machine did.
  func perform(_ calls: [Machine.Call], for follower: CountdownFollower<Self>)
}

extension CountdownMirror {
  /// Nothing: the system changes nothing by itself.
  func observeSystem(for follower: CountdownFollower<Self>) -> (@Sendable () -> Void)? { nil }
}
