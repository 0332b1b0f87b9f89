import CountdownKit

/// A mirror's state, kept behind its follower's lock: a value type whose whole behaviour is one
/// function of its state and an event, ``handle(_:)``, returning the calls to make rather than
/// making them (as swift-async-algorithms' `DebounceStateMachine` returns its actions). None calls
/// code that is not the package's own (the ids' `Hashable` aside), reads a clock, or releases what
/// could run a deinit: what it needs of the outside (the time, the center's answers, what the
/// person did) comes in the event, read by the follower or the mirror with no lock held.
///
/// So each machine can be tested as a table: a state, an event, the calls.
protocol MirrorStateMachine: Sendable {
  /// What a turn reads with no lock held.
  associatedtype Reading
  /// Every input of the machine: a turn's reading, what the center answered or failed, what the
  /// person or the system did.
  associatedtype Event
  /// One call the machine asks for: on the center, on the manager, or a failure to report.
  associatedtype Call
  /// What the center said it held at the start, as much as the mirror keeps.
  associatedtype Sweep: Sendable

  /// The event of one turn of the drain: the reading, whether the device's clock changed (a
  /// re-sync), and what the center held at the start when it said so this turn.
  static func turn(_ reading: Reading, clockChanged: Bool, sweep: [Sweep]?) -> Event

  /// The event of the center's failing to say what it held (``CountdownMirror/askSweep(_:)``),
  /// for a machine that keeps it; `nil` (the default): the follower reports it.
  static func sweepFailed(_ error: CountdownAlertError) -> Event?

  /// Whether the machine tells a run-out from a cancel (``changed(_:ranOut:)``); `false` (the
  /// default): the follower makes no event of a change.
  static var hearsRunOuts: Bool { get }

  /// Whether a change must be told now (``changed(_:ranOut:)``) even if it is not a run-out: the
  /// machine remembers run-outs that a later change undoes. `false` by default.
  var remembersRunOuts: Bool { get }

  /// The event of a change of the followed `keys` (`ranOut`: by running out, their `0`), told
  /// under the lock that queues them, for a machine that ``hearsRunOuts``, when it is a run-out or
  /// the machine ``remembersRunOuts``; `nil` (the default) for the others. It makes no call.
  static func changed(_ keys: [IDKey], ranOut: Bool) -> Event?

  /// Whether the machine hears phase ends (``phaseEnded(_:)``): its follower then observes them, and
  /// reads the ids again at each. `false` (the default): a phase end is nothing to it, and what it
  /// read of a countdown in phases stays as it was until the id's next change.
  static var hearsPhaseEnds: Bool { get }

  /// The event of the followed `keys`' countdowns in phases moving on to their next phase (one or
  /// more phase ends delivered, the plan not ended), told under the lock that queues them to be
  /// read, for a machine that ``hearsPhaseEnds``; `nil` (the default) for the others. It makes no
  /// call: the turn that reads them does.
  static func phaseEnded(_ keys: [IDKey]) -> Event?

  /// The event of the manager's suspending its ticking (`suspended`) or resuming it: the app left
  /// the foreground or came back, for a manager that follows its lifecycle. `nil` (the default): the
  /// machine does not hear it, and the follower does not observe it.
  static func managerSuspended(_ suspended: Bool) -> Event?

  /// The ids to read with any work that arrives, besides the ids that changed: those whose calls
  /// failed (tried again), and, after a change of the device's clock, those whose system dates
  /// must be told again. A query: it changes nothing.
  func alsoRead(clockChanged: Bool) -> [IDKey]

  /// The machine's one transition: `event` changes the state, and the calls returned bring the
  /// system in step, in order.
  mutating func handle(_ event: Event) -> [Call]

  /// `handle` of the turn's event (``turn(_:clockChanged:sweep:)``), the reading handed over
  /// without wrapping it in the event: the drain's path at every change, in the follower's code,
  /// which runs unspecialized, where a generic event's payload is copied through its metadata.
  mutating func handleTurn(_ reading: Reading, clockChanged: Bool, sweep: [Sweep]?) -> [Call]
}

extension MirrorStateMachine {
  static func sweepFailed(_ error: CountdownAlertError) -> Event? { nil }

  static var hearsRunOuts: Bool { false }

  var remembersRunOuts: Bool { false }

  static func changed(_ keys: [IDKey], ranOut: Bool) -> Event? { nil }

  static func managerSuspended(_ suspended: Bool) -> Event? { nil }

  static var hearsPhaseEnds: Bool { false }

  static func phaseEnded(_ keys: [IDKey]) -> Event? { nil }
}
