import CountdownKit
public import Foundation

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
///   reaches its end (seen at the center's next call or read: it has no timer of its own); it
///   rings until the person stops it (``personStops(id:)``) or a cancel.
/// - The person acts in the system's alarm UI: ``personPauses(id:)``, ``personResumes(id:)``,
///   ``personStops(id:)`` change the alarm as the Lock Screen's buttons do.
/// - Every change of the alarms, the app's calls included, is published to the observers
///   (``observeAlarms(_:)``, AlarmKit's `alarmUpdates`) with every alarm as it stands after it:
///   before the call that made it returns, or, while ``defersUpdates``, when the test calls
///   ``deliverUpdates()`` (AlarmKit's updates may come a while after the change).
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
/// fake's lock. The observers are called outside it too, with one update at a time, in order: an
/// update published while they are being called (by a change made from an observer, or on
/// another thread) reaches them once the update before it has reached them all.
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
    var observers: [Int: @Sendable ([CountdownAlarmSnapshot]) -> Void] = [:]
    var nextObserver = 0
    /// Published, not delivered yet, oldest first.
    var updates: [[CountdownAlarmSnapshot]] = []
    var defersUpdates = false
    /// Whether a thread is calling the observers (it delivers what others publish meanwhile, so
    /// that they hear the changes one at a time and in order).
    var isDelivering = false

    /// Publishes the alarms as they stand, if an observer is there to hear it.
    mutating func publish() {
      guard !observers.isEmpty else { return }
      updates.append(alarms.map { CountdownAlarmSnapshot(id: $0.id, state: $0.state) })
    }
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
    let alarms = state.withLock { state in
      Self.fire(&state, at: date)
      return state.alarms
    }
    deliver()
    return alarms
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

  /// Whether updates wait for ``deliverUpdates()`` rather than reaching the observers before the
  /// call that made them returns; `false` at first.
  public var defersUpdates: Bool {
    get { state.withLock { $0.defersUpdates } }
    set { state.withLock { $0.defersUpdates = newValue } }
  }

  /// Delivers the updates waiting (``defersUpdates``), in order, and those that come while they
  /// are delivered.
  public func deliverUpdates() {
    deliver(waiting: true)
  }

  /// How many observations (``observeAlarms(_:)``) are watching the alarms.
  public var observationCount: Int { state.withLock { $0.observers.count } }

  /// Makes ``alarms(_:)`` fail with `error` until called with `nil`.
  public func failReads(with error: (any Error)?) {
    state.withLock { $0.readError = error }
  }

  /// Puts an alarm in the center now, as if scheduled earlier (by a previous process, or by the
  /// app's own code), counting down to `fireDate`, or in `state`.
  public func hold(
    id: UUID, countdownID: String = "", state alarmState: CountdownAlarmState = .countdown, fireDate: Date
  ) {
    // The test's clock is read before the lock: it is code of the test's.
    let remaining = alarmState == .paused ? fireDate.timeIntervalSince(now()) : nil
    state.withLock { state in
      state.alarms.removeAll { $0.id == id }
      state.alarms.append(
        HeldAlarm(
          id: id, countdownID: countdownID, state: alarmState, fireDate: alarmState == .paused ? nil : fireDate,
          remaining: remaining))
      state.publish()
    }
    deliver()
  }

  // MARK: What the person does

  /// The person pauses the alarm `id` in the system's alarm UI: as ``pause(id:completion:)``, it
  /// works only while the alarm counts down, and keeps its time left.
  ///
  /// - Returns: Whether the alarm was counting down (and is paused now).
  @discardableResult
  public func personPauses(id: UUID) -> Bool {
    act(id: id, from: .countdown, Self.pausing)
  }

  /// The person resumes the paused alarm `id` in the system's alarm UI: as
  /// ``resume(id:completion:)``, it counts the time left from now.
  ///
  /// - Returns: Whether the alarm was paused (and counts down now).
  @discardableResult
  public func personResumes(id: UUID) -> Bool {
    act(id: id, from: .paused, Self.resuming)
  }

  /// The person stops the alarm `id` in the system's alarm UI (its stop button): in any state it
  /// goes, counting down, paused or ringing (a one-shot alarm is not scheduled again).
  ///
  /// - Returns: Whether the center held the alarm.
  @discardableResult
  public func personStops(id: UUID) -> Bool {
    act(id: id, from: nil) { _, _ in }
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
      state.publish()
      return nil
    }
    deliver()
    completion(error)
  }

  public func pause(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
    change(.pause(id), id: id, from: .countdown, completion: completion, Self.pausing)
  }

  public func resume(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
    change(.resume(id), id: id, from: .paused, completion: completion, Self.resuming)
  }

  public func cancel(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
    change(.cancel(id), id: id, from: nil, completion: completion) { _, _ in }
  }

  public func alarms(_ completion: @escaping @Sendable (Result<[CountdownAlarmSnapshot], any Error>) -> Void) {
    let date = now()
    let result: Result<[CountdownAlarmSnapshot], any Error> = state.withLock { state in
      state.calls.append(.alarms)
      Self.fire(&state, at: date)
      if let error = state.readError { return .failure(error) }
      return .success(state.alarms.map { CountdownAlarmSnapshot(id: $0.id, state: $0.state) })
    }
    deliver()
    completion(result)
  }

  public func observeAlarms(_ onChange: @escaping @Sendable ([CountdownAlarmSnapshot]) -> Void)
    -> CountdownAlarmObservation
  {
    let key = state.withLock { state in
      defer { state.nextObserver += 1 }
      state.observers[state.nextObserver] = onChange
      return state.nextObserver
    }
    return CountdownAlarmObservation { [weak self] in
      // Released after the lock: the observer's closure may hold what runs a deinit.
      let removed = self?.state.withLock { $0.observers.removeValue(forKey: key) }
      _ = removed
    }
  }

  // MARK: Applying

  /// Changes the alarm `id`, which must be in state `from` (any state for `nil`: `body` is then a
  /// removal, made here), for the app's `call`.
  private func change(
    _ call: Call, id: UUID, from: CountdownAlarmState?, completion: @Sendable ((any Error)?) -> Void,
    _ body: (inout HeldAlarm, Date) -> Void
  ) {
    let date = now()
    let error: (any Error)? = state.withLock { state in
      state.calls.append(call)
      return Self.apply(&state, id: id, from: from, at: date, body)
    }
    deliver()
    completion(error)
  }

  /// Changes the alarm `id` as the person does: no call is recorded, no error reported.
  private func act(id: UUID, from: CountdownAlarmState?, _ body: (inout HeldAlarm, Date) -> Void) -> Bool {
    let date = now()
    let error = state.withLock { Self.apply(&$0, id: id, from: from, at: date, body) }
    deliver()
    return error == nil
  }

  /// The change of ``change(_:id:from:completion:_:)`` and ``act(id:from:_:)``, published when made.
  private static func apply(
    _ state: inout State, id: UUID, from: CountdownAlarmState?, at date: Date, _ body: (inout HeldAlarm, Date) -> Void
  ) -> (any Error)? {
    fire(&state, at: date)
    guard let index = state.alarms.firstIndex(where: { $0.id == id }) else { return UnknownAlarmError() }
    if let from {
      guard state.alarms[index].state == from else { return WrongStateError(state: state.alarms[index].state) }
      body(&state.alarms[index], date)
    } else {
      state.alarms.remove(at: index)
    }
    state.publish()
    return nil
  }

  /// A pause: the time left is kept, there is no end until a resume.
  private static func pausing(_ alarm: inout HeldAlarm, at date: Date) {
    alarm.state = .paused
    alarm.remaining = alarm.fireDate.map { $0.timeIntervalSince(date) }
    alarm.fireDate = nil
  }

  /// A resume: the time left is counted from `date`.
  private static func resuming(_ alarm: inout HeldAlarm, at date: Date) {
    alarm.state = .countdown
    alarm.fireDate = date + (alarm.remaining ?? 0)
    alarm.remaining = nil
  }

  /// Counting alarms whose end is reached by `date` ring; the change is published.
  private static func fire(_ state: inout State, at date: Date) {
    var rang = false
    for index in state.alarms.indices
    where state.alarms[index].state == .countdown && state.alarms[index].fireDate.map({ $0 <= date }) == true {
      state.alarms[index].state = .alerting
      rang = true
    }
    if rang { state.publish() }
  }

  /// Calls the observers with the updates published, one at a time and in order, outside the
  /// lock, unless they wait (``defersUpdates``, but for `waiting`) or another thread delivers
  /// (it delivers these too).
  private func deliver(waiting: Bool = false) {
    let starts = state.withLock { state in
      guard !state.isDelivering, waiting || !state.defersUpdates else { return false }
      state.isDelivering = true
      return true
    }
    guard starts else { return }
    while let (update, observers) = state.withLock({
      state -> ([CountdownAlarmSnapshot], [@Sendable ([CountdownAlarmSnapshot]) -> Void])? in
      guard !state.updates.isEmpty, waiting || !state.defersUpdates else {
        state.isDelivering = false
        return nil
      }
      let observers = state.observers.sorted { $0.key < $1.key }.map(\.value)
      return (state.updates.removeFirst(), observers)
    }) {
      for observer in observers {
        observer(update)
      }
    }
  }
}
