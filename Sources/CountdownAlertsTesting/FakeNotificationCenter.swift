public import CountdownAlerts
import CountdownCore
public import Foundation

/// A notification center for tests, the app's own included, with the system's documented
/// semantics: no device, no waiting.
///
/// ```swift
/// let clock = ManualCountdownClock()
/// let start = Date()
/// // The device's wall clock, moving with the manual clock.
/// let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
/// let manager = try CountdownManager(clock: clock, wallClock: wall)
/// let center = FakeNotificationCenter(now: wall)
/// let alerts = try CountdownNotifications(String.self, manager: manager, center: center) { id, _ in
///   CountdownAlertContent(title: id, body: "Done")
/// }
/// try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
/// center.drain()
/// XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea")])
/// XCTAssertEqual(center.pending.first?.fireDate, manager.endDate(id: "tea"))
/// ```
///
/// What it does as the system does:
/// - Every call is queued and takes effect at ``drain()``, in call order (a removal "executes
///   asynchronously"); completions are called there, outside its lock.
/// - A request fires (moves to ``delivered``) at its instant whatever the calls queued after it
///   (``drain()`` delivers it before it applies them); removing it after that does nothing. Adding
///   a request whose identifier is pending replaces it.
/// - At most ``limit`` requests are pending: past it, the latest-firing are dropped without an
///   error (of equal fire dates, the one added last); ``droppedCount`` counts them.
/// - With ``authorization`` ``CountdownAlerts/CountdownAlertAuthorization/denied``, adding fails with
///   ``NotAllowedError``; ``failAdds(with:)`` makes every add fail with an error of the test's. A
///   time interval of zero or less traps, as `UNTimeIntervalNotificationTrigger` raises for it.
///
/// Requests fire by the wall clock it is made with (``init(now:)``), which the test moves; a jump of
/// it moves the fire dates of time-interval requests, the worst case an app must expect.
public final class FakeNotificationCenter: CountdownAlertCenter {
  /// The system's limit on pending requests, ``CountdownAlerts/CountdownAlertRequest/systemPendingLimit``.
  public static var limit: Int { CountdownAlertRequest.systemPendingLimit }

  /// A request waiting to fire.
  public struct PendingRequest: Hashable, Sendable {
    /// Its identifier.
    public var identifier: String
    /// What it says.
    public var content: CountdownAlertContent
    /// When it fires, on the wall clock.
    public var fireDate: Date
  }

  /// A call the center received, in order: for checking that no call touched a request that was
  /// not its caller's.
  public enum Call: Hashable, Sendable {
    /// ``add(_:completion:)`` with this identifier.
    case add(String)
    /// ``removePendingRequests(withIdentifiers:)``.
    case removePending([String])
    /// ``removeDeliveredNotifications(withIdentifiers:)``.
    case removeDelivered([String])
    /// ``pendingRequestIdentifiers(_:)``.
    case pendingRequestIdentifiers
    /// ``authorizationStatus(_:)``.
    case authorizationStatus

    /// The identifiers the call names.
    public var identifiers: [String] {
      switch self {
      case .add(let identifier): [identifier]
      case .removePending(let identifiers), .removeDelivered(let identifiers): identifiers
      case .pendingRequestIdentifiers, .authorizationStatus: []
      }
    }
  }

  /// The error an add fails with while notifications are denied (the system's
  /// `UNError.notificationsNotAllowed`).
  public struct NotAllowedError: Error, Hashable {}

  private enum Operation {
    case add(PendingRequest, @Sendable ((any Error)?) -> Void)
    case removePending([String])
    case removeDelivered([String])
    case pendingIdentifiers(@Sendable ([String]) -> Void)
    case authorization(@Sendable (CountdownAlertAuthorization) -> Void)
  }

  private struct State {
    /// The calls not yet in effect, each with the wall clock's reading when it was made.
    var queue: [(at: Date, operation: Operation)] = []
    var pending: [PendingRequest] = []
    var delivered: [PendingRequest] = []
    var calls: [Call] = []
    var authorization = CountdownAlertAuthorization.authorized
    var addError: (any Error)?
    var droppedCount = 0
  }

  private let state = LockedState(State())
  private let now: @Sendable () -> Date

  /// A fake center whose requests fire by `now` (the device's wall clock).
  public init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.now = now
  }

  // MARK: What the test sees

  /// The requests waiting to fire, soonest first, as of the last ``drain()``.
  public var pending: [PendingRequest] {
    state.withLock { $0.pending }.sorted { $0.fireDate < $1.fireDate }
  }

  /// The requests that fired, in the order they fired, less those removed.
  public var delivered: [PendingRequest] {
    state.withLock { $0.delivered }
  }

  /// Every call received, in order.
  public var calls: [Call] {
    state.withLock { $0.calls }
  }

  /// Forgets the calls received so far (``calls`` starts again empty).
  public func clearCalls() {
    state.withLock { $0.calls = [] }
  }

  /// How many calls are queued, not yet in effect.
  public var queuedCount: Int {
    state.withLock { $0.queue.count }
  }

  /// How many requests were dropped past ``limit``.
  public var droppedCount: Int {
    state.withLock { $0.droppedCount }
  }

  /// Whether the app may show notifications; ``CountdownAlerts/CountdownAlertAuthorization/authorized`` at first.
  public var authorization: CountdownAlertAuthorization {
    get { state.withLock { $0.authorization } }
    set { state.withLock { $0.authorization = newValue } }
  }

  /// Makes every add fail with `error` until called with `nil`.
  public func failAdds(with error: (any Error)?) {
    state.withLock { $0.addError = error }
  }

  /// Puts a request of the app's own (not one of the alerts') in the pending set now, as if the
  /// app had scheduled it earlier.
  public func schedule(identifier: String, content: CountdownAlertContent, fireDate: Date) {
    self.state.withLock { state in
      state.pending.removeAll { $0.identifier == identifier }
      state.pending.append(PendingRequest(identifier: identifier, content: content, fireDate: fireDate))
    }
  }

  /// Brings everything up to now: applies the queued calls in order, each after firing the
  /// requests whose date had come when it was made (calling their completions outside the lock),
  /// fires the requests whose date is reached now, and again for calls the completions made,
  /// until none is queued.
  public func drain() {
    while true {
      let date = now()
      var completions: [@Sendable () -> Void] = []
      let applied = self.state.withLock { state -> Bool in
        Self.fire(&state, at: date)
        guard !state.queue.isEmpty else { return false }
        let queue = state.queue
        state.queue = []
        for (at, operation) in queue {
          // What rang before the call was made rang, whatever the call does.
          Self.fire(&state, at: min(at, date))
          completions.append(Self.apply(operation, to: &state))
        }
        Self.fire(&state, at: date)
        return true
      }
      for completion in completions { completion() }
      if !applied { return }
    }
  }

  // MARK: CountdownAlertCenter

  public func add(_ request: CountdownAlertRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {
    precondition(
      request.timeInterval > 0, "UNTimeIntervalNotificationTrigger: the time interval must be greater than 0")
    let date = now()
    let fireDate = date + request.timeInterval
    let pending = PendingRequest(identifier: request.identifier, content: request.content, fireDate: fireDate)
    self.state.withLock { state in
      state.calls.append(.add(request.identifier))
      state.queue.append((date, .add(pending, completion)))
    }
  }

  public func removePendingRequests(withIdentifiers identifiers: [String]) {
    let date = now()
    self.state.withLock { state in
      state.calls.append(.removePending(identifiers))
      state.queue.append((date, .removePending(identifiers)))
    }
  }

  public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
    let date = now()
    self.state.withLock { state in
      state.calls.append(.removeDelivered(identifiers))
      state.queue.append((date, .removeDelivered(identifiers)))
    }
  }

  public func pendingRequestIdentifiers(_ completion: @escaping @Sendable ([String]) -> Void) {
    let date = now()
    self.state.withLock { state in
      state.calls.append(.pendingRequestIdentifiers)
      state.queue.append((date, .pendingIdentifiers(completion)))
    }
  }

  public func authorizationStatus(_ completion: @escaping @Sendable (CountdownAlertAuthorization) -> Void) {
    let date = now()
    self.state.withLock { state in
      state.calls.append(.authorizationStatus)
      state.queue.append((date, .authorization(completion)))
    }
  }

  // MARK: Applying

  /// Moves the requests due by `date` to the delivered ones, in the order they fire.
  private static func fire(_ state: inout State, at date: Date) {
    let due = state.pending.filter { $0.fireDate <= date }.sorted { $0.fireDate < $1.fireDate }
    guard !due.isEmpty else { return }
    state.pending.removeAll { $0.fireDate <= date }
    for request in due {
      state.delivered.removeAll { $0.identifier == request.identifier }
      state.delivered.append(request)
    }
  }

  /// Applies `operation`; returns its completion, bound to its result, to call after the lock.
  private static func apply(_ operation: Operation, to state: inout State) -> @Sendable () -> Void {
    switch operation {
    case .add(let request, let completion):
      if state.authorization == .denied {
        return { completion(NotAllowedError()) }
      }
      if let error = state.addError {
        return { completion(error) }
      }
      state.pending.removeAll { $0.identifier == request.identifier }
      state.pending.append(request)
      if state.pending.count > limit {
        // Keep the soonest-firing: a stable sort, so of two firing together the earlier added stays.
        let sorted = state.pending.enumerated().sorted {
          ($0.element.fireDate, $0.offset) < ($1.element.fireDate, $1.offset)
        }.map(\.element)
        state.droppedCount += sorted.count - limit
        state.pending = Array(sorted.prefix(limit))
      }
      return { completion(nil) }
    case .removePending(let identifiers):
      let removed = Set(identifiers)
      state.pending.removeAll { removed.contains($0.identifier) }
      return {}
    case .removeDelivered(let identifiers):
      let removed = Set(identifiers)
      state.delivered.removeAll { removed.contains($0.identifier) }
      return {}
    case .pendingIdentifiers(let completion):
      let identifiers = state.pending.map(\.identifier)
      return { completion(identifiers) }
    case .authorization(let completion):
      let authorization = state.authorization
      return { completion(authorization) }
    }
  }
}
