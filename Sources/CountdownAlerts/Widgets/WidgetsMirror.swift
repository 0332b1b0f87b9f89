import CountdownCore
import CountdownKit
import Foundation

/// The widgets of ``CountdownWidgets``, as its follower drives them: the timelines of one widget
/// kind reloaded when a followed countdown's dates move, preferably while the app is in the
/// foreground.
struct WidgetsMirror: CountdownMirror {
  let center: any CountdownWidgetCenter
  let kind: String
  let isInForeground: Bool
  let reloadsInBackground: Bool
  let lifecycle: NotificationCenter
  let suspendNames: [Notification.Name]
  let resumeNames: [Notification.Name]
  /// Whether the app's going to the background and coming back are heard from the manager (its
  /// suspensions), rather than from `lifecycle`.
  var followsManager = false

  /// WidgetKit keeps nothing to reconcile: the widget reads the countdowns itself.
  static var asksBeforeFollowing: Bool { false }

  func makeMachine(reportsFailures: Bool) -> WidgetsState {
    WidgetsState(
      isInForeground: isInForeground, reloadsInBackground: reloadsInBackground, followsManager: followsManager)
  }

  /// Nothing to ask: WidgetKit holds nothing of the follower's, so no answer comes.
  func askSweep(_ answer: @escaping @Sendable (Result<[Never], CountdownAlertError>) -> Void) {}

  /// Follows the app in and out of the foreground. Coming back queues a re-sync turn, as the
  /// follower's own re-sync on the platform's foreground notification does: the first of them to
  /// run with the app in the foreground reloads once, for what was owed and for a clock moved
  /// while the app was away together; the other finds nothing moved and reloads nothing.
  func observeSystem(for follower: CountdownFollower<Self>) -> (@Sendable () -> Void)? {
    let background = NotificationObservers(observing: suspendNames, on: lifecycle) { [weak follower] in
      follower?.send(.enteredBackground)
    }
    let foreground = NotificationObservers(observing: resumeNames, on: lifecycle) { [weak follower] in
      follower?.send(.enteredForeground)
    }
    return {
      background.removeAll()
      foreground.removeAll()
    }
  }

  func read(_ keys: [IDKey], sweep: [Never]?, from countdowns: FollowedCountdowns) -> WidgetsState.Reading {
    let shown = keys.map { key in
      let phase = countdowns.idPhase(of: key).phase
      guard let phaseEnds = countdowns.idPhaseEnds(of: key, upcoming: 0) else {
        return (key: key, shown: ScheduleShown.of(phase))
      }
      return (key: key, shown: ScheduleShown.of(phase, phaseEnds))
    }
    return WidgetsState.Reading(shown: shown, now: countdowns.clockNow)
  }

  func perform(_ calls: [WidgetsState.Call], for follower: CountdownFollower<Self>) {
    for call in calls {
      switch call {
      case .reload: center.reloadTimelines(ofKind: kind)
      case .resync: follower.enqueue([], clockChanged: true)
      }
    }
  }
}
