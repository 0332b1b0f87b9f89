import CountdownCore
import CountdownKit
import Foundation

/// The Live Activities of ``CountdownLiveActivities``, as its follower drives them: the app's
/// activities of a countdown, matched by its id's description, told what the app makes of the
/// countdown's dates whenever they move, and ended with it.
struct LiveActivitiesMirror<ID: Hashable & Sendable & CustomStringConvertible, ContentState: Hashable & Sendable>:
  CountdownMirror
{
  let center: any CountdownActivityCenter<ContentState>
  let isFollowed: @Sendable (ID) -> Bool
  let makeContent: @Sendable (ID, CountdownTimerDates, CountdownPhaseWindow?) -> ContentState
  /// How many phases after the current one the window given to `makeContent` holds (0 or more);
  /// `nil`: the app's content takes no window, and none is read.
  let lookAhead: Int?
  /// What begins the countdown id of each of this follower's activities (`namespace/`), or `""`:
  /// every activity of the center is this follower's.
  let prefix: String

  /// The activities are listed before the follower's first call, so the list is of what was
  /// there; it is acted on when it comes, in its turn among the changes.
  static var asksBeforeFollowing: Bool { true }

  func makeMachine(reportsFailures: Bool) -> LiveActivitiesState<ContentState> {
    LiveActivitiesState()
  }

  func askSweep(_ answer: @escaping @Sendable (Result<[CountdownActivitySnapshot], CountdownAlertError>) -> Void) {
    center.activities { listing in answer(.success(listing)) }
  }

  func read(_ keys: [IDKey], sweep: [CountdownActivitySnapshot]?, from countdowns: FollowedCountdowns)
    -> LiveActivitiesState<ContentState>.Reading
  {
    let (sweepKeys, listed) = sweep.map { match($0, on: countdowns) } ?? ([], [])
    var keys = keys
    if !sweepKeys.isEmpty {
      // The queued keys are distinct; the sweep's may repeat them.
      var seen = Set(keys)
      keys += sweepKeys.filter { seen.insert($0).inserted }
    }
    var desired: [(key: IDKey, countdownID: String, desired: LiveActivitiesState<ContentState>.Desired)] = []
    for key in keys {
      guard let id = key.id(as: ID.self) else { continue }
      desired.append((key, countdownID(for: id), self.desired(id, key: key, reading: countdowns)))
    }
    return .init(desired: desired, listed: listed, now: countdowns.clockNow)
  }

  func perform(_ operations: [LiveActivitiesState<ContentState>.Operation], for follower: CountdownFollower<Self>) {
    for operation in operations {
      switch operation {
      case .update(let countdownID, let content, let staleDate):
        center.update(countdownID: countdownID, state: content, staleDate: staleDate)
      case .end(let countdownID, let content, let staleDate, let dismissal):
        center.end(countdownID: countdownID, state: content, staleDate: staleDate, dismissal: dismissal)
      case .endActivity(let activityID, let dismissal):
        center.end(activityID: activityID, dismissal: dismissal)
      }
    }
  }

  /// The countdown id of the activities of `id`: its description, after the namespace's prefix.
  func countdownID(for id: ID) -> String {
    prefix.isEmpty ? id.description : prefix + id.description
  }

  /// The listed activities of this follower's namespace matched with the countdowns of type `ID`
  /// by their countdown ids: the keys of the followed ones, to read with the turn's, and every
  /// activity that is the follower's to reconcile. An activity of another namespace, or of a
  /// countdown that counts but is not followed, is another's, and left out. O(*n*) in the ids of
  /// type `ID`, once.
  private func match(_ listing: [CountdownActivitySnapshot], on countdowns: FollowedCountdowns)
    -> ([IDKey], [LiveActivitiesState<ContentState>.Listed])
  {
    let listing = prefix.isEmpty ? listing : listing.filter { $0.countdownID.hasPrefix(prefix) }
    guard !listing.isEmpty else { return ([], []) }
    let wanted = Set(listing.map(\.countdownID))
    var keys: [String: IDKey] = [:]
    for key in countdowns.idKeys(of: ID.self) {
      guard let id = key.id(as: ID.self) else { continue }
      let countdownID = countdownID(for: id)
      if wanted.contains(countdownID), keys[countdownID] == nil { keys[countdownID] = key }
    }
    var followed: [IDKey] = []
    var listed: [LiveActivitiesState<ContentState>.Listed] = []
    for activity in listing {
      let key = keys[activity.countdownID]
      if let key, let id = key.id(as: ID.self) {
        guard isFollowed(id) else { continue }
        followed.append(key)
      }
      listed.append(.init(activityID: activity.id, countdown: key, isStale: activity.isStale))
    }
    return (followed, listed)
  }

  /// What the activity of `id` (whose key is `key`) should show now, its countdown read from `countdowns` (with its
  /// window, if the app's content takes one); calls the app's content.
  func desired(_ id: ID, key: IDKey, reading countdowns: FollowedCountdowns) -> LiveActivitiesState<ContentState>.Sent?
  {
    guard let lookAhead else { return desired(id, countdowns.idPhase(of: key).phase, window: nil) }
    let read = countdowns.idPhase(of: key, windowLookAhead: lookAhead)
    return desired(id, read.phase, window: read.window)
  }

  /// What the activity of `id` should show for a countdown in `phase`, with `window` if it is in
  /// phases (calls the app's content). Running, it is stale from its end, the window's current
  /// phase's too: the system draws the content again then (`context.isStale`), and a view that
  /// draws ``CountdownKit/CountdownPhaseWindow/phase(at:)`` shows the next phase of the window.
  func desired(
    _ id: ID, _ phase: IDPhase, window: CountdownPhaseWindow?
  ) -> LiveActivitiesState<ContentState>.Sent? {
    switch phase {
    case .running(let dates, let deadline):
      let staleDate = dates.timerInterval.upperBound
      return LiveActivitiesState.Sent(
        state: makeContent(id, dates, window), staleDate: staleDate, deadline: deadline.nanosecondsSinceOrigin,
        dates: dates)
    case .frozen(let dates):
      return LiveActivitiesState.Sent(
        state: makeContent(id, dates, window), staleDate: nil, deadline: nil, dates: dates)
    case .gone: return nil
    }
  }
}
