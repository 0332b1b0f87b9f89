public import CountdownAlerts
import CountdownCore
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
/// What it does as AlarmKit does, call by call (a timer that counts down at once and rings at its
/// end on the wall clock it is made with, ``WrongStateError`` for a pause or a resume AlarmKit
/// refuses, the authorization and its updates, a ``limit``, the listing answered later, the
/// person's pause, resume, stop and snooze), is listed in the alerts' article, "Alarms that ring
/// through Silent mode"; each member says its own.
///
/// Every call takes effect at once and calls its completion before returning; the observers get
/// one update at a time, in order; both outside the fake's lock. What the person does reaches the
/// observers late, as AlarmKit's updates may (``deliversPersonsUpdatesAtOnce``).
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
    /// The timer's duration, as the request said when the call was made.
    public var duration: TimeInterval = 0
    /// The sound its request named (``CountdownAlerts/CountdownAlarmOptions/soundName``); `nil` for the default.
    public var soundName: String?
    /// How long a snooze counts down (``CountdownAlerts/CountdownAlarmOptions/postAlert``); `nil`: the
    /// timer's duration.
    public var postAlert: TimeInterval?
  }

  /// A call the center received, in order.
  public enum Call: Hashable, Sendable {
    case schedule(UUID)
    case pause(UUID)
    case resume(UUID)
    case cancel(UUID)
    case alarms
    case requestAuthorization

    /// The alarm the call names, if one.
    public var id: UUID? {
      switch self {
      case .schedule(let id), .pause(let id), .resume(let id), .cancel(let id): id
      case .alarms, .requestAuthorization: nil
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

  struct State {
    var alarms: [HeldAlarm] = []
    var calls: [Call] = []
    var authorization = CountdownAlarmAuthorization.authorized
    var limit: Int?
    var readError: (any Error)?
    var cancelError: (any Error)?
    var cancelFailuresLeft = 0
    var observers: [Int: @Sendable ([CountdownAlarmSnapshot]) -> Void] = [:]
    var nextObserver = 0
    /// Published, not delivered yet, oldest first.
    var updates: [[CountdownAlarmSnapshot]] = []
    var defersUpdates = false
    var deliversPersonsUpdatesAtOnce = false
    /// Whether a thread is calling the observers (it delivers what others publish meanwhile, so
    /// that they hear the changes one at a time and in order).
    var isDelivering = false
    /// The options of each alarm held, as its request gave them.
    var options: [UUID: CountdownAlarmOptions] = [:]
    /// What the person answers when asked for authorization.
    var requestAnswer = CountdownAlarmAuthorization.authorized
    var authorizationObservers: [Int: @Sendable (CountdownAlarmAuthorization) -> Void] = [:]
    var answersListingsAtOnce = false
    /// Listings taken, not answered yet, oldest first.
    var listings:
      [(Result<[CountdownAlarmSnapshot], any Error>, @Sendable (Result<[CountdownAlarmSnapshot], any Error>) -> Void)] =
        []
    /// Given each stop intent the person's stop runs.
    var stopIntentRunner: (@Sendable (any Sendable) -> Void)?

    /// Publishes the alarms as they stand, if an observer is there to hear it.
    mutating func publish() {
      guard !observers.isEmpty else { return }
      updates.append(alarms.map { CountdownAlarmSnapshot(id: $0.id, state: $0.state) })
    }
  }

  let state = LockedState(State())
  let now: @Sendable () -> Date

  /// A fake center whose alarms ring by `now` (the device's wall clock).
  public init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.now = now
  }

  // MARK: What the test sees

  /// The alarms held, in the order they were scheduled, as of now.
  public var alarms: [HeldAlarm] {
    answerWaitingListings()
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

  /// Whether the app may schedule alarms (AlarmKit's `authorizationState`);
  /// ``CountdownAlerts/CountdownAlarmAuthorization/authorized`` at first. Setting it is the person's
  /// answer, or their change in Settings: a change is told to the observers
  /// (``observeAuthorization(_:)``, AlarmKit's `authorizationUpdates`).
  public var authorization: CountdownAlarmAuthorization {
    get { state.withLock { $0.authorization } }
    set { setAuthorization(newValue) }
  }

  /// What the person answers when ``requestAuthorization()`` asks them (only while
  /// ``authorization`` is ``CountdownAlerts/CountdownAlarmAuthorization/notDetermined``);
  /// ``CountdownAlerts/CountdownAlarmAuthorization/authorized`` at first.
  public var requestAnswer: CountdownAlarmAuthorization {
    get { state.withLock { $0.requestAnswer } }
    set { state.withLock { $0.requestAnswer = newValue } }
  }

  /// Whether the listing (``alarms(_:)``) is answered before `alarms(_:)` returns; `false` at
  /// first: as AlarmKit answers it on a task of its own, it is taken when asked and answered at
  /// the center's next call or read of ``alarms``, or at ``answerListings()``.
  public var answersListingsAtOnce: Bool {
    get { state.withLock { $0.answersListingsAtOnce } }
    set { state.withLock { $0.answersListingsAtOnce = newValue } }
  }

  /// Answers the listings asked and not answered yet (``answersListingsAtOnce``), in order.
  public func answerListings() {
    answerWaitingListings()
  }

  /// The options the request of the alarm `id` gave, while the center holds it.
  public func options(for id: UUID) -> CountdownAlarmOptions? {
    state.withLock { $0.options[id] }
  }

  /// Runs each stop intent the person's stop starts (``personStops(id:)`` on an alarm whose request
  /// had a ``CountdownAlerts/CountdownAlarmOptions/stopIntent``), as AlarmKit runs it in the app's
  /// process: the test performs it. `nil` (at first): no intent runs.
  public var stopIntentRunner: (@Sendable (any Sendable) -> Void)? {
    get { state.withLock { $0.stopIntentRunner } }
    set { state.withLock { $0.stopIntentRunner = newValue } }
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

  /// Whether the update of what the person did (``personPauses(id:)``, ``personResumes(id:)``,
  /// ``personStops(id:)``, ``personSnoozes(id:)``) reaches the observers before that call returns;
  /// `false` at first: as AlarmKit's `alarmUpdates` may come a while after the person's change
  /// (an app the system suspended hears it when it runs again), it waits for the center's next
  /// call or read of ``alarms``, or ``deliverUpdates()``, and the app's calls made meanwhile are
  /// made before the app heard of it.
  public var deliversPersonsUpdatesAtOnce: Bool {
    get { state.withLock { $0.deliversPersonsUpdatesAtOnce } }
    set { state.withLock { $0.deliversPersonsUpdatesAtOnce = newValue } }
  }

  /// Delivers the updates waiting (``defersUpdates``, ``deliversPersonsUpdatesAtOnce``), in
  /// order, and those that come while they are delivered.
  public func deliverUpdates() {
    deliver(waiting: true)
  }

  /// How many observations (``observeAlarms(_:)``) are watching the alarms.
  public var observationCount: Int { state.withLock { $0.observers.count } }

  /// Makes ``alarms(_:)`` fail with `error` until called with `nil`.
  public func failReads(with error: (any Error)?) {
    state.withLock { $0.readError = error }
  }

  /// Makes the next `times` cancels (every one, by default) fail with `error`, until called with
  /// `nil`: the alarm stays as it was (as AlarmKit's `cancel(id:)` may throw with the alarm still
  /// there).
  public func failCancels(with error: (any Error)?, times: Int = .max) {
    state.withLock { state in
      state.cancelError = error
      state.cancelFailuresLeft = error == nil ? 0 : max(0, times)
    }
  }

  /// Puts an alarm in the center now, as if scheduled earlier (by a previous process, or by the
  /// app's own code), counting down to `fireDate`, or in `state`.
  public func hold(
    id: UUID, countdownID: String = "", state alarmState: CountdownAlarmState = .countdown, fireDate: Date
  ) {
    // The test's clock is read before the lock: it is code of the test's.
    let untilFire = fireDate.timeIntervalSince(now())
    let remaining = alarmState == .paused ? untilFire : nil
    state.withLock { state in
      state.alarms.removeAll { $0.id == id }
      state.alarms.append(
        HeldAlarm(
          id: id, countdownID: countdownID, state: alarmState, fireDate: alarmState == .paused ? nil : fireDate,
          remaining: remaining, duration: max(untilFire, 0)))
      state.options[id] = nil
      state.publish()
    }
    deliver()
  }

  /// The person set the device's clock `seconds` forward (backward, if negative): the fake's wall
  /// clock (``init(now:)``) has moved, and each alarm counting down keeps its time left, its fire
  /// date moving with the clock, as a timer counts its duration. (What AlarmKit does then is not
  /// documented; the alarms take a timer for counting its duration, and this is that reading.)
  public func deviceClockChanged(by seconds: TimeInterval) {
    state.withLock { state in
      for index in state.alarms.indices where state.alarms[index].state == .countdown {
        state.alarms[index].fireDate = state.alarms[index].fireDate.map { $0 + seconds }
      }
    }
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
    let (intent, runner) = state.withLock { ($0.options[id]?.stopIntent, $0.stopIntentRunner) }
    let stopped = act(id: id, from: nil) { _, _ in }
    if stopped, let intent, let runner { runner(intent) }
    return stopped
  }

  /// The person snoozes the ringing alarm `id` (the alert's secondary button with the `.countdown`
  /// behavior; AlarmKit's `countdown(id:)`): it counts down again, for its request's
  /// ``CountdownAlerts/CountdownAlarmOptions/postAlert``, or the timer's duration without one.
  ///
  /// - Returns: Whether the alarm was ringing (and counts down now).
  @discardableResult
  public func personSnoozes(id: UUID) -> Bool {
    act(id: id, from: .alerting) { alarm, date in
      alarm.state = .countdown
      alarm.fireDate = date + (alarm.postAlert ?? alarm.duration)
    }
  }
}
