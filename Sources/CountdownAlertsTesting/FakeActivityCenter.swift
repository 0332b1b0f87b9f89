public import CountdownAlerts
import CountdownCore
public import Foundation

/// A Live Activity center for tests, the app's own included, with ActivityKit's semantics: no
/// device, no waiting. The test starts an activity as the app would (``start(countdownID:state:staleDate:)``);
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

  /// Starts an activity for the countdown `countdownID`, as the app does with `Activity.request`.
  ///
  /// - Returns: The activity's identifier.
  @discardableResult
  public func start(countdownID: String, state content: ContentState?, staleDate: Date?) -> String {
    state.withLock { state in
      let id = "activity-\(state.activities.count + 1)"
      state.activities.append(HeldActivity(id: id, countdownID: countdownID, state: content, staleDate: staleDate))
      return id
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
    state.withLock { state in
      state.calls.append(.end(countdownID: countdownID, state: content, staleDate: staleDate, dismissal: dismissal))
      for index in state.activities.indices
      where state.activities[index].countdownID == countdownID && state.activities[index].dismissal == nil {
        if let content { state.activities[index].state = content }
        state.activities[index].staleDate = staleDate
        state.activities[index].dismissal = dismissal
      }
    }
  }

  public func end(activityID: String, dismissal: CountdownActivityDismissal) {
    state.withLock { state in
      state.calls.append(.endActivity(activityID: activityID, dismissal: dismissal))
      guard let index = state.activities.firstIndex(where: { $0.id == activityID && $0.dismissal == nil }) else {
        return
      }
      state.activities[index].dismissal = dismissal
    }
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
