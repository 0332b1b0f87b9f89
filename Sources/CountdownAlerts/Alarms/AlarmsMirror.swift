import CountdownCore
import CountdownKit
import Foundation

/// The alarms of ``CountdownAlarms``, as its follower drives them: one alarm per followed
/// countdown, under an identifier made from the namespace and the id (``alarmID(for:)``), and
/// the countdowns following what the person does to their alarms.
struct AlarmsMirror<ID: Hashable & Sendable & CustomStringConvertible>: CountdownMirror {
  let center: any CountdownAlarmCenter
  let namespaceHash: UInt64
  /// The first half of every alarm identifier of this namespace, as its bytes read in memory.
  let namespacePrefix: UInt64

  init(center: any CountdownAlarmCenter, namespace: String) {
    self.center = center
    namespaceHash = Self.hash(namespace)
    namespacePrefix = Self.prefix(Self.uuid(namespaceHash, 0))
  }

  /// The held alarms are read first, so that every call made after reads against them.
  static var asksBeforeFollowing: Bool { true }

  func makeMachine() -> AlarmsState {
    AlarmsState()
  }

  func observeSystem(for follower: CountdownFollower<Self>) -> (@Sendable () -> Void)? {
    let observation = center.observeAlarms { [weak follower] alarms in
      guard let follower else { return }
      follower.mirror.alarmsChanged(alarms, follower: follower)
    }
    return { observation.cancel() }
  }

  func askSweep(_ answer: @escaping @Sendable (Result<[CountdownAlarmSnapshot], CountdownAlertError>) -> Void) {
    center.alarms { [self] result in
      switch result {
      case .success(let alarms):
        answer(.success(alarms.filter { isOwnAlarm($0.id) }))
      case .failure(let error):
        // Nothing is known of what a previous process left: each countdown is cancelled before it
        // is scheduled (the sweep never comes), and an orphan stays.
        answer(.failure(.requestFailed.with(request: "alarms", underlying: error)))
      }
    }
  }

  /// The identifier of the alarm of `id` (``CountdownAlarms/alarmID(for:)``).
  func alarmID(for id: ID) -> UUID {
    Self.uuid(namespaceHash, Self.hash(id.description))
  }

  /// Whether `alarmID` is one of these alarms'.
  func isOwnAlarm(_ alarmID: UUID) -> Bool {
    Self.prefix(alarmID) == namespacePrefix
  }

  /// The center's update of the app's alarms: the countdowns follow what the person did to
  /// theirs. The manager is called with no lock held, and the countdowns it changed are
  /// reconciled again (its own notice of the change does so too, unless the change did nothing).
  func alarmsChanged(_ alarms: [CountdownAlarmSnapshot], follower: CountdownFollower<Self>) {
    let own = alarms.filter { isOwnAlarm($0.id) }
    let manager = follower.manager
    // The manager's clock is code of the app's: read before the lock.
    let now = manager.clockNow
    let actions = follower.update { $0.observed(own, now: now) }
    guard !actions.isEmpty else { return }
    for action in actions {
      guard let id = action.key.id(as: ID.self) else { continue }
      switch action.kind {
      case .pause: manager.pause(id: id)
      case .resume: manager.resume(id: id)
      case .cancel: manager.cancel(id: id)
      case .reconcile: break
      }
    }
    follower.enqueue(actions.map(\.key))
  }

  func read(_ keys: [IDKey], sweep: [CountdownAlarmSnapshot]?, from manager: CountdownManager) -> AlarmsState.Reading {
    var desired: [(key: IDKey, id: UUID, desired: AlarmsState.Desired, countsOvertime: Bool)] = []
    for key in keys {
      guard let id = key.id(as: ID.self) else { continue }
      let (phase, countsOvertime) = manager.idPhase(of: key)
      desired.append((key, alarmID(for: id), Self.desired(phase, countsOvertime: countsOvertime), countsOvertime))
    }
    return AlarmsState.Reading(desired: desired, now: manager.clockNow)
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

  /// Makes the calls, in order.
  func perform(_ operations: [AlarmsState.Operation], for follower: CountdownFollower<Self>) {
    for operation in operations {
      let completion: @Sendable ((any Error)?) -> Void = { [weak follower] error in
        guard let error, let follower else { return }
        Self.failed(operation, error: error, follower: follower)
      }
      switch operation.kind {
      case .schedule(let nanoseconds):
        let countdownID = operation.key?.id(as: ID.self)?.description ?? ""
        center.schedule(
          CountdownAlarmRequest(id: operation.id, countdownID: countdownID, duration: Double(nanoseconds) / 1e9),
          completion: completion)
      case .pause: center.pause(id: operation.id, completion: completion)
      case .resume: center.resume(id: operation.id, completion: completion)
      case .cancel: center.cancel(id: operation.id, completion: completion)
      }
    }
  }

  /// A call failed: a cancel made in case there was an alarm is expected to; otherwise what the
  /// system holds for the countdown is not known (it is reconciled again at the next change), and
  /// the app hears why.
  private static func failed(_ operation: AlarmsState.Operation, error: any Error, follower: CountdownFollower<Self>) {
    follower.update { $0.callFailed(operation) }
    if case .cancel(reported: false) = operation.kind { return }
    if let key = operation.key {
      follower.update { $0.failed(key, id: operation.id) }
    }
    let kind = error as? CountdownAlertError ?? .requestFailed
    follower.report(kind.with(request: operation.id.uuidString, underlying: error))
  }

  /// The first eight bytes of `id`, as they lie in memory: compared, not read as a number (an
  /// update of the system's alarms asks this of every alarm).
  static func prefix(_ id: UUID) -> UInt64 {
    withUnsafeBytes(of: id.uuid) { $0.loadUnaligned(as: UInt64.self) }
  }

  /// FNV-1a, 64 bits, of `text`'s UTF-8: stable across processes and versions, as `Hasher` is not.
  static func hash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
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
