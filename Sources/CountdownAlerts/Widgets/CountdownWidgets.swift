public import CountdownKit
public import Foundation

/// Keeps the app's widgets in step with a manager's id countdowns: when a followed countdown's
/// dates move, WidgetKit is asked to reload the timelines of the widgets of one kind.
///
/// ```swift
/// // At launch, after the restore (keep `widgets` for as long as the app runs):
/// let widgets = CountdownWidgets(String.self, center: FakeWidgetCenter(), kind: "Timers")
/// try CountdownManager.shared.start(id: "tea", for: .seconds(180)) { _, _, _ in }
/// // The "Timers" widgets are reloaded once; as the tea counts down, never again, until it is
/// // paused, resumed, given time or cancelled.
/// ```
///
/// A widget counts a countdown down by itself, `Text(timerInterval:pauseTime:)` from its
/// ``CountdownKit/CountdownTimerDates``, and WidgetKit budgets reloads: so a reload is asked for
/// only when a followed countdown's dates move (a start, pause, resume, time added or taken, a
/// cancel before its end, a change of the device's clock that moved a running end by more than a
/// tenth of a second), once per call of the manager that changes several (`cancelAll()`, a
/// restore), never as time passes nor at an end. A change made in the background is reloaded
/// when the app comes back, unless `reloadsInBackground`; the widgets hear the app leave and
/// come back from the manager's suspension (``CountdownKit/CountdownManager/suspendsInBackground``).
/// A countdown in phases is one countdown to them: a reload at the plan's end, none at a phase
/// end, so the widget's timeline holds an entry per phase start ahead.
///
/// The widget's timeline provider runs in the widget extension's process, and reads the dates
/// from the snapshot the app keeps in their shared app group (`keepSaved(in:)`). The rules in
/// full, and the provider, are in the article's "Widgets kept in step" and "Countdowns in phases".
///
/// - Complexity: a change of one countdown costs O(1) work and at most one reload.
public final class CountdownWidgets<ID: Hashable & Sendable & CustomStringConvertible>: Sendable {
  /// The kind of the widgets reloaded (the `kind` of the app's `Widget` configuration).
  public let kind: String

  let follower: CountdownFollower<WidgetsMirror>

  /// Starts following the countdowns of ids of type `ID` on `manager`, hearing the app go to the
  /// background and come back from it: a change made while `manager` is suspended
  /// (``CountdownKit/CountdownManager/suspendTicking()``, which the shared manager does in the
  /// background) waits for its ``CountdownKit/CountdownManager/resumeTicking()``.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids whose countdowns the widgets show.
  ///   - manager: The manager they count on; the app is taken to be in the foreground unless it is
  ///     suspended.
  ///   - center: WidgetKit, `WidgetKitCenter` in an app, a ``CountdownAlertsTesting/FakeWidgetCenter`` in tests.
  ///   - kind: The kind of the widgets to reload.
  ///   - reloadsInBackground: Whether a change made while the app is in the background reloads at
  ///     once, counted against the widget's daily budget, rather than when the app comes back.
  ///   - isFollowed: Which ids the widgets show; every one by default.
  public convenience init(
    _ idType: ID.Type = ID.self,
    manager: CountdownManager = .shared,
    center: any CountdownWidgetCenter,
    kind: String,
    reloadsInBackground: Bool = false,
    isFollowed: @escaping @Sendable (ID) -> Bool = { _ in true }
  ) {
    self.init(
      idType, manager: manager, center: center, kind: kind, reloadsInBackground: reloadsInBackground,
      clockChanges: .default, isFollowed: isFollowed)
  }

  /// The widgets of ``init(_:manager:center:kind:reloadsInBackground:isFollowed:)``, hearing the
  /// changes of the device's clock on `clockChanges` (tests post them on a center of their own).
  package init(
    _ idType: ID.Type = ID.self,
    manager: CountdownManager = .shared,
    center: any CountdownWidgetCenter,
    kind: String,
    reloadsInBackground: Bool = false,
    clockChanges: NotificationCenter,
    isFollowed: @escaping @Sendable (ID) -> Bool = { _ in true }
  ) {
    self.kind = kind
    var mirror = WidgetsMirror(
      center: center, kind: kind, isInForeground: !manager.isSuspended, reloadsInBackground: reloadsInBackground,
      lifecycle: .default, suspendNames: [], resumeNames: [])
    mirror.followsManager = true
    follower = CountdownFollower(
      ID.self, manager: manager, mirror: mirror, clockChanges: clockChanges, isFollowed: isFollowed, onFailure: nil)
  }

  /// Starts following the countdowns of ids of type `ID` on `manager`, hearing the app go to the
  /// background and come back from notifications of its own: what the manager observes already.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids whose countdowns the widgets show.
  ///   - manager: The manager they count on.
  ///   - center: WidgetKit, `WidgetKitCenter` in an app, a ``CountdownAlertsTesting/FakeWidgetCenter`` in tests.
  ///   - kind: The kind of the widgets to reload.
  ///   - isInForeground: Whether the app is in the foreground now (a launch in the background
  ///     says `false`: the first reload waits for the foreground).
  ///   - reloadsInBackground: Whether a change made while the app is in the background reloads at
  ///     once, counted against the widget's daily budget, rather than when the app comes back.
  ///   - lifecycle: Where the app's lifecycle notifications are posted.
  ///   - suspendNames: The notifications that say the app left the foreground (the platform's, as
  ///     the shared manager observes them, by default).
  ///   - resumeNames: The notifications that say it came back.
  ///   - clockChanges: Where the system posts what may have moved the device's clock: its
  ///     change, the significant time change, the app's coming back to the foreground; one that
  ///     finds the clock moved re-syncs the countdowns (the article's "The device's clock").
  ///   - isFollowed: Which ids the widgets show; every one by default.
  @available(
    *, deprecated,
    message:
      "The widgets hear the app go to the background and come back from the manager: use init(_:manager:center:kind:reloadsInBackground:isFollowed:)"
  )
  public init(
    _ idType: ID.Type = ID.self,
    manager: CountdownManager = .shared,
    center: any CountdownWidgetCenter,
    kind: String,
    isInForeground: Bool = true,
    reloadsInBackground: Bool = false,
    lifecycle: NotificationCenter = .default,
    suspendNames: [Notification.Name] = LifecycleObservation.platformSuspendNames,
    resumeNames: [Notification.Name] = LifecycleObservation.platformResumeNames,
    clockChanges: NotificationCenter = .default,
    isFollowed: @escaping @Sendable (ID) -> Bool = { _ in true }
  ) {
    self.kind = kind
    let mirror = WidgetsMirror(
      center: center, kind: kind, isInForeground: isInForeground, reloadsInBackground: reloadsInBackground,
      lifecycle: lifecycle, suspendNames: suspendNames, resumeNames: resumeNames)
    follower = CountdownFollower(
      ID.self, manager: manager, mirror: mirror, clockChanges: clockChanges, isFollowed: isFollowed, onFailure: nil)
  }

  /// Whether changes made while the app was in the background wait for a reload.
  public var owesReload: Bool {
    follower.read { $0.owesReload }
  }
}
