import CountdownCore
import CountdownKit
import Foundation

/// The alarms of ``CountdownAlarms``, as its follower drives them: one alarm per followed
/// countdown, under an identifier made from the namespace and the id (``alarmID(for:ordinal:)``;
/// for a countdown in phases, the current phase's ordinal too, so that each phase end has an
/// alarm of its own), and the countdowns following what the person does to their alarms.
struct AlarmsMirror<ID: Hashable & Sendable & CustomStringConvertible>: CountdownMirror {
  let center: any CountdownAlarmCenter
  let namespaceHash: UInt64
  /// The first half of every alarm identifier of this namespace, as its bytes read in memory.
  let namespacePrefix: UInt64
  /// What the app adds to each alarm; the app's code, called with no lock held.
  let options: (@Sendable (ID, UUID) -> CountdownAlarmOptions)?
  /// Where the person's stops are recorded (``CountdownAlarmStops``), if the app keeps them.
  let stops: CountdownAlarmStops?
  init(
    center: any CountdownAlarmCenter, namespace: String,
    options: (@Sendable (ID, UUID) -> CountdownAlarmOptions)? = nil, stops: CountdownAlarmStops? = nil
  ) {
    self.center = center
    self.options = options
    self.stops = stops
    namespaceHash = Self.hash(namespace)
    namespacePrefix = Self.prefix(Self.uuid(namespaceHash, 0))
  }

  /// The held alarms are read first, so that every call made after reads against them.
  static var asksBeforeFollowing: Bool { true }

  func makeMachine(reportsFailures: Bool) -> AlarmsState {
    AlarmsState()
  }

  /// Observes the person's changes to the alarms, and the authorization: when alarms are allowed,
  /// what was not scheduled is tried again (and the alarms read again, if that failed).
  func observeSystem(for follower: CountdownFollower<Self>) -> (@Sendable () -> Void)? {
    let alarms = center.observeAlarms { [weak follower] alarms in
      guard let follower else { return }
      let own = alarms.filter { follower.mirror.isOwnAlarm($0.id) }
      // The manager's clock is code of the app's: read before the lock.
      follower.send(.alarmsChanged(own, now: follower.manager.clockNow))
    }
    let authorization = center.observeAuthorization { [weak follower] authorization in
      guard authorization.allowsAlarms else { return }
      follower?.send(.retried)
    }
    return {
      alarms.cancel()
      authorization.cancel()
    }
  }

  func askSweep(_ answer: @escaping @Sendable (Result<[CountdownAlarmSnapshot], CountdownAlertError>) -> Void) {
    center.alarms { [self] result in
      switch result {
      case .success(let alarms): answer(.success(alarms.filter { isOwnAlarm($0.id) }))
      case .failure(let error): answer(.failure(.requestFailed.alarm(nil, underlying: error)))
      }
    }
  }

  /// The identifier of the alarm of `id` (``CountdownAlarms/alarmID(for:)``), or of its phase of
  /// ordinal `ordinal` for a countdown in phases (``CountdownAlarms/alarmID(for:ordinal:)``).
  func alarmID(for id: ID, ordinal: Int? = nil) -> UUID {
    Self.uuid(namespaceHash, Self.hash(id.description, ordinal: ordinal))
  }

  /// The identifier of the alarm the countdown of `key` has now: its current phase's, for a
  /// countdown in phases.
  func currentAlarmID(for id: ID, key: IDKey, on manager: CountdownManager) -> UUID {
    alarmID(for: id, ordinal: manager.idPhaseEnds(of: key, upcoming: 0)?.ordinal)
  }

  /// Whether `alarmID` is one of these alarms'.
  func isOwnAlarm(_ alarmID: UUID) -> Bool {
    Self.prefix(alarmID) == namespacePrefix
  }

  func read(_ keys: [IDKey], sweep: [CountdownAlarmSnapshot]?, from countdowns: FollowedCountdowns)
    -> AlarmsState.Reading
  {
    var desired: [AlarmsState.Reading.Wanted] = []
    var maySchedule = false
    for key in keys {
      guard let id = key.id(as: ID.self) else { continue }
      // One look-up of the id for its phase and, in phases, the current phase's end.
      let (phase, countsOvertime, phaseEnds) = countdowns.idPhase(of: key, phaseEndsUpcoming: 1)
      let (wanted, ordinal) = Self.phaseAlarm(Self.desired(phase, countsOvertime: countsOvertime), phaseEnds)
      if case .counting = wanted { maySchedule = true } else if case .paused = wanted { maySchedule = true }
      // Read after the phase: a start made in between reads as a start anew, never as the one it
      // replaced.
      let start = wanted == .none ? nil : countdowns.idStart(of: key)
      desired.append(
        (
          key, alarmID(for: id, ordinal: ordinal), wanted, countsOvertime, Self.length(phase),
          countdowns.isRefreshed(key), start
        )
      )
    }
    // The authorization is read only when an alarm may be scheduled this turn.
    return AlarmsState.Reading(
      desired: desired, now: countdowns.clockNow, authorization: maySchedule ? center.authorization : nil)
  }

  /// For a countdown in phases, what its current phase's alarm should be, and that phase's
  /// ordinal: `wanted` (read from the countdown's phase), but counting to the end read with the
  /// ordinal, so that a phase end delivered after the phase was read gives the alarm the next
  /// phase's identifier with the next phase's end (an end of the next phase under the identifier
  /// of the alarm that rings would cancel the ring). `wanted` and no ordinal for a single
  /// countdown, and for one that wants nothing (its alarm goes under the identifier it has).
  private static func phaseAlarm(
    _ wanted: AlarmsState.Desired, _ phaseEnds: IDPhaseEnds?
  ) -> (AlarmsState.Desired, Int?) {
    guard wanted != .none, let phaseEnds else { return (wanted, nil) }
    if case .counting = wanted, let end = phaseEnds.ends.first {
      return (.counting(deadline: end.instant), phaseEnds.ordinal)
    }
    return (wanted, phaseEnds.ordinal)
  }

  /// The length of a countdown in `phase` (the span of its dates), nanoseconds; `nil` when gone.
  private static func length(_ phase: IDPhase) -> Int64? {
    switch phase {
    case .running(let dates, _), .frozen(let dates):
      dates.timerInterval.upperBound.timeIntervalSince(dates.timerInterval.lowerBound).nanosecondsClamped
    case .gone: nil
    }
  }

  /// What the system should hold for a countdown in `phase` (one past its end, running, is
  /// told apart by the state, which knows the time).
  private static func desired(_ phase: IDPhase, countsOvertime: Bool) -> AlarmsState.Desired {
    switch phase {
    case .running(_, let deadline): return .counting(deadline: deadline.nanosecondsSinceOrigin)
    case .frozen(let dates):
      guard let paused = dates.pauseTime else { return .none }
      let left = dates.timerInterval.upperBound.timeIntervalSince(paused)
      if left > 0 { return .paused(remaining: left.nanosecondsClamped) }
      return countsOvertime ? .pastTheEnd : .none
    case .gone: return .none
    }
  }

  /// Makes each call on the center, the manager or the app; the center's answers come back to the
  /// machine as events. Each schedule's duration is read when the center makes the call, from the
  /// deadline.
  func perform(_ calls: [AlarmsState.Call], for follower: CountdownFollower<Self>) {
    for call in calls {
      switch call {
      case .center(let operation): make(operation, for: follower)
      case .forgetStop(let alarmID): stops?.forget(alarmID: alarmID)
      case .withhold(let operation, let error):
        follower.send(error.map { .callFailed(operation, $0) } ?? .callWithheld(operation))
      case .listAlarms: askSweep { [weak follower] answer in follower?.swept(answer) }
      case .follow(let action):
        guard let id = action.key.id(as: ID.self) else { continue }
        switch action.kind {
        case .pause: follower.manager.pause(id: id)
        case .resume: follower.manager.resume(id: id)
        case .cancel: follower.manager.cancel(id: id)
        case .reconcile: break
        }
      case .readAgain(let keys): follower.enqueue(keys)
      case .report(let error): follower.report(error)
      }
    }
  }

  /// Makes `operation` on the center; a failure goes back to the machine, as the alarm's error.
  private func make(_ operation: AlarmsState.Operation, for follower: CountdownFollower<Self>) {
    let completion: @Sendable ((any Error)?) -> Void = { [weak follower] error in
      guard let error, let follower else { return }
      let alarm = operation.id.uuidString
      let failure = (error as? CountdownAlertError)?.alarm(alarm) ?? .requestFailed.alarm(alarm, underlying: error)
      follower.send(.callFailed(operation, failure))
    }
    switch operation.kind {
    case .schedule, .schedulePaused:
      center.schedule(request(for: operation, follower: follower), completion: completion)
    case .pause: center.pause(id: operation.id, completion: completion)
    case .resume: center.resume(id: operation.id, completion: completion)
    case .cancel: center.cancel(id: operation.id, completion: completion)
    }
  }

  /// The shortest duration a schedule asks for: a deadline passed while the call waited rings at
  /// once (a timer's duration must be above zero).
  static var shortestDuration: TimeInterval { 0.001 }

  /// The request of a schedule, with the app's options (asked with no lock held); an option
  /// AlarmKit cannot take is left out and reported.
  private func request(for operation: AlarmsState.Operation, follower: CountdownFollower<Self>) -> CountdownAlarmRequest
  {
    let id = operation.key?.id(as: ID.self)
    var options = id.flatMap { id in self.options?(id, operation.id) } ?? CountdownAlarmOptions()
    if let postAlert = options.postAlert, !(postAlert > 0) {
      options.postAlert = nil
      follower.report(.invalidAlarmOptions.alarm(operation.id.uuidString))
    }
    // Unless the app chose a snooze: the countdown's length, where AlarmKit's default (the
    // timer's duration) is the time that was left when the alarm was last scheduled.
    if options.postAlert == nil, let length = operation.length {
      options.postAlert = max(Double(length) / 1e9, Self.shortestDuration)
    }
    let countdownID = id?.description ?? ""
    switch operation.kind {
    case .schedule(let deadline):
      let manager = follower.manager
      return CountdownAlarmRequest(id: operation.id, countdownID: countdownID, options: options) {
        // The manager's clock is code of the app's, read when the center makes the call.
        max(Double(deadline - manager.clockNow) / 1e9, Self.shortestDuration)
      }
    case .schedulePaused(let remaining):
      return CountdownAlarmRequest(
        id: operation.id, countdownID: countdownID, duration: max(Double(remaining) / 1e9, Self.shortestDuration),
        options: options)
    case .pause, .resume, .cancel:
      preconditionFailure("only a schedule has a request")
    }
  }

  /// The first eight bytes of `id`, as they lie in memory: compared, not read as a number (an
  /// update of the system's alarms asks this of every alarm).
  static func prefix(_ id: UUID) -> UInt64 {
    withUnsafeBytes(of: id.uuid) { $0.loadUnaligned(as: UInt64.self) }
  }

  /// FNV-1a, 64 bits, of `text`'s UTF-8, followed, for a phase's `ordinal`, by a byte UTF-8 never
  /// holds (0xFF) and the ordinal's eight bytes, least significant first (so that no text hashes
  /// as an id's phase): stable across processes and versions, as `Hasher` is not.
  static func hash(_ text: String, ordinal: Int? = nil) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    guard let ordinal else { return hash }
    hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01b3
    var bits = UInt64(bitPattern: Int64(ordinal))
    for _ in 0..<8 {
      hash = (hash ^ (bits & 0xFF)) &* 0x0000_0100_0000_01b3
      bits >>= 8
    }
    return hash
  }

  /// A version 8 UUID (RFC 9562) holding `high` and `low`, but for its version and variant bits.
  static func uuid(_ high: UInt64, _ low: UInt64) -> UUID {
    let h = withUnsafeBytes(of: high.bigEndian, Array.init)
    let l = withUnsafeBytes(of: low.bigEndian, Array.init)
    return UUID(
      uuid: (
        h[0], h[1], h[2], h[3], h[4], h[5], (h[6] & 0x0F) | 0x80, h[7],
        (l[0] & 0x3F) | 0x80, l[1], l[2], l[3], l[4], l[5], l[6], l[7]
      ))
  }
}
