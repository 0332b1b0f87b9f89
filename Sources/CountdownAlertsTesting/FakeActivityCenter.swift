public import CountdownAlerts
import CountdownCore
public import Foundation

/// A Live Activity center for tests, the app's own included, with ActivityKit's semantics: no
/// device, no waiting. The test starts an activity as the app would (``start(countdownID:state:staleDate:requestsPushToken:)``);
/// the package keeps it in step. One started before the ``CountdownAlerts/CountdownLiveActivities`` is made is
/// one a previous process left.
///
/// - An update changes the content of the countdown's active activities; an end ends them, with
///   their last content and dismissal; an ended activity changes no more.
/// - An activity not ended is stale once the wall clock the center is made with (``init(now:)``)
///   reaches its stale date, as ActivityKit's `ActivityState.stale`.
/// - ``activities(_:)`` lists the activities not ended, as they are when it is called; it answers
///   at once, or, with ``answersListingsAtOnce`` `false`, when the test calls
///   ``answerListings()``: a listing that comes late, after other calls.
/// - An activity started with a push token (``start(countdownID:state:staleDate:requestsPushToken:)``)
///   gets its token after the request, when the test issues it (``issuePushToken(_:activityID:)``),
///   as the system does; it may be issued another while the activity runs, and none once it ended.
///   ``observePushTokens(_:)`` tells each, and the end of an activity that had one.
/// - Every call takes effect at once, and is recorded in ``calls``.
public final class FakeActivityCenter<ContentState: Hashable & Sendable>: CountdownActivityCenter {
  /// One Live Activity.
  public struct HeldActivity: Hashable, Sendable {
    /// Its identifier, as `Activity.id`.
    public var id: String
    /// The countdown it stands for.
    public var countdownID: String
    /// What it shows.
    public var state: ContentState?
    /// From when its content is out of date; `nil` for never.
    public var staleDate: Date?
    /// How it was dismissed, once ended; `nil` while active.
    public var dismissal: CountdownActivityDismissal?
    /// Whether it was requested with push (`pushType: .token`).
    public var requestsPushToken = false
    /// Its push token, once issued (``issuePushToken(_:activityID:)``): the latest one.
    public var pushToken: Data?
  }

  /// A call the center received, in order.
  public enum Call: Hashable, Sendable {
    case update(countdownID: String, state: ContentState, staleDate: Date?)
    case end(countdownID: String, state: ContentState?, staleDate: Date?, dismissal: CountdownActivityDismissal)
    case endActivity(activityID: String, dismissal: CountdownActivityDismissal)
    case activities
  }

  private struct State {
    var activities: [HeldActivity] = []
    var calls: [Call] = []
    var answersListingsAtOnce = true
    var waitingListings:
      [(listing: [CountdownActivitySnapshot], completion: @Sendable ([CountdownActivitySnapshot]) -> Void)] = []
    /// What ``observePushTokens(_:)`` was given, by the key that stops it.
    var tokenObservers: [Int: @Sendable (CountdownActivityPushToken) -> Void] = [:]
    var nextObserver = 0

    /// The ends of the activities at `indices` that had a push token, to tell the observers.
    func tokenEnds(_ indices: [Int]) -> [CountdownActivityPushToken] {
      indices.compactMap { index in
        let activity = activities[index]
        guard activity.pushToken != nil else { return nil }
        return CountdownActivityPushToken(activityID: activity.id, countdownID: activity.countdownID, token: nil)
      }
    }
  }

  private let state = LockedState(State())
  private let now: @Sendable () -> Date

  /// An empty center whose activities go stale by `now` (the device's wall clock).
  public init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.now = now
  }

  /// Every activity started, active or ended, in the order they started.
  public var activities: [HeldActivity] { state.withLock { $0.activities } }

  /// The activity `id`, active or ended; `nil` if none was started under it.
  public func activity(_ id: String) -> HeldActivity? {
    state.withLock { $0.activities.first { $0.id == id } }
  }

  /// Every call received, in order.
  public var calls: [Call] { state.withLock { $0.calls } }

  /// Forgets the calls received so far.
  public func clearCalls() { state.withLock { $0.calls = [] } }

  /// Whether ``activities(_:)`` answers at once (`true`, at first) or when the test calls
  /// ``answerListings()``.
  public var answersListingsAtOnce: Bool {
    get { state.withLock { $0.answersListingsAtOnce } }
    set { state.withLock { $0.answersListingsAtOnce = newValue } }
  }

  /// Answers every listing asked for and not answered yet, in the order they were asked, each
  /// with the activities as they were when it was asked.
  public func answerListings() {
    let waiting = state.withLock { state in
      defer { state.waitingListings = [] }
      return state.waitingListings
    }
    // The completions are the package's (or the test's) code: called with no lock held.
    for (listing, completion) in waiting { completion(listing) }
  }

  /// Starts an activity for the countdown `countdownID`, as the app does with `Activity.request`;
  /// with `requestsPushToken`, as with `pushType: .token`: it has no token until the test issues
  /// one (``issuePushToken(_:activityID:)``), as the system issues it after the request.
  ///
  /// - Returns: The activity's identifier.
  @discardableResult
  public func start(
    countdownID: String, state content: ContentState?, staleDate: Date?, requestsPushToken: Bool = false
  ) -> String {
    state.withLock { state in
      let id = "activity-\(state.activities.count + 1)"
      var activity = HeldActivity(id: id, countdownID: countdownID, state: content, staleDate: staleDate)
      activity.requestsPushToken = requestsPushToken
      state.activities.append(activity)
      return id
    }
  }

  /// The system issues the activity `activityID` the push token `token`: its first, after the
  /// request, or a new one while it runs. Each observer (``observePushTokens(_:)``) is told, on
  /// this thread, with no lock held.
  ///
  /// - Returns: Whether the token was issued: `false` for an activity that was started without
  ///   push, that ended, or that there is not, which are issued none.
  @discardableResult
  public func issuePushToken(_ token: Data, activityID: String) -> Bool {
    let told = state.withLock {
      state -> (CountdownActivityPushToken, [@Sendable (CountdownActivityPushToken) -> Void])? in
      guard
        let index = state.activities.firstIndex(where: {
          $0.id == activityID && $0.dismissal == nil && $0.requestsPushToken
        })
      else { return nil }
      state.activities[index].pushToken = token
      let activity = state.activities[index]
      return (
        CountdownActivityPushToken(activityID: activity.id, countdownID: activity.countdownID, token: token),
        Array(state.tokenObservers.values)
      )
    }
    guard let (token, observers) = told else { return false }
    for observer in observers { observer(token) }
    return true
  }

  /// Ends the activity `activityID` as the person or the system does (dismissed from the Lock
  /// Screen, or past its eight hours), not through a call of the package's: not recorded in
  /// ``calls``. Its push token, if it had one, is told ended.
  ///
  /// - Returns: Whether an active activity ended.
  @discardableResult
  public func endBySystem(activityID: String) -> Bool {
    let ended = state.withLock {
      state -> ([CountdownActivityPushToken], [@Sendable (CountdownActivityPushToken) -> Void])? in
      guard let index = state.activities.firstIndex(where: { $0.id == activityID && $0.dismissal == nil }) else {
        return nil
      }
      state.activities[index].dismissal = .immediately
      return (state.tokenEnds([index]), Array(state.tokenObservers.values))
    }
    guard let (tokens, observers) = ended else { return false }
    tell(tokens, to: observers)
    return true
  }

  public func observePushTokens(
    _ handler: @escaping @Sendable (CountdownActivityPushToken) -> Void
  ) -> @Sendable () -> Void {
    let (key, current) = state.withLock { state in
      let key = state.nextObserver
      state.nextObserver += 1
      state.tokenObservers[key] = handler
      let current = state.activities.compactMap { activity in
        activity.dismissal == nil
          ? activity.pushToken.map {
            CountdownActivityPushToken(activityID: activity.id, countdownID: activity.countdownID, token: $0)
          } : nil
      }
      return (key, current)
    }
    // The handler is the package's (or the test's) code: called with no lock held.
    for token in current { handler(token) }
    return { [state] in
      let removed = state.withLock { $0.tokenObservers.removeValue(forKey: key) }
      _ = removed
    }
  }

  /// Tells `observers` each of `tokens`, with no lock held.
  private func tell(
    _ tokens: [CountdownActivityPushToken], to observers: [@Sendable (CountdownActivityPushToken) -> Void]
  ) {
    for token in tokens {
      for observer in observers { observer(token) }
    }
  }

  public func update(countdownID: String, state content: ContentState, staleDate: Date?) {
    state.withLock { state in
      state.calls.append(.update(countdownID: countdownID, state: content, staleDate: staleDate))
      for index in state.activities.indices
      where state.activities[index].countdownID == countdownID && state.activities[index].dismissal == nil {
        state.activities[index].state = content
        state.activities[index].staleDate = staleDate
      }
    }
  }

  public func end(
    countdownID: String, state content: ContentState?, staleDate: Date?, dismissal: CountdownActivityDismissal
  ) {
    let (tokens, observers) = state.withLock { state in
      state.calls.append(.end(countdownID: countdownID, state: content, staleDate: staleDate, dismissal: dismissal))
      var ended: [Int] = []
      for index in state.activities.indices
      where state.activities[index].countdownID == countdownID && state.activities[index].dismissal == nil {
        if let content { state.activities[index].state = content }
        state.activities[index].staleDate = staleDate
        state.activities[index].dismissal = dismissal
        ended.append(index)
      }
      return (state.tokenEnds(ended), Array(state.tokenObservers.values))
    }
    tell(tokens, to: observers)
  }

  public func end(activityID: String, dismissal: CountdownActivityDismissal) {
    let (tokens, observers) = state.withLock { state in
      state.calls.append(.endActivity(activityID: activityID, dismissal: dismissal))
      guard let index = state.activities.firstIndex(where: { $0.id == activityID && $0.dismissal == nil }) else {
        return ([CountdownActivityPushToken](), [@Sendable (CountdownActivityPushToken) -> Void]())
      }
      state.activities[index].dismissal = dismissal
      return (state.tokenEnds([index]), Array(state.tokenObservers.values))
    }
    tell(tokens, to: observers)
  }

  public func activities(_ completion: @escaping @Sendable ([CountdownActivitySnapshot]) -> Void) {
    // The test's clock is read before the lock: it is code of the test's.
    let date = now()
    let listing: [CountdownActivitySnapshot]? = state.withLock { state in
      state.calls.append(.activities)
      let listing = state.activities.filter { $0.dismissal == nil }.map {
        CountdownActivitySnapshot(
          id: $0.id, countdownID: $0.countdownID, isStale: $0.staleDate.map { $0 <= date } ?? false)
      }
      guard state.answersListingsAtOnce else {
        state.waitingListings.append((listing, completion))
        return nil
      }
      return listing
    }
    if let listing { completion(listing) }
  }
}
