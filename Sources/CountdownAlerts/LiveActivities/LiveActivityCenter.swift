#if canImport(ActivityKit)
  public import ActivityKit
  import CountdownCore
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

    /// Starts a Live Activity with push, as `Activity.request(attributes:content:pushType: .token)`
    /// does: the system issues it a push token after the request, which ``observePushTokens(_:)``
    /// tells (and ``CountdownActivityPushes`` hands the app for its server). From the foreground
    /// only, as ActivityKit requires.
    ///
    /// - Parameters:
    ///   - attributes: Its attributes, naming the countdown it stands for.
    ///   - state: What it shows first (``CountdownLiveActivities/content(for:)``).
    ///   - staleDate: From when that is out of date; `nil` for never.
    /// - Returns: The activity's identifier, `Activity.id`.
    /// - Throws: What `Activity.request` throws (ActivityKit's `ActivityAuthorizationError`: Live
    ///   Activities turned off, too many of them, the app not in the foreground).
    @discardableResult
    public func request(attributes: Attributes, state: ContentState, staleDate: Date?) throws -> String {
      try Activity<Attributes>.request(
        attributes: attributes, content: ActivityContent(state: state, staleDate: staleDate), pushType: .token
      ).id
    }

    /// Tells `handler` the push token of each activity of type `Attributes` that has one: those
    /// there are, then those that start (`Activity.activityUpdates`), each one's token as the
    /// system issues it (`pushToken`, then `pushTokenUpdates`), and its end (`activityStateUpdates`
    /// reaching `ended` or `dismissed`, or its tokens' sequence finishing). Each activity is
    /// followed by a task of its own; the returned closure cancels them.
    public func observePushTokens(
      _ handler: @escaping @Sendable (CountdownActivityPushToken) -> Void
    ) -> @Sendable () -> Void {
      let find = countdownID
      let task = Task {
        await withTaskGroup(of: Void.self) { group in
          var followed: Set<String> = []
          for id in Activity<Attributes>.activities.map(\.id) where followed.insert(id).inserted {
            group.addTask { await Self.followTokens(of: id, find, handler) }
          }
          for await activity in Activity<Attributes>.activityUpdates {
            let id = activity.id
            guard followed.insert(id).inserted else { continue }
            group.addTask { await Self.followTokens(of: id, find, handler) }
          }
        }
      }
      return { task.cancel() }
    }

    /// Tells `handler` the tokens of the activity `activityID` until it ends, then its end if it
    /// had a token. Looks the activity up itself: an `Activity` is not `Sendable`.
    private static func followTokens(
      of activityID: String, _ find: @escaping @Sendable (Attributes) -> String,
      _ handler: @escaping @Sendable (CountdownActivityPushToken) -> Void
    ) async {
      guard let activity = Activity<Attributes>.activities.first(where: { $0.id == activityID }) else { return }
      let countdownID = find(activity.attributes)
      let hadToken = LockedState(false)
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          guard let activity = Activity<Attributes>.activities.first(where: { $0.id == activityID }) else { return }
          if let token = activity.pushToken {
            hadToken.withLock { $0 = true }
            handler(CountdownActivityPushToken(activityID: activityID, countdownID: countdownID, token: token))
          }
          for await token in activity.pushTokenUpdates {
            hadToken.withLock { $0 = true }
            handler(CountdownActivityPushToken(activityID: activityID, countdownID: countdownID, token: token))
          }
        }
        group.addTask {
          guard let activity = Activity<Attributes>.activities.first(where: { $0.id == activityID }) else { return }
          for await state in activity.activityStateUpdates where state == .ended || state == .dismissed {
            return
          }
        }
        // Either one's end is the activity's: the other stops.
        await group.next()
        group.cancelAll()
      }
      if hadToken.withLock({ $0 }), !Task.isCancelled {
        handler(CountdownActivityPushToken(activityID: activityID, countdownID: countdownID, token: nil))
      }
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
