import CountdownKit
import Foundation

/// The state machine of ``CountdownLiveActivities`` (``LiveActivitiesMirror``), behind its
/// follower's lock: the last content sent for each followed countdown, and which of the countdowns
/// that changed ran out. Its whole behaviour is ``handle(_:)``.
struct LiveActivitiesState<ContentState: Hashable & Sendable>: MirrorStateMachine {
  /// A turn's reading: what each countdown's activities should show, the activities listed at the
  /// start matched with the countdowns (when the center said so this turn), at `now` on the
  /// manager's clock.
  struct Reading {
    var desired: [(key: IDKey, countdownID: String, desired: Desired)]
    var listed: [Listed]
    var now: Int64
  }

  /// Every input of the machine.
  enum Event {
    /// A turn of the drain: the reading, and whether it re-syncs after a change of the device's
    /// clock (or a return to the foreground).
    case turn(Reading, clockChanged: Bool)
    /// The countdowns of `keys` changed: by running out (their `0` came, early if time was taken
    /// past their end), or otherwise (a start after a run-out, say). Makes no call.
    case changed([IDKey], ranOut: Bool)
  }

  /// One call on the center.
  typealias Call = Operation

  /// What the activities of one countdown were last told.
  struct Sent: Equatable, Sendable {
    var state: ContentState
    var staleDate: Date?
    /// The countdown's deadline on the manager's clock while it ran; `nil` while frozen.
    var deadline: Int64?
    /// The dates `state` was made from.
    var dates: CountdownTimerDates

    /// How far apart two readings of the same moment may be: the wall clock and the manager's
    /// are read one after the other, so the same end reads a few microseconds apart.
    static var sameMomentTolerance: TimeInterval { 0.1 }

    /// Whether an activity showing this shows what `other` would: running to the same deadline
    /// with the same end date, or frozen with the same time left (the system shows a frozen
    /// activity's time left, which a change of the clock does not move), each within
    /// ``sameMomentTolerance``.
    func showsTheSameMoment(as other: Sent) -> Bool {
      guard deadline == other.deadline else { return false }
      let (mine, theirs) = (dates.timerInterval.upperBound, other.dates.timerInterval.upperBound)
      guard let paused = dates.pauseTime, let otherPaused = other.dates.pauseTime else {
        return dates.pauseTime == nil && other.dates.pauseTime == nil
          && abs(mine.timeIntervalSince(theirs)) < Self.sameMomentTolerance
      }
      let left = mine.timeIntervalSince(paused)
      return abs(left - theirs.timeIntervalSince(otherPaused)) < Self.sameMomentTolerance
    }
  }

  /// What one countdown's activities should show now; `nil`: the countdown went.
  typealias Desired = Sent?

  /// One call on the center.
  enum Operation: Equatable, Sendable {
    case update(countdownID: String, state: ContentState, staleDate: Date?)
    case end(countdownID: String, state: ContentState, staleDate: Date?, dismissal: CountdownActivityDismissal)
    /// Ends one activity, showing what it shows: one a previous process left.
    case endActivity(activityID: String, dismissal: CountdownActivityDismissal)
  }

  /// An activity the center listed at the start, as the drain matched it with the countdowns.
  struct Listed: Equatable, Sendable {
    var activityID: String
    /// The followed countdown whose id is described by the activity's countdown id; `nil` if no
    /// countdown of the type has it.
    var countdown: IDKey?
    /// Whether its stale date (the end of its countdown, then) had passed when it was listed.
    var isStale: Bool
  }

  private var sent: [IDKey: Sent] = [:]
  /// The countdowns whose latest change was their running out, until a turn reads them gone.
  private var ranOut: Set<IDKey> = []

  /// After a change of the device's clock, the dates of the countdowns whose activities were told
  /// something are read again.
  func alsoRead(clockChanged: Bool) -> [IDKey] {
    clockChanged ? Array(sent.keys) : []
  }

  static func turn(_ reading: Reading, clockChanged: Bool, sweep: [CountdownActivitySnapshot]?) -> Event {
    .turn(reading, clockChanged: clockChanged)
  }

  static var hearsRunOuts: Bool { true }

  /// A countdown in phases moves its activities to its next phase at each phase end the app sees:
  /// the turn that reads it then finds its next phase (a new deadline and stale date, or frozen
  /// where the plan pauses after the phase), and updates them; it ends them only at the plan's
  /// end, a run-out.
  static var hearsPhaseEnds: Bool { true }

  /// Whether a run-out is remembered, which a later change of its key undoes.
  var remembersRunOuts: Bool { !ranOut.isEmpty }

  static func changed(_ keys: [IDKey], ranOut: Bool) -> Event? {
    .changed(keys, ranOut: ranOut)
  }

  mutating func handleTurn(_ reading: Reading, clockChanged: Bool, sweep: [CountdownActivitySnapshot]?) -> [Operation] {
    guard !ranOut.isEmpty else {
      return apply(reading.desired, listed: reading.listed, now: reading.now, resync: clockChanged)
    }
    return applyTellingRunOuts(reading, clockChanged: clockChanged)
  }

  /// ``handleTurn(_:clockChanged:sweep:)`` when run-outs are remembered: a countdown read gone that
  /// ran out has its run-out told; one read running ran out after it was read, and the next turn
  /// reads it gone. Not inlined: its locals' types (of `ContentState`) are looked up at run time
  /// at each entry, where the machine runs unspecialized, and most turns need none of them.
  @inline(never)
  private mutating func applyTellingRunOuts(_ reading: Reading, clockChanged: Bool) -> [Operation] {
    var endedKeys: Set<IDKey> = []
    for (key, _, wanted) in reading.desired where wanted == nil && ranOut.remove(key) != nil {
      endedKeys.insert(key)
    }
    return apply(reading.desired, listed: reading.listed, now: reading.now, ranOut: endedKeys, resync: clockChanged)
  }

  mutating func handle(_ event: Event) -> [Operation] {
    switch event {
    case .turn(let reading, let clockChanged):
      return handleTurn(reading, clockChanged: clockChanged, sweep: nil)
    case .changed(let keys, let isRunOut):
      // A key's latest change counts: a cancel after a run-out is a cancel.
      if isRunOut {
        ranOut.formUnion(keys)
      } else if !ranOut.isEmpty {
        ranOut.subtract(keys)
      }
      return []
    }
  }

  /// The desired contents read for a turn, at `now` on the manager's clock, and the activities
  /// listed at the start (`listed`), if the center said so this turn: their countdowns' keys are
  /// among `desired`. `resync`: the turn reads the countdowns again after a change of the device's
  /// clock (or a return to the foreground), so a countdown that shows the same moment as last sent
  /// (``Sent/showsTheSameMoment(as:)``) is left as it is.
  ///
  /// - Returns: An update for each countdown whose content or stale date changed; an end for
  ///   each that went (ran out if it is among `ranOut` or its deadline had come, else cancelled);
  ///   an end of each listed
  ///   activity whose countdown is gone and was not ended by this turn (ran out if it was stale,
  ///   else cancelled). A listed activity of a running or frozen countdown is in step with the
  ///   updates of its countdown, which reach every activity of it.
  mutating func apply(
    _ desired: [(key: IDKey, countdownID: String, desired: Desired)], listed: [Listed] = [], now: Int64,
    ranOut endedKeys: Set<IDKey> = [], resync: Bool = false
  ) -> [Operation] {
    var operations: [Operation] = []
    // The countdowns this turn ended: their listed activities were ended with them.
    var ended: Set<IDKey> = []
    for (key, countdownID, wanted) in desired {
      if let wanted {
        if resync, let last = sent[key], last.showsTheSameMoment(as: wanted) { continue }
        let last = sent.updateValue(wanted, forKey: key)
        if last?.state != wanted.state || last?.staleDate != wanted.staleDate {
          operations.append(.update(countdownID: countdownID, state: wanted.state, staleDate: wanted.staleDate))
        }
      } else if let last = sent.removeValue(forKey: key) {
        // Its end came (the manager said so, or the deadline last sent passed): shown a while.
        let ranOut = endedKeys.contains(key) || last.deadline.map { $0 <= now } ?? false
        operations.append(
          .end(
            countdownID: countdownID, state: last.state, staleDate: last.staleDate,
            dismissal: ranOut ? .afterEnd : .immediately))
        if !listed.isEmpty { ended.insert(key) }
      }
    }
    for activity in listed {
      if let key = activity.countdown, sent[key] != nil || ended.contains(key) { continue }
      // Its countdown went while no process followed it. Its end instant is gone with it; its
      // stale date, which was that end while it ran, tells whether it came.
      operations.append(
        .endActivity(activityID: activity.activityID, dismissal: activity.isStale ? .afterEnd : .immediately))
    }
    return operations
  }
}
