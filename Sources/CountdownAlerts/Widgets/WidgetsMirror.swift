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

  /// WidgetKit keeps nothing to reconcile: the widget reads the countdowns itself.
  static var asksBeforeFollowing: Bool { false }

  func makeMachine() -> WidgetsState {
    WidgetsState(isInForeground: isInForeground, reloadsInBackground: reloadsInBackground)
  }

  /// Nothing to ask: WidgetKit holds nothing of the follower's, so no answer comes.
  func askSweep(_ answer: @escaping @Sendable (Result<[Never], CountdownAlertError>) -> Void) {}

  /// Follows the app in and out of the foreground.
  func observeSystem(for follower: CountdownFollower<Self>) -> (@Sendable () -> Void)? {
    let background = NotificationObservers(observing: suspendNames, on: lifecycle) { [weak follower] in
      follower?.update { $0.enteredBackground() }
    }
    let foreground = NotificationObservers(observing: resumeNames, on: lifecycle) { [weak follower] in
      guard let follower, follower.update({ $0.enteredForeground() }) else { return }
      follower.mirror.center.reloadTimelines(ofKind: follower.mirror.kind)
    }
    return {
      background.removeAll()
      foreground.removeAll()
    }
  }

  func read(_ keys: [IDKey], sweep: [Never]?, from manager: CountdownManager) -> WidgetsState.Reading {
    let shown = keys.map { key in (key: key, shown: Self.shown(manager.idPhase(of: key).phase)) }
    return WidgetsState.Reading(shown: shown, now: manager.clockNow)
  }

  /// What a widget shows of a countdown in `phase`.
  private static func shown(_ phase: IDPhase) -> WidgetsState.Shown? {
    switch phase {
    case .running(_, let deadline): .running(deadline: deadline.nanosecondsSinceOrigin)
    case .frozen(let dates):
      // Laid out from its pause time: what is left from there is what the widget shows.
      .frozen(
        remaining: dates.timerInterval.upperBound.timeIntervalSince(dates.pauseTime ?? dates.timerInterval.upperBound)
          .nanosecondsClamped)
    case .gone: nil
    }
  }

  func perform(_ reload: Bool, for follower: CountdownFollower<Self>) {
    if reload { center.reloadTimelines(ofKind: kind) }
  }
}
