public import Foundation
import CountdownKit

/// A Live Activity center for tests, the app's own included, with ActivityKit's semantics: no
/// device, no waiting. The test starts an activity as the app would (``start(countdownID:state:staleDate:)``);
/// the package keeps it in step.
///
/// - An update changes the content of the countdown's active activities; an end ends them, with
///   their last content and dismissal; an ended activity changes no more.
/// - Every call takes effect at once, and is recorded in ``calls``.
public final class FakeActivityCenter<ContentState: Hashable & Sendable>: CountdownActivityCenter {
  /// One Live Activity.
  public struct HeldActivity: Hashable, Sendable {
    /// Its identifier, as `Activity.id`.
    public var id: Int
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
  }

  private struct State {
    var activities: [HeldActivity] = []
    var calls: [Call] = []
  }

  private let state = LockedState(State())

  /// An empty center.
  public init() {}

  /// Every activity started, active or ended, in the order they started.
  public var activities: [HeldActivity] { state.withLock { $0.activities } }

  /// Every call received, in order.
  public var calls: [Call] { state.withLock { $0.calls } }

  /// Forgets the calls received so far.
  public func clearCalls() { state.withLock { $0.calls = [] } }

  /// Starts an activity for the countdown `countdownID`, as the app does with `Activity.request`.
  ///
  /// - Returns: The activity's identifier.
  @discardableResult
  public func start(countdownID: String, state content: ContentState?, staleDate: Date?) -> Int {
    state.withLock { state in
      let id = state.activities.count
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

  public func end(countdownID: String, state content: ContentState?, staleDate: Date?, dismissal: CountdownActivityDismissal) {
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
}
