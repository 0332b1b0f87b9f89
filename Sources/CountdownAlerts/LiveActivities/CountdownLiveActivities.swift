public import CountdownKit
public import Foundation

/// Keeps the app's Live Activities in step with a manager's id countdowns: the app maps a
/// countdown's dates (and its own data) to its activity's content; every change that moves the
/// dates updates the activity, and the countdown's end or cancellation ends it.
///
/// ```swift
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
/// For each followed countdown (those `isFollowed` accepts), its activities:
/// - show `content(id, dates)` for the countdown's ``CountdownKit/CountdownTimerDates``, whose
///   `timerInterval` and `pauseTime` a `Text(timerInterval:pauseTime:)` counts down from without
///   the app running; updated at every change that moves the dates (a start, a replace, a pause,
///   a resume, time added or taken, a suspension that freezes it), and not otherwise;
/// - are stale from the countdown's end while it runs (never while it is paused), so the system
///   knows the content is out of date once the end passed;
/// - end when the countdown ends (the end stays shown a while,
///   ``CountdownActivityDismissal/afterEnd``) or is cancelled (taken off at once,
///   ``CountdownActivityDismissal/immediately``), with their last content, stale from the end.
///
/// The dates are the device's: after a change of its clock (`NSSystemClockDidChange`), every
/// activity is updated with the dates read again, so that it still shows the countdown's `0` at
/// the same instant.
///
/// The app starts the activities (`Activity.request` needs the app in the foreground, and the
/// system limits how many an app has); the package never does. An activity of a countdown that
/// went while the app was not running is the app's to end at launch.
///
/// - Complexity: a change of one countdown costs O(1) work and at most one center call.
public final class CountdownLiveActivities<ID: Hashable & Sendable & CustomStringConvertible, ContentState: Hashable & Sendable>:
  Sendable
{
  let manager: CountdownManager
  let center: any CountdownActivityCenter<ContentState>
  let isFollowed: @Sendable (ID) -> Bool
  let makeContent: @Sendable (ID, CountdownTimerDates) -> ContentState
  let state = LockedState(LiveActivitiesState<ContentState>())

  /// Starts following the countdowns of ids of type `ID` on `manager`.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids whose countdowns are followed.
  ///   - manager: The manager they count on.
  ///   - center: The app's activities, `LiveActivityCenter` in an app, a ``FakeActivityCenter``
  ///     in tests.
  ///   - clockChanges: Where the change of the device's clock is posted.
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
    self.manager = manager
    self.center = center
    self.isFollowed = isFollowed
    makeContent = content
    // Held weakly by the observers, so that releasing this object stops them (in its deinit).
    let token = clockChanges.addObserver(forName: CountdownAlerts<ID>.systemClockDidChange, object: nil, queue: nil) {
      [weak self] _ in
      guard let self else { return }
      self.enqueue(self.state.withLock { $0.sentKeys })
    }
    let clockObservers = NotificationObservers(center: clockChanges, tokens: [token])
    let key = manager.addIDObserver { [weak self] keys in self?.idsChanged(keys) }
    state.withLock { $0.started(observerKey: key, clockObservers: clockObservers) }
    idsChanged(manager.idKeys(of: ID.self))
  }

  deinit {
    let (key, clockObservers) = state.withLock { $0.stopped() }
    if let key { manager.removeIDObserver(key) }
    clockObservers?.removeAll()
  }

  /// What the activity of `id` shows now, and from when it is stale; `nil` if `id` has no
  /// countdown. For the app to start its activity with (`ActivityContent(state:staleDate:)`).
  public func content(for id: ID) -> (state: ContentState, staleDate: Date?)? {
    desired(id, manager.idPhase(of: IDKey(id))).map { ($0.state, $0.staleDate) }
  }

  /// The manager says the countdowns of `keys` changed.
  func idsChanged(_ keys: [IDKey]) {
    let type = ObjectIdentifier(ID.self)
    let followed = keys.filter { key in
      guard key.type == type, let id = key.base.base as? ID else { return false }
      return isFollowed(id)
    }
    enqueue(followed)
  }

  /// Queues `keys` and drains, unless another thread is draining (it takes them too).
  private func enqueue(_ keys: [IDKey]) {
    guard !keys.isEmpty, state.withLock({ $0.arrived(keys) }) else { return }
    // One thread at a time reads, applies and calls, so the center hears the changes in order.
    while let keys = state.withLock({ $0.takeWork() }) {
      var desired: [(key: IDKey, countdownID: String, desired: LiveActivitiesState<ContentState>.Desired)] = []
      for key in keys {
        guard let id = key.base.base as? ID else { continue }
        desired.append((key, id.description, self.desired(id, manager.idPhase(of: key))))
      }
      let now = manager.engine.clock.now.nanosecondsSinceOrigin
      for operation in state.withLock({ $0.apply(desired, now: now) }) {
        switch operation {
        case .update(let countdownID, let content, let staleDate):
          center.update(countdownID: countdownID, state: content, staleDate: staleDate)
        case .end(let countdownID, let content, let staleDate, let dismissal):
          center.end(countdownID: countdownID, state: content, staleDate: staleDate, dismissal: dismissal)
        }
      }
    }
  }

  /// What the activity of `id` should show for a countdown in `phase` (calls the app's content).
  private func desired(_ id: ID, _ phase: CountdownManager.IDPhase) -> LiveActivitiesState<ContentState>.Sent? {
    switch phase {
    case .running(let dates, let deadline):
      LiveActivitiesState.Sent(
        state: makeContent(id, dates), staleDate: dates.timerInterval.upperBound,
        deadline: deadline.nanosecondsSinceOrigin)
    case .frozen(let dates):
      LiveActivitiesState.Sent(state: makeContent(id, dates), staleDate: nil, deadline: nil)
    case .gone: nil
    }
  }
}
