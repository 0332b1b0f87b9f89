public import Foundation

/// The app's Live Activities, as ``CountdownLiveActivities`` uses them: an update and an end of
/// the activities that stand for a countdown, each one of ActivityKit's `Activity` calls.
/// `LiveActivityCenter` is the real one (where ActivityKit exists); ``FakeActivityCenter`` the
/// one for tests.
///
/// Calls are made in order, from one thread at a time, and must take effect in that order. The
/// app starts its activities itself (`Activity.request`, from the foreground, when it chooses);
/// a call for a countdown that has none does nothing.
public protocol CountdownActivityCenter<ContentState>: Sendable {
  /// What the app's activity shows, made by the app from a countdown's dates.
  associatedtype ContentState: Hashable & Sendable

  /// Shows `state` on the activities of the countdown `countdownID` (its id, described), stale
  /// from `staleDate` on (`nil`: never).
  func update(countdownID: String, state: ContentState, staleDate: Date?)
  /// Ends the activities of the countdown `countdownID` with `state` as their last content, stale
  /// from `staleDate` on, dismissed as `dismissal` says.
  func end(countdownID: String, state: ContentState?, staleDate: Date?, dismissal: CountdownActivityDismissal)
}
