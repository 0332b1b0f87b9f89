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
        return (key: key, shown: Self.shown(phase))
      }
      return (key: key, shown: Self.shown(phase, phaseEnds))
    }
    return WidgetsState.Reading(shown: shown, now: countdowns.clockNow)
  }

  /// What a widget shows of a countdown in phases in `phase`: laid out from the plan's origin
  /// while it runs, which its phase ends do not move, up to the first phase after which it pauses.
  /// What the push server follows of it too (``ActivityPushesMirror``): its pushes are laid out
  /// from the same dates.
  static func shown(_ phase: IDPhase, _ phaseEnds: IDPhaseEnds) -> WidgetsState.Shown? {
    switch (phase, phaseEnds.origin) {
    case (.running(let dates, let deadline), let origin?):
      let fromOrigin = Double(deadline.nanosecondsSinceOrigin.subtractingReportingOverflow(origin).partialValue) / 1e9
      return .phases(
        origin: origin, originDate: dates.timerInterval.upperBound - fromOrigin, plan: phaseEnds.plan,
        pausesAfter: phaseEnds.plan.layout.firstPausing(from: phaseEnds.ordinal))
    case (.frozen(let dates), _):
      guard case .frozen(let remaining)? = shown(phase) else { return nil }
      return .pausedPhases(
        ordinal: phaseEnds.ordinal, remaining: remaining, plan: phaseEnds.plan, readAt: dates.pauseTime)
    case (.running, nil), (.gone, _): return shown(phase)
    }
  }

  /// What a widget shows of a countdown in `phase`.
  private static func shown(_ phase: IDPhase) -> WidgetsState.Shown? {
    switch phase {
    case .running(let dates, let deadline):
      .running(deadline: deadline.nanosecondsSinceOrigin, end: dates.timerInterval.upperBound)
    case .frozen(let dates):
      // Laid out from its pause time: what is left from there is what the widget shows.
      .frozen(
        remaining: dates.timerInterval.upperBound.timeIntervalSince(dates.pauseTime ?? dates.timerInterval.upperBound)
          .nanosecondsClamped)
    case .gone: nil
    }
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
