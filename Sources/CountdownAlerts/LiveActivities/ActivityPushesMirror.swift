import CountdownKit
import Foundation

/// The push server's side of ``CountdownLiveActivities``, as the follower of ``CountdownActivityPushes``
/// drives it: each countdown in phases with an activity that has a push token is handed to the
/// app, with its snapshot, whenever the schedule of its pushes moves or its token changes, and
/// the word to stop when it goes.
struct ActivityPushesMirror<ID: Hashable & Sendable & Codable & CustomStringConvertible>: CountdownMirror {
  /// The activities' countdown id of `id` (``CountdownLiveActivities/countdownID(for:)``).
  let countdownID: @Sendable (ID) -> String
  /// The center's ``CountdownActivityCenter/observePushTokens(_:)``.
  let observeTokens: @Sendable (@escaping @Sendable (CountdownActivityPushToken) -> Void) -> @Sendable () -> Void
  /// The app's code: called with no lock held.
  let handOver: @Sendable (CountdownActivityPushUpdate<ID>) -> Void

  /// The center holds nothing to reconcile.
  static var asksBeforeFollowing: Bool { false }

  func makeMachine(reportsFailures: Bool) -> ActivityPushesState<ID> {
    ActivityPushesState()
  }

  func observeSystem(for follower: CountdownFollower<Self>) -> (@Sendable () -> Void)? {
    observeTokens { [weak follower] told in
      follower?.send(.token(activityID: told.activityID, countdownID: told.countdownID, token: told.hexString))
    }
  }

  func askSweep(_ answer: @escaping @Sendable (Result<[Never], CountdownAlertError>) -> Void) {}

  func read(_ keys: [IDKey], sweep: [Never]?, from countdowns: FollowedCountdowns) -> ActivityPushesState<ID>.Reading {
    var read: [(key: IDKey, id: ID, countdownID: String, now: ActivityPushesState<ID>.Now?)] = []
    for key in keys {
      guard let id = key.id(as: ID.self) else { continue }
      read.append((key, id, countdownID(id), now(of: key, from: countdowns)))
    }
    return .init(read: read)
  }

  /// What the countdown in phases of `key` is now: its schedule read first, then its snapshot, so
  /// that a change made between the two reads (heard, and read again, by the next turn) is handed
  /// over then with the snapshot that has it. `nil` for one gone, or not in phases.
  private func now(of key: IDKey, from countdowns: FollowedCountdowns) -> ActivityPushesState<ID>.Now? {
    let (phase, _, phaseEnds) = countdowns.idPhase(of: key, phaseEndsUpcoming: 0)
    guard let phaseEnds, let shown = ScheduleShown.of(phase, phaseEnds),
      let snapshot = countdowns.manager.phaseSnapshot(of: key, as: ID.self)
    else { return nil }
    return .init(shown: shown, snapshot: snapshot)
  }

  func perform(_ calls: [ActivityPushesState<ID>.Call], for follower: CountdownFollower<Self>) {
    for call in calls {
      switch call {
      case .handOver(let update): handOver(update)
      case .read(let keys): follower.enqueue(keys)
      }
    }
  }
}
