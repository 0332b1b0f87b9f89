import CountdownCore
public import CountdownKit
public import Foundation

/// Keeps the app's Live Activities in step with a manager's id countdowns: the app maps a
/// countdown's dates (and its own data) to its activity's content; every change that moves the
/// dates updates the activity, and the countdown's end or cancellation ends it.
///
/// ```swift
/// // At launch, after the restore (keep `activities` for as long as the app runs):
/// struct TimerState: Codable, Hashable, Sendable {
///   var range: ClosedRange<Date>
///   var pausedAt: Date?
///   var title: String
/// }
/// let center = FakeActivityCenter<TimerState>()  // LiveActivityCenter where ActivityKit exists
/// let activities = CountdownLiveActivities(String.self, center: center) { id, dates in
///   TimerState(range: dates.timerInterval, pausedAt: dates.pauseTime, title: id.capitalized)
/// }
/// try CountdownManager.shared.start(id: "pizza", for: .seconds(720)) { _, _, _ in }
/// // The app starts its activity (Activity.request) with what the package would show:
/// let content = activities.content(for: "pizza")
/// ```
///
/// The app starts its activities; the package updates them when the dates move, marks them stale
/// from the end, ends them with the countdown, and, at the start, reconciles those a previous
/// process left. The rules are in the article's "A Live Activity kept in step".
///
/// A countdown in phases (``CountdownKit/CountdownManager/start(id:plan:whileSuspended:delivering:_:)``)
/// has one activity for the whole plan, shown the current phase's dates: it is updated at each
/// phase end the app sees (not ended), stale from the phase's end, and ended at the plan's end,
/// as a countdown that runs out. While the app is suspended it runs no code, so the activity
/// stays at the phase it showed, stale from that phase's end, until the app comes back: to roll
/// it to the next phase then, send the update by push (ActivityKit's push token).
///
/// - Complexity: a change of one countdown costs O(1) work and at most one center call; the
///   reconciling at the start, O(*n*) once in the number of ids of type `ID`, and one call per
///   activity it ends.
public final class CountdownLiveActivities<
  ID: Hashable & Sendable & CustomStringConvertible, ContentState: Hashable & Sendable
>:
  Sendable
{
  let follower: CountdownFollower<LiveActivitiesMirror<ID, ContentState>>

  /// The part of the activities' countdown ids that tells this follower's activities from those
  /// of other followers of the same activity type; `nil`: every activity of the center is this
  /// follower's.
  public let namespace: String?

  /// Starts following the countdowns of ids of type `ID` on `manager`, every activity of `center`
  /// standing for one of them (its countdown id is the id, described: ``countdownID(for:)``).
  ///
  /// - Parameters:
  ///   - idType: The type of the ids whose countdowns are followed.
  ///   - manager: The manager they count on.
  ///   - center: The app's activities, `LiveActivityCenter` in an app, a ``CountdownAlertsTesting/FakeActivityCenter``
  ///     in tests. Asked at once which activities there are.
  ///   - clockChanges: Where the system posts what may have moved the device's clock: its
  ///     change, the significant time change, the app's coming back to the foreground; one that
  ///     finds the clock moved re-syncs the countdowns (the article's "The device's clock").
  ///   - isFollowed: Which ids have activities; every one by default.
  ///   - content: What the activity of `id` shows for the countdown's `dates`; called on the
  ///     thread of the change, with no lock held.
  public init(
    _ idType: ID.Type = ID.self,
    manager: CountdownManager = .shared,
    center: any CountdownActivityCenter<ContentState>,
    clockChanges: NotificationCenter = .default,
    isFollowed: @escaping @Sendable (ID) -> Bool = { _ in true },
    content: @escaping @Sendable (_ id: ID, _ dates: CountdownTimerDates) -> ContentState
  ) {
    namespace = nil
    follower = CountdownFollower(
      ID.self, manager: manager,
      mirror: LiveActivitiesMirror(center: center, isFollowed: isFollowed, makeContent: content, prefix: ""),
      clockChanges: clockChanges, isFollowed: isFollowed, onFailure: nil)
  }

  /// Starts following the countdowns of ids of type `ID` on `manager`, with the activities of
  /// `center` whose countdown id begins with `namespace` and `/` (``countdownID(for:)``): so that
  /// followers of several id types share one activity type, each reconciling only its own.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids whose countdowns are followed.
  ///   - manager: The manager they count on.
  ///   - center: The app's activities. Asked at once which activities there are.
  ///   - namespace: Tells this follower's activities from the others of their type. Keep it from
  ///     one version of the app to the next: the countdown ids are made from it.
  ///   - clockChanges: Where the change of the device's clock is posted.
  ///   - isFollowed: Which ids have activities; every one by default.
  ///   - content: What the activity of `id` shows for the countdown's `dates`; called on the
  ///     thread of the change, with no lock held.
  /// - Throws: ``CountdownAlertError/invalidNamespace`` for an empty namespace or one with `/`.
  public init(
    _ idType: ID.Type = ID.self,
    manager: CountdownManager = .shared,
    center: any CountdownActivityCenter<ContentState>,
    namespace: String,
    clockChanges: NotificationCenter = .default,
    isFollowed: @escaping @Sendable (ID) -> Bool = { _ in true },
    content: @escaping @Sendable (_ id: ID, _ dates: CountdownTimerDates) -> ContentState
  ) throws(CountdownAlertError) {
    guard !namespace.isEmpty, !namespace.contains("/") else { throw .invalidNamespace }
    self.namespace = namespace
    follower = CountdownFollower(
      ID.self, manager: manager,
      mirror: LiveActivitiesMirror(
        center: center, isFollowed: isFollowed, makeContent: content, prefix: namespace + "/"),
      clockChanges: clockChanges, isFollowed: isFollowed, onFailure: nil)
  }

  /// The countdown id of the activities of `id`, which the app puts in the activity's attributes
  /// when it starts one (and its `LiveActivityCenter` reads back): the id, described, after the
  /// ``namespace`` and `/` if there is one.
  public func countdownID(for id: ID) -> String {
    follower.mirror.countdownID(for: id)
  }

  /// Asks `isFollowed` and the content closure again for `id`: its activity is updated if what
  /// the closure makes changed (a renamed timer), though the dates did not move, and ended if
  /// `id` is no longer followed. Costs no call when nothing changed.
  public func refresh(_ id: ID) {
    follower.refresh([IDKey(id)])
  }

  /// What the activity of `id` shows now, and from when it is stale; `nil` if `id` has no
  /// countdown. For the app to start its activity with (`ActivityContent(state:staleDate:)`).
  public func content(for id: ID) -> (state: ContentState, staleDate: Date?)? {
    follower.mirror.desired(id, follower.manager.idPhase(of: IDKey(id)).phase).map { ($0.state, $0.staleDate) }
  }
}
