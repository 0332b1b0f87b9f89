import CountdownCore
public import CountdownKit
public import Foundation

/// Keeps the app's Live Activities in step with a manager's id countdowns: the app maps a
/// countdown's dates (and its own data) to its activity's content; every change that moves the
/// dates updates the activity, and the countdown's end or cancellation ends it.
///
/// ```swift
/// // At launch, after the restore (keep `activities` for as long as the app runs):
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
/// The app starts its activities; the package updates them when the dates move, marks them stale
/// from the end, ends them with the countdown, and, at the start, reconciles those a previous
/// process left. The rules are in <doc:CountdownAlerts#A-Live-Activity-kept-in-step>.
///
/// - Complexity: a change of one countdown costs O(1) work and at most one center call; the
///   reconciling at the start, O(*n*) once in the number of ids of type `ID`, and one call per
///   activity it ends.
public final class CountdownLiveActivities<
  ID: Hashable & Sendable & CustomStringConvertible, ContentState: Hashable & Sendable
>:
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
  ///     in tests. Asked at once which activities there are.
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
    let observation = FollowerObservation(
      ID.self, manager: manager, clockChanges: clockChanges, isFollowed: isFollowed,
      idsChanged: { [weak self] keys in self?.enqueue(keys) },
      clockChanged: { [weak self] in
        guard let self else { return }
        self.enqueue(self.state.withLock { $0.sentKeys })
      })
    state.withLock { $0.observation = observation }
    // The activities are listed before this object's first call, so the list is of what was
    // there; it is acted on when it comes, in its turn among the changes.
    center.activities { [weak self] listing in self?.listed(listing) }
    enqueue(FollowerObservation.followed(manager.idKeys(of: ID.self), of: ID.self, isFollowed: isFollowed))
  }

  deinit {
    state.withLock { $0.observation.take() }.end(on: manager)
  }

  /// What the activity of `id` shows now, and from when it is stale; `nil` if `id` has no
  /// countdown. For the app to start its activity with (`ActivityContent(state:staleDate:)`).
  public func content(for id: ID) -> (state: ContentState, staleDate: Date?)? {
    desired(id, manager.idPhase(of: IDKey(id)).phase).map { ($0.state, $0.staleDate) }
  }

  /// The center listed the activities there were at the start.
  func listed(_ listing: [CountdownActivitySnapshot]) {
    enqueue([], sweep: listing)
  }

  /// Queues the work and drains, unless another thread is draining (it takes this work too).
  private func enqueue(_ keys: [IDKey], sweep: [CountdownActivitySnapshot]? = nil) {
    guard !keys.isEmpty || sweep != nil, state.withLock({ $0.queue.arrived(keys, sweep: sweep) }) else { return }
    // One thread at a time reads, applies and calls, so the center hears the changes in order.
    while let work = state.withLock({ $0.queue.takeWork() }) {
      let (sweepKeys, listed) = work.sweep.map(match) ?? ([], [])
      // The manager's reads take its locks and read its clock, and the content is the app's
      // code: not under our lock.
      var desired: [(key: IDKey, countdownID: String, desired: LiveActivitiesState<ContentState>.Desired)] = []
      var keys = work.keys
      if !sweepKeys.isEmpty {
        // The queued keys are distinct; the sweep's may repeat them.
        var seen = Set(keys)
        keys += sweepKeys.filter { seen.insert($0).inserted }
      }
      for key in keys {
        guard let id = key.base.base as? ID else { continue }
        desired.append((key, id.description, self.desired(id, manager.idPhase(of: key).phase)))
      }
      let now = manager.engine.clock.now.nanosecondsSinceOrigin
      for operation in state.withLock({ $0.apply(desired, listed: listed, now: now) }) {
        switch operation {
        case .update(let countdownID, let content, let staleDate):
          center.update(countdownID: countdownID, state: content, staleDate: staleDate)
        case .end(let countdownID, let content, let staleDate, let dismissal):
          center.end(countdownID: countdownID, state: content, staleDate: staleDate, dismissal: dismissal)
        case .endActivity(let activityID, let dismissal):
          center.end(activityID: activityID, dismissal: dismissal)
        }
      }
    }
  }

  /// The listed activities matched with the countdowns of type `ID` by their ids' descriptions:
  /// the keys of the followed ones, to read with the turn's, and every activity that is this
  /// object's to reconcile. An activity of a countdown that counts but is not followed is the
  /// app's, and left out. O(*n*) in the ids of type `ID`, once.
  private func match(_ listing: [CountdownActivitySnapshot]) -> ([IDKey], [LiveActivitiesState<ContentState>.Listed]) {
    guard !listing.isEmpty else { return ([], []) }
    let wanted = Set(listing.map(\.countdownID))
    var keys: [String: IDKey] = [:]
    for key in manager.idKeys(of: ID.self) {
      guard let id = key.base.base as? ID else { continue }
      let description = id.description
      if wanted.contains(description), keys[description] == nil { keys[description] = key }
    }
    var followed: [IDKey] = []
    var listed: [LiveActivitiesState<ContentState>.Listed] = []
    for activity in listing {
      let key = keys[activity.countdownID]
      if let key, let id = key.base.base as? ID {
        guard isFollowed(id) else { continue }
        followed.append(key)
      }
      listed.append(.init(activityID: activity.id, countdown: key, isStale: activity.isStale))
    }
    return (followed, listed)
  }

  /// What the activity of `id` should show for a countdown in `phase` (calls the app's content).
  private func desired(_ id: ID, _ phase: IDPhase) -> LiveActivitiesState<ContentState>.Sent? {
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
