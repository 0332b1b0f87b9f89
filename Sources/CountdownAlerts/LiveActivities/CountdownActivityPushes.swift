import CountdownKit
import Foundation

/// The app's half of the pushes that keep its Live Activities of countdowns in phases right while
/// it is suspended: for each countdown in phases whose activity has a push token, the id, the
/// token and the countdown's snapshot, handed to the app at every change its server needs, for the
/// app to post to its server (which follows them with ``CountdownKit/CountdownPushScheduler``).
///
/// ```swift
/// // At launch, beside the activities (keep both for as long as the app runs):
/// let (updates, continuation) = AsyncStream.makeStream(of: CountdownActivityPushUpdate<String>.self)
/// let pushes = CountdownActivityPushes(following: activities) { continuation.yield($0) }
/// Task {  // posted one at a time, in the order they came: a stop never overtakes its follow
///   for await update in updates { try? await server.post(update) }  // the app's own request
/// }
/// ```
///
/// The app requests its activity with push (`Activity.request(attributes:content:pushType: .token)`,
/// or `LiveActivityCenter.request(attributes:state:staleDate:)`); the activities' center tells each token
/// the system issues (``CountdownActivityCenter/observePushTokens(_:)``). `handOver` is then
/// called:
/// - with ``CountdownActivityPushUpdate/Change/follow`` when a countdown in phases has a token for
///   the first time (its activity's first token, or a start once it has one), and at each change
///   of the app's that moves the dates of its pushes: a pause, a resume, a skip, a restart, going
///   back, a seek, time added or taken, a new start or restore under the id;
/// - with ``CountdownActivityPushUpdate/Change/token`` when only the token changed;
/// - with ``CountdownActivityPushUpdate/Change/stop`` when the plan ends, the countdown is
///   cancelled or replaced by one not in phases, or its activities end.
///
/// Nothing is handed over at a tick, nor at a phase end: the pushes laid out from the last snapshot
/// stand for the phases that follow, up to the first phase after which the plan pauses, where
/// they stop, showing it paused, as the plan does. A countdown that
/// pauses while suspended (`whileSuspended: .pauses`) is paused while the manager is suspended:
/// it is handed over paused then, and again when the manager resumes. A single countdown, or a
/// count-up, is never handed over.
///
/// `handOver` is called on the thread of the change (the main thread for the app's own calls),
/// or the thread the center tells a token on, one call at a time, in order, with no lock held; it
/// may call the manager. Post from one task, in order (as the sample does): tasks of their own
/// could reorder a `stop` and the `follow` before it. Release the object to stop.
///
/// - Complexity: a change of one countdown in phases costs O(log *p*) (*p* the phases written in
///   its plan) and at most one call of `handOver`; a tick or a phase end, nothing.
public final class CountdownActivityPushes<ID: Hashable & Sendable & Codable & CustomStringConvertible>: Sendable {
  let follower: CountdownFollower<ActivityPushesMirror<ID>>

  /// Starts handing over the countdowns in phases that `activities` follows, each with its
  /// activities' push token (those of its countdown id, ``CountdownLiveActivities/countdownID(for:)``),
  /// as the activities' center tells them.
  ///
  /// - Parameters:
  ///   - activities: The app's Live Activities: their manager, center, namespace and followed ids.
  ///   - handOver: What the app posts to its server; the app's code, called with no lock held.
  public init<ContentState: Hashable & Sendable>(
    following activities: CountdownLiveActivities<ID, ContentState>,
    handOver: @escaping @Sendable (_ update: CountdownActivityPushUpdate<ID>) -> Void
  ) {
    let mirror = activities.follower.mirror
    let center = mirror.center
    follower = CountdownFollower(
      ID.self, manager: activities.follower.manager,
      mirror: ActivityPushesMirror(
        countdownID: { mirror.countdownID(for: $0) }, observeTokens: { center.observePushTokens($0) },
        handOver: handOver),
      clockChanges: NotificationCenter(), isFollowed: mirror.isFollowed, onFailure: nil)
  }
}
