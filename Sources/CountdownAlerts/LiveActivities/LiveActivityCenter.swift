#if canImport(ActivityKit)
  public import ActivityKit
  public import Foundation

  /// The app's Live Activities of one `ActivityAttributes` type (ActivityKit), as
  /// ``CountdownLiveActivities`` uses them: the activities whose attributes name a countdown, by
  /// `countdownID`, are updated and ended with it.
  ///
  /// ```swift
  /// struct TimerAttributes: ActivityAttributes {
  ///   struct ContentState: Codable, Hashable, Sendable {
  ///     var range: ClosedRange<Date>
  ///     var pausedAt: Date?
  ///   }
  ///   var countdownID: String
  /// }
  /// let activities = CountdownLiveActivities(
  ///   String.self, center: LiveActivityCenter<TimerAttributes> { $0.countdownID }
  /// ) { _, dates in TimerAttributes.ContentState(range: dates.timerInterval, pausedAt: dates.pauseTime) }
  /// ```
  ///
  /// The calls run one after the other on tasks of their own (`update` and `end` are `async`),
  /// in the order ``CountdownLiveActivities`` makes them; each looks the activities up when it
  /// runs, so one the app started since is found. Only active (or stale) activities are touched.
  /// The list of activities is read when it is asked for (`Activity.activities`), and answered at
  /// once: the activities a previous process left are those there when the follower starts.
  /// `Attributes` is `Sendable` (a struct of the app's values, as attributes are): the calls run
  /// off the thread that made them.
  ///
  /// Live Activities are an iPhone's and an iPad's: the adapter is unavailable on Mac Catalyst,
  /// macOS, tvOS, watchOS and visionOS, where the SDK may still let `ActivityKit` be imported
  /// (Mac Catalyst's does, with its types unavailable).
  @available(iOS 16.2, *)
  @available(macCatalyst, unavailable)
  @available(macOS, unavailable)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  @available(visionOS, unavailable)
  public struct LiveActivityCenter<Attributes: ActivityAttributes & Sendable>: CountdownActivityCenter
  where Attributes.ContentState: Sendable {
    public typealias ContentState = Attributes.ContentState

    private let countdownID: @Sendable (Attributes) -> String
    private let tasks = SerialTasks()

    /// The app's activities of type `Attributes`, each standing for the countdown `countdownID`
    /// names (the countdown's id, described).
    public init(countdownID: @escaping @Sendable (Attributes) -> String) {
      self.countdownID = countdownID
    }

    public func update(countdownID: String, state: ContentState, staleDate: Date?) {
      let find = self.countdownID
      tasks.run { await Self.update(countdownID, state, staleDate, find) }
    }

    public func end(countdownID: String, state: ContentState?, staleDate: Date?, dismissal: CountdownActivityDismissal)
    {
      let find = self.countdownID
      tasks.run { await Self.end(countdownID, state, staleDate, dismissal, find) }
    }

    public func end(activityID: String, dismissal: CountdownActivityDismissal) {
      tasks.run { await Self.end(activityID, dismissal) }
    }

    public func activities(_ completion: @escaping @Sendable ([CountdownActivitySnapshot]) -> Void) {
      completion(Self.list(countdownID))
    }

    /// The activities there are now, active or stale.
    private static func list(_ find: @Sendable (Attributes) -> String) -> [CountdownActivitySnapshot] {
      let now = Date()
      return Activity<Attributes>.activities.compactMap { activity in
        let state = activity.activityState
        guard state == .active || state == .stale else { return nil }
        // A stale date passed counts even before the system marks the activity stale.
        let isStale = state == .stale || activity.content.staleDate.map { $0 <= now } == true
        return CountdownActivitySnapshot(id: activity.id, countdownID: find(activity.attributes), isStale: isStale)
      }
    }

    /// Nonisolated: the activities it looks up are its own to hand to `update`.
    private static func update(
      _ countdownID: String, _ state: ContentState, _ staleDate: Date?, _ find: @Sendable (Attributes) -> String
    ) async {
      for activity in Activity<Attributes>.activities where find(activity.attributes) == countdownID {
        guard activity.activityState == .active || activity.activityState == .stale else { continue }
        await activity.update(ActivityContent(state: state, staleDate: staleDate))
      }
    }

    private static func end(
      _ countdownID: String, _ state: ContentState?, _ staleDate: Date?, _ dismissal: CountdownActivityDismissal,
      _ find: @Sendable (Attributes) -> String
    ) async {
      let dismissalPolicy = policy(dismissal)
      for activity in Activity<Attributes>.activities where find(activity.attributes) == countdownID {
        guard activity.activityState == .active || activity.activityState == .stale else { continue }
        await activity.end(
          state.map { ActivityContent(state: $0, staleDate: staleDate) }, dismissalPolicy: dismissalPolicy)
      }
    }

    private static func end(_ activityID: String, _ dismissal: CountdownActivityDismissal) async {
      for activity in Activity<Attributes>.activities where activity.id == activityID {
        guard activity.activityState == .active || activity.activityState == .stale else { continue }
        await activity.end(nil, dismissalPolicy: policy(dismissal))
      }
    }

    /// ActivityKit's policy for `dismissal`.
    private static func policy(_ dismissal: CountdownActivityDismissal) -> ActivityUIDismissalPolicy {
      switch dismissal {
      case .afterEnd: .default
      case .immediately: .immediate
      }
    }
  }
#endif
