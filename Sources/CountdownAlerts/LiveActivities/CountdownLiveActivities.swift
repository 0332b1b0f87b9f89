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
/// it to the next phase then, send the update by push (ActivityKit's push token). With content
/// that takes the window of the plan's phases
/// (``init(_:manager:center:clockChanges:isFollowed:lookAhead:content:)``), one content holds the
/// current phase and the next ones, and is stale from the current phase's end, when the system
/// draws it again and a view that draws the window's phase of now shows the next one.
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
    self.namespace = nil
    follower = Self.follower(
      manager: manager, center: center, namespace: nil, clockChanges: clockChanges, isFollowed: isFollowed,
      lookAhead: nil, content: { id, dates, _ in content(id, dates) })
  }

  /// Starts following the countdowns of ids of type `ID` on `manager`, every activity of `center`
  /// standing for one of them, with content that shows a countdown in phases' next phases too:
  /// the content closure gets, beside the dates, the window of the plan's phases
  /// (``CountdownKit/CountdownPhaseWindow``), so that one content state holds the phases that
  /// follow the current one, for a view that draws ``CountdownKit/CountdownPhaseWindow/phase(at:)``.
  ///
  /// ```swift
  /// struct PomodoroState: Codable, Hashable, Sendable {
  ///   var range: ClosedRange<Date>
  ///   var pausedAt: Date?
  ///   var window: CountdownPhaseWindow?  // nil for a single countdown
  /// }
  /// let center = FakeActivityCenter<PomodoroState>()  // LiveActivityCenter where ActivityKit exists
  /// let activities = CountdownLiveActivities(String.self, center: center, lookAhead: 2) { _, dates, window in
  ///   PomodoroState(range: dates.timerInterval, pausedAt: dates.pauseTime, window: window)
  /// }
  /// try CountdownManager.shared.start(id: "pomodoro", plan: pomodoro) { _, _, _ in }
  /// // The current phase and the next two; stale at the current phase's end.
  /// let content = activities.content(for: "pomodoro")
  /// ```
  ///
  /// For a countdown in phases, the window holds the current phase and up to `lookAhead` next
  /// ones, as ``CountdownKit/CountdownManager/phaseWindow(id:lookAhead:)`` reads it, and is laid
  /// out from the same reading as the dates: its current phase spans exactly
  /// `dates.timerInterval`, and it stands still (``CountdownKit/CountdownPhaseWindow/pausedAt``
  /// is `dates.pauseTime`) whenever the dates are frozen. The two reads differ only where the dates
  /// differ from the manager's position: from a phase end's instant until its call comes (within
  /// the end tolerance, or while the app is suspended) the current phase is the one that ended, its
  /// end in the past, so that ``CountdownKit/CountdownPhaseWindow/phase(at:)`` of now is already
  /// the next one; and a plan started `whileSuspended: .pauses`, frozen by a suspension, stands
  /// still without being paused. The activity is updated with a new window at each phase end the
  /// app sees and at each change the app makes (a pause, a resume, a skip, time added or taken).
  ///
  /// While a countdown in phases runs, its activity is stale from the current phase's end, as with
  /// the other initializers: the system then draws the content again (`context.isStale`), and a
  /// view that draws ``CountdownKit/CountdownPhaseWindow/phase(at:)`` of now shows the next phase
  /// of the window, with no new content. Paused or frozen, it has no stale date. A single countdown gets a `nil` window, and is treated as with
  /// the other initializers.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids whose countdowns are followed.
  ///   - manager: The manager they count on.
  ///   - center: The app's activities, `LiveActivityCenter` in an app, a ``CountdownAlertsTesting/FakeActivityCenter``
  ///     in tests. Asked at once which activities there are.
  ///   - clockChanges: Where the system posts what may have moved the device's clock.
  ///   - isFollowed: Which ids have activities; every one by default.
  ///   - lookAhead: How many phases after the current one a window holds at most (default 1: the
  ///     current phase and the next); below 0, taken as 0; above
  ///     ``CountdownKit/CountdownPhaseWindow/maximumLookAhead``, as that.
  ///   - content: What the activity of `id` shows for the countdown's `dates` and, for a countdown
  ///     in phases, its `window` (`nil` for a single countdown); called on the thread of the
  ///     change, with no lock held.
  /// - Complexity: a change of a countdown in phases reads its window, O(*k* log *p*), *k* the
  ///   phases in the window and *p* the phases written in the plan; a single countdown's, O(1).
  public init(
    _ idType: ID.Type = ID.self,
    manager: CountdownManager = .shared,
    center: any CountdownActivityCenter<ContentState>,
    clockChanges: NotificationCenter = .default,
    isFollowed: @escaping @Sendable (ID) -> Bool = { _ in true },
    lookAhead: Int = 1,
    content:
      @escaping @Sendable (_ id: ID, _ dates: CountdownTimerDates, _ window: CountdownPhaseWindow?) ->
      ContentState
  ) {
    self.namespace = nil
    follower = Self.follower(
      manager: manager, center: center, namespace: nil, clockChanges: clockChanges, isFollowed: isFollowed,
      lookAhead: max(0, lookAhead), content: content)
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
    follower = Self.follower(
      manager: manager, center: center, namespace: namespace, clockChanges: clockChanges, isFollowed: isFollowed,
      lookAhead: nil, content: { id, dates, _ in content(id, dates) })
  }

  /// Starts following the countdowns of ids of type `ID` on `manager`, with the activities of
  /// `center` whose countdown id begins with `namespace` and `/` (``countdownID(for:)``), with
  /// content that shows a countdown in phases' next phases too: the content closure gets the
  /// window of the plan's phases beside the dates, as
  /// ``init(_:manager:center:clockChanges:isFollowed:lookAhead:content:)`` says.
  ///
  /// ```swift
  /// let center = FakeActivityCenter<CountdownPhaseWindow?>()
  /// let activities = try CountdownLiveActivities(String.self, center: center, namespace: "focus") { _, _, window in
  ///   window
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - idType: The type of the ids whose countdowns are followed.
  ///   - manager: The manager they count on.
  ///   - center: The app's activities. Asked at once which activities there are.
  ///   - namespace: Tells this follower's activities from the others of their type. Keep it from
  ///     one version of the app to the next: the countdown ids are made from it.
  ///   - clockChanges: Where the change of the device's clock is posted.
  ///   - isFollowed: Which ids have activities; every one by default.
  ///   - lookAhead: How many phases after the current one a window holds at most (default 1);
  ///     below 0, taken as 0; above ``CountdownKit/CountdownPhaseWindow/maximumLookAhead``, as that.
  ///   - content: What the activity of `id` shows for the countdown's `dates` and, for a countdown
  ///     in phases, its `window` (`nil` for a single countdown); called on the thread of the
  ///     change, with no lock held.
  /// - Throws: ``CountdownAlertError/invalidNamespace`` for an empty namespace or one with `/`.
  /// - Complexity: a change of a countdown in phases reads its window, O(*k* log *p*), *k* the
  ///   phases in the window and *p* the phases written in the plan; a single countdown's, O(1).
  public init(
    _ idType: ID.Type = ID.self,
    manager: CountdownManager = .shared,
    center: any CountdownActivityCenter<ContentState>,
    namespace: String,
    clockChanges: NotificationCenter = .default,
    isFollowed: @escaping @Sendable (ID) -> Bool = { _ in true },
    lookAhead: Int = 1,
    content:
      @escaping @Sendable (_ id: ID, _ dates: CountdownTimerDates, _ window: CountdownPhaseWindow?) ->
      ContentState
  ) throws(CountdownAlertError) {
    guard !namespace.isEmpty, !namespace.contains("/") else { throw .invalidNamespace }
    self.namespace = namespace
    follower = Self.follower(
      manager: manager, center: center, namespace: namespace, clockChanges: clockChanges, isFollowed: isFollowed,
      lookAhead: max(0, lookAhead), content: content)
  }

  /// Every initializer's follower: `namespace` checked; `lookAhead` `nil` for content that takes
  /// no window (none is read).
  private static func follower(
    manager: CountdownManager, center: any CountdownActivityCenter<ContentState>, namespace: String?,
    clockChanges: NotificationCenter, isFollowed: @escaping @Sendable (ID) -> Bool, lookAhead: Int?,
    content: @escaping @Sendable (ID, CountdownTimerDates, CountdownPhaseWindow?) -> ContentState
  ) -> CountdownFollower<LiveActivitiesMirror<ID, ContentState>> {
    CountdownFollower(
      ID.self, manager: manager,
      mirror: LiveActivitiesMirror(
        center: center, isFollowed: isFollowed, makeContent: content, lookAhead: lookAhead,
        prefix: namespace.map { $0 + "/" } ?? ""),
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
  /// With content that takes a window, the window and the stale date the updates would carry now.
  public func content(for id: ID) -> (state: ContentState, staleDate: Date?)? {
    let countdowns = FollowedCountdowns(manager: follower.manager, unfollowed: [], refreshed: [])
    return follower.mirror.desired(id, key: IDKey(id), reading: countdowns).map { ($0.state, $0.staleDate) }
  }
}
