public import CountdownAlerts
import CountdownCore
public import Foundation

// The calls the package makes, with AlarmKit's semantics (see the type's overview).
extension FakeAlarmCenter {
  public func schedule(_ request: CountdownAlarmRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {
    // Read when the call is made, as AlarmKit's timer counts from then; the app's clock, before the lock.
    let duration = request.duration
    precondition(duration > 0, "a timer's duration must be above zero")
    let date = now()
    let error: (any Error)? = state.withLock { state in
      state.calls.append(.schedule(request.id))
      Self.fire(&state, at: date)
      if state.authorization == .denied || state.authorization == .notDetermined {
        return CountdownAlertError.notAuthorized
      }
      if state.alarms.contains(where: { $0.id == request.id }) { return DuplicateAlarmError() }
      if let limit = state.limit, state.alarms.count >= limit { return CountdownAlertError.alarmLimitReached }
      state.alarms.append(
        HeldAlarm(
          id: request.id, countdownID: request.countdownID, state: .countdown, fireDate: date + duration,
          remaining: nil, duration: duration, soundName: request.options.soundName,
          postAlert: request.options.postAlert))
      state.options[request.id] = request.options
      state.publish()
      return nil
    }
    deliver()
    completion(error)
    answerWaitingListings()
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

  /// Takes the listing now; answers it later, or at once (``answersListingsAtOnce``).
  public func alarms(_ completion: @escaping @Sendable (Result<[CountdownAlarmSnapshot], any Error>) -> Void) {
    let date = now()
    let atOnce: Bool = state.withLock { state in
      state.calls.append(.alarms)
      Self.fire(&state, at: date)
      let result: Result<[CountdownAlarmSnapshot], any Error> =
        if let error = state.readError {
          .failure(error)
        } else {
          .success(state.alarms.map { CountdownAlarmSnapshot(id: $0.id, state: $0.state) })
        }
      state.listings.append((result, completion))
      return state.answersListingsAtOnce
    }
    deliver()
    if atOnce { answerWaitingListings() }
  }

  /// Asks the person, if ``authorization`` is not determined: it becomes ``requestAnswer``, and the
  /// observers hear it; otherwise it stays as it is.
  public func requestAuthorization() async throws -> CountdownAlarmAuthorization {
    let asked = state.withLock { state -> CountdownAlarmAuthorization? in
      state.calls.append(.requestAuthorization)
      return state.authorization == .notDetermined ? state.requestAnswer : nil
    }
    if let asked { setAuthorization(asked) }
    return authorization
  }

  public func observeAuthorization(_ onChange: @escaping @Sendable (CountdownAlarmAuthorization) -> Void)
    -> CountdownAlarmObservation
  {
    let key = state.withLock { state in
      defer { state.nextObserver += 1 }
      state.authorizationObservers[state.nextObserver] = onChange
      return state.nextObserver
    }
    return CountdownAlarmObservation { [weak self] in
      // Released after the lock: the observer's closure may hold what runs a deinit.
      let removed = self?.state.withLock { $0.authorizationObservers.removeValue(forKey: key) }
      _ = removed
    }
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

}

// What the person's actions share with the app's calls: a change applied under the lock, then
// published to the observers outside it.
extension FakeAlarmCenter {
  /// Changes the alarm `id`, which must be in state `from` (any state for `nil`: `body` is then a
  /// removal, made here), for the app's `call`.
  private func change(
    _ call: Call, id: UUID, from: CountdownAlarmState?, completion: @Sendable ((any Error)?) -> Void,
    _ body: (inout HeldAlarm, Date) -> Void
  ) {
    let date = now()
    let error: (any Error)? = state.withLock { state in
      state.calls.append(call)
      if case .cancel = call, let error = state.cancelError, state.cancelFailuresLeft > 0 {
        state.cancelFailuresLeft -= 1
        Self.fire(&state, at: date)
        return error
      }
      return Self.apply(&state, id: id, from: from, at: date, body)
    }
    deliver()
    completion(error)
    answerWaitingListings()
  }

  /// Answers the listings waiting, in order, outside the lock.
  func answerWaitingListings() {
    while let (result, completion) = state.withLock({ state in
      state.listings.isEmpty ? nil : state.listings.removeFirst()
    }) {
      completion(result)
    }
  }

  /// Sets the authorization; a change is told to the observers, outside the lock.
  func setAuthorization(_ authorization: CountdownAlarmAuthorization) {
    let observers = state.withLock { state -> [@Sendable (CountdownAlarmAuthorization) -> Void] in
      guard state.authorization != authorization else { return [] }
      state.authorization = authorization
      return state.authorizationObservers.sorted { $0.key < $1.key }.map(\.value)
    }
    for observer in observers {
      observer(authorization)
    }
  }

  /// Changes the alarm `id` as the person does: no call is recorded, no error reported; the
  /// update waits for the center's next call or read, unless ``deliversPersonsUpdatesAtOnce``.
  func act(id: UUID, from: CountdownAlarmState?, _ body: (inout HeldAlarm, Date) -> Void) -> Bool {
    let date = now()
    let (error, atOnce) = state.withLock {
      (Self.apply(&$0, id: id, from: from, at: date, body), $0.deliversPersonsUpdatesAtOnce)
    }
    if atOnce { deliver() }
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
      state.options[id] = nil
    }
    state.publish()
    return nil
  }

  /// A pause: the time left is kept, there is no end until a resume.
  static func pausing(_ alarm: inout HeldAlarm, at date: Date) {
    alarm.state = .paused
    alarm.remaining = alarm.fireDate.map { $0.timeIntervalSince(date) }
    alarm.fireDate = nil
  }

  /// A resume: the time left is counted from `date`.
  static func resuming(_ alarm: inout HeldAlarm, at date: Date) {
    alarm.state = .countdown
    alarm.fireDate = date + (alarm.remaining ?? 0)
    alarm.remaining = nil
  }

  /// Counting alarms whose end is reached by `date` ring; the change is published.
  static func fire(_ state: inout State, at date: Date) {
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
  func deliver(waiting: Bool = false) {
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
