// The platform stubs' self-test (see README.md beside the stubs): ActivityKit called as an adapter
// calls it. Compiled by `.ci/check-platforms` where ActivityKit exists with its types (iOS); never
// run. The SDKs of Mac Catalyst, visionOS and macOS are taken to import ActivityKit without its
// types (README.md, "canImport"): left out there.
#if canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst)
  import ActivityKit
  import Foundation

  /// An app's Live Activity for a countdown: the system counts from the dates.
  @available(iOS 16.1, *)
  struct CountdownActivityAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable, Sendable {
      var range: ClosedRange<Date>
      var pausedAt: Date?
    }

    var countdownID: String
  }

  /// A reconciler's calls on Live Activities, by the activity's identifier. An `Activity` is not
  /// `Sendable`: these are nonisolated, so that the activity they look up is theirs to hand to
  /// `update` or `end` (from a main-actor function, "sending main actor-isolated 'activity' to
  /// nonisolated instance method 'update' risks causing data races"), and it is not used again after.
  @available(iOS 16.2, *)
  enum LiveActivityUsage {
    typealias Countdown = Activity<CountdownActivityAttributes>

    /// Starts one, stale at the countdown's end; `nil` if the person turned Live Activities off.
    static func start(countdownID: String, state: CountdownActivityAttributes.ContentState, end: Date?) throws
      -> String?
    {
      guard ActivityAuthorizationInfo().areActivitiesEnabled else { return nil }
      let activity = try Countdown.request(
        attributes: CountdownActivityAttributes(countdownID: countdownID),
        content: ActivityContent(state: state, staleDate: end), pushType: nil)
      return activity.id
    }

    /// Moves its dates: a running countdown goes stale at its end, a paused one never.
    static func update(id: String, state: CountdownActivityAttributes.ContentState, end: Date?) async {
      guard let activity = Countdown.activities.first(where: { $0.id == id }) else { return }
      guard activity.activityState == .active || activity.activityState == .stale else { return }
      if activity.content.state == state, activity.content.staleDate == end { return }
      await activity.update(ActivityContent(state: state, staleDate: end, relevanceScore: 0))
    }

    /// Ends it: at once when cancelled, shown a while when it ran out.
    static func end(id: String, cancelled: Bool, now: Date) async {
      guard let activity = Countdown.activities.first(where: { $0.id == id }) else { return }
      let last = ActivityContent(state: activity.content.state, staleDate: now)
      let policy: ActivityUIDismissalPolicy = cancelled ? .immediate : .after(now + 15 * 60)
      await activity.end(last, dismissalPolicy: policy)
    }

    /// Ends every one of the app's, with the system's default policy.
    static func endAll() async {
      for activity in Countdown.activities {
        await activity.end(nil, dismissalPolicy: .default)
      }
    }

    /// Whether Live Activities are allowed, each time the person changes it.
    static func watchEnablement(_ report: @escaping @Sendable (Bool) -> Void) async {
      for await enabled in ActivityAuthorizationInfo().activityEnablementUpdates {
        report(enabled)
      }
    }

    /// The countdown each of the app's activities stands for.
    static func countdownIDs() -> [String: String] {
      Dictionary(uniqueKeysWithValues: Countdown.activities.map { ($0.id, $0.attributes.countdownID) })
    }
  }
#endif
