public import Foundation

/// The app's Live Activities, as ``CountdownLiveActivities`` uses them: an update and an end of
/// the activities that stand for a countdown, the end of one activity, and the list of those
/// there are, each one of ActivityKit's `Activity` calls. `LiveActivityCenter` is the real one
/// (where ActivityKit exists); ``CountdownAlertsTesting/FakeActivityCenter`` the one for tests.
///
/// Calls are made in order, from one thread at a time, and must take effect in that order. The
/// app starts its activities itself (`Activity.request`, from the foreground, when it chooses);
/// a call for a countdown that has none does nothing, and so does a call for an activity that
/// ended. An activity requested with push (`pushType: .token`) has a push token, which
/// ``observePushTokens(_:)`` tells: what ``CountdownActivityPushes`` hands the app for its server.
public protocol CountdownActivityCenter<ContentState>: Sendable {
  /// What the app's activity shows, made by the app from a countdown's dates.
  associatedtype ContentState: Hashable & Sendable

  /// Shows `state` on the activities of the countdown `countdownID` (its id, described), stale
  /// from `staleDate` on (`nil`: never).
  func update(countdownID: String, state: ContentState, staleDate: Date?)
  /// Ends the activities of the countdown `countdownID` with `state` as their last content, stale
  /// from `staleDate` on, dismissed as `dismissal` says.
  func end(countdownID: String, state: ContentState?, staleDate: Date?, dismissal: CountdownActivityDismissal)
  /// Ends the one activity `activityID` (`Activity.id`) with the content it shows, dismissed as
  /// `dismissal` says: what a previous process left for a countdown that is gone.
  func end(activityID: String, dismissal: CountdownActivityDismissal)
  /// The activities there are when it is called, active or stale (not those that ended), each
  /// with the countdown it stands for; `completion` gets them, on any thread, now or later.
  /// Asked once, when a ``CountdownLiveActivities`` starts, to end what a previous process left.
  func activities(_ completion: @escaping @Sendable ([CountdownActivitySnapshot]) -> Void)
  /// Starts telling `handler` the push token of every activity requested with push
  /// (ActivityKit's `Activity.pushToken` and `pushTokenUpdates`): first the token of each
  /// activity there is that has one, then each token the system issues (after the request, and
  /// again whenever it changes while the activity runs), and, for an activity that had one, its
  /// end (a ``CountdownActivityPushToken`` whose token is `nil`). An activity started without push
  /// has no token and is never told. `handler` is called on any thread, with no lock held.
  ///
  /// - Returns: What stops telling `handler`; called once, when the follower that asked goes.
  func observePushTokens(
    _ handler: @escaping @Sendable (CountdownActivityPushToken) -> Void
  ) -> @Sendable () -> Void
}

extension CountdownActivityCenter {
  /// Tells nothing: a center whose activities have no push tokens.
  public func observePushTokens(
    _ handler: @escaping @Sendable (CountdownActivityPushToken) -> Void
  ) -> @Sendable () -> Void {
    {}
  }
}
