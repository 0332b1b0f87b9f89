public import Foundation
import CountdownKit

/// An alarm center for tests, the app's own included, with AlarmKit's documented semantics: no
/// device, no waiting.
///
/// ```swift
/// let clock = ManualCountdownClock()
/// let start = Date()
/// // The device's wall clock, moving with the manual clock.
/// let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
/// let manager = try CountdownManager(clock: clock, wallClock: wall)
/// let center = FakeAlarmCenter(now: wall)
/// let alarms = try CountdownAlarms(String.self, manager: manager, center: center)
/// try manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
/// XCTAssertEqual(center.alarms.map(\.id), [alarms.alarmID(for: "oven")])
/// XCTAssertEqual(center.alarms.first?.fireDate, manager.endDate(id: "oven"))
/// ```
///
/// What it does as AlarmKit does:
/// - A scheduled timer counts down at once (``CountdownAlarmState/countdown``) and rings
///   (``CountdownAlarmState/alerting``) when the wall clock it is made with (``init(now:)``)
///   reaches its end; it rings until ``stop(id:)`` (the person) or a cancel.
/// - ``pause(id:completion:)`` works only on an alarm counting down, keeping its time left;
///   ``resume(id:completion:)`` only on a paused one, counting the time left from then; each
///   fails with ``WrongStateError`` otherwise (``UnknownAlarmError`` for an identifier it does not
///   hold). ``cancel(id:completion:)`` removes an alarm in any state.
/// - With ``authorization`` ``CountdownAlertAuthorization/denied``, scheduling fails with
///   ``CountdownAlertError/notAuthorized``; past ``limit``, with
///   ``CountdownAlertError/alarmLimitReached`` (AlarmKit's `maximumLimitReached`). Scheduling an
///   identifier it holds fails with ``DuplicateAlarmError``: AlarmKit documents no replacement.
///
/// Every call takes effect at once and calls its completion before returning, outside the
/// fake's lock.
public final class FakeAlarmCenter: CountdownAlarmCenter {
  /// One alarm the center holds.
  public struct HeldAlarm: Hashable, Sendable {
    /// Its identifier.
    public var id: UUID
    /// The countdown it stands for, as its request said.
    public var countdownID: String
    /// Where it is.
    public var state: CountdownAlarmState
    /// When it rings, while it counts down (or when it started ringing); `nil` while paused.
    public var fireDate: Date?
    /// Its time left while paused; `nil` otherwise.
    public var remaining: TimeInterval?
  }

  /// A call the center received, in order.
  public enum Call: Hashable, Sendable {
    case schedule(UUID)
    case pause(UUID)
    case resume(UUID)
    case cancel(UUID)
    case alarms

    /// The alarm the call names, if one.
    public var id: UUID? {
      switch self {
      case .schedule(let id), .pause(let id), .resume(let id), .cancel(let id): id
      case .alarms: nil
      }
    }
  }

  /// A pause of an alarm not counting down, or a resume of one not paused.
  public struct WrongStateError: Error, Hashable {
    /// The alarm's state when the call came.
    public var state: CountdownAlarmState
  }

  /// A call naming an alarm the center does not hold.
  public struct UnknownAlarmError: Error, Hashable {}

  /// A schedule under an identifier the center holds.
  public struct DuplicateAlarmError: Error, Hashable {}

  private struct State {
    var alarms: [HeldAlarm] = []
    var calls: [Call] = []
    var authorization = CountdownAlertAuthorization.authorized
    var limit: Int?
    var readError: (any Error)?
  }

  private let state = LockedState(State())
  private let now: @Sendable () -> Date

  /// A fake center whose alarms ring by `now` (the device's wall clock).
  public init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.now = now
  }

  // MARK: What the test sees

  /// The alarms held, in the order they were scheduled, as of now.
  public var alarms: [HeldAlarm] {
    let date = now()
    return state.withLock { state in
      Self.fire(&state, at: date)
      return state.alarms
    }
  }

  /// Every call received, in order.
  public var calls: [Call] { state.withLock { $0.calls } }

  /// Forgets the calls received so far.
  public func clearCalls() { state.withLock { $0.calls = [] } }

  /// Whether the app may schedule alarms; ``CountdownAlertAuthorization/authorized`` at first.
  public var authorization: CountdownAlertAuthorization {
    get { state.withLock { $0.authorization } }
    set { state.withLock { $0.authorization = newValue } }
  }

  /// How many alarms the device holds at most; `nil` (at first) for no limit.
  public var limit: Int? {
    get { state.withLock { $0.limit } }
    set { state.withLock { $0.limit = newValue } }
  }

  /// Makes ``alarms(_:)`` fail with `error` until called with `nil`.
  public func failReads(with error: (any Error)?) {
    state.withLock { $0.readError = error }
  }

  /// Puts an alarm in the center now, as if scheduled earlier (by a previous process, or by the
  /// app's own code), counting down to `fireDate`, or in `state`.
  public func hold(id: UUID, countdownID: String = "", state alarmState: CountdownAlarmState = .countdown, fireDate: Date) {
    // The test's clock is read before the lock: it is code of the test's.
    let remaining = alarmState == .paused ? fireDate.timeIntervalSince(now()) : nil
    state.withLock { state in
      state.alarms.removeAll { $0.id == id }
      state.alarms.append(
        HeldAlarm(
          id: id, countdownID: countdownID, state: alarmState, fireDate: alarmState == .paused ? nil : fireDate,
          remaining: remaining))
    }
  }

  /// The person stops a ringing alarm: it goes (a one-shot alarm is not scheduled again).
  public func stop(id: UUID) {
    state.withLock { $0.alarms.removeAll { $0.id == id && $0.state == .alerting } }
  }

  // MARK: CountdownAlarmCenter

  public func schedule(_ request: CountdownAlarmRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {
    precondition(request.duration > 0, "a timer's duration must be above zero")
    let date = now()
    let error: (any Error)? = state.withLock { state in
      state.calls.append(.schedule(request.id))
      Self.fire(&state, at: date)
      if state.authorization == .denied { return CountdownAlertError.notAuthorized }
      if state.alarms.contains(where: { $0.id == request.id }) { return DuplicateAlarmError() }
      if let limit = state.limit, state.alarms.count >= limit { return CountdownAlertError.alarmLimitReached }
      state.alarms.append(
        HeldAlarm(
          id: request.id, countdownID: request.countdownID, state: .countdown, fireDate: date + request.duration,
          remaining: nil))
      return nil
    }
    completion(error)
  }

  public func pause(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
    change(.pause(id), id: id, from: .countdown, completion: completion) { alarm, date in
      alarm.state = .paused
      alarm.remaining = alarm.fireDate.map { $0.timeIntervalSince(date) }
      alarm.fireDate = nil
    }
  }

  public func resume(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
    change(.resume(id), id: id, from: .paused, completion: completion) { alarm, date in
      alarm.state = .countdown
      alarm.fireDate = date + (alarm.remaining ?? 0)
      alarm.remaining = nil
    }
  }

  public func cancel(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
    let error: (any Error)? = state.withLock { state in
      state.calls.append(.cancel(id))
      guard state.alarms.contains(where: { $0.id == id }) else { return UnknownAlarmError() }
      state.alarms.removeAll { $0.id == id }
      return nil
    }
    completion(error)
  }

  public func alarms(_ completion: @escaping @Sendable (Result<[CountdownAlarmSnapshot], any Error>) -> Void) {
    let date = now()
    let result: Result<[CountdownAlarmSnapshot], any Error> = state.withLock { state in
      state.calls.append(.alarms)
      Self.fire(&state, at: date)
      if let error = state.readError { return .failure(error) }
      return .success(state.alarms.map { CountdownAlarmSnapshot(id: $0.id, state: $0.state) })
    }
    completion(result)
  }

  // MARK: Applying

  /// Changes the alarm `id`, which must be in state `from`.
  private func change(
    _ call: Call, id: UUID, from: CountdownAlarmState, completion: @Sendable ((any Error)?) -> Void,
    _ body: (inout HeldAlarm, Date) -> Void
  ) {
    let date = now()
    let error: (any Error)? = state.withLock { state in
      state.calls.append(call)
      Self.fire(&state, at: date)
      guard let index = state.alarms.firstIndex(where: { $0.id == id }) else { return UnknownAlarmError() }
      guard state.alarms[index].state == from else { return WrongStateError(state: state.alarms[index].state) }
      body(&state.alarms[index], date)
      return nil
    }
    completion(error)
  }

  /// Counting alarms whose end is reached by `date` ring.
  private static func fire(_ state: inout State, at date: Date) {
    for index in state.alarms.indices
    where state.alarms[index].state == .countdown && state.alarms[index].fireDate.map({ $0 <= date }) == true {
      state.alarms[index].state = .alerting
    }
  }
}
