import CountdownCore
import CountdownKit
import Foundation

extension CountdownAlarms {
  /// The center said which alarms it holds (asked once, at the start).
  func read(_ result: Result<[CountdownAlarmSnapshot], any Error>) {
    switch result {
    case .success(let alarms):
      enqueue([], sweep: alarms.filter { isOwnAlarm($0.id) })
    case .failure(let error):
      // Nothing is known of what a previous process left: each countdown is cancelled before it
      // is scheduled (the sweep never comes), and an orphan stays.
      onFailure?(.requestFailed.with(request: "alarms", underlying: error))
    }
  }

  /// The center's update of the app's alarms: the countdowns follow what the person did to
  /// theirs. The manager is called with no lock of ours held, and the countdowns it changed are
  /// reconciled again (its own notice of the change does so too, unless the change did nothing).
  func alarmsChanged(_ alarms: [CountdownAlarmSnapshot]) {
    let own = alarms.filter { isOwnAlarm($0.id) }
    // The manager's clock is code of the app's: read before the lock.
    let now = manager.engine.clock.now.nanosecondsSinceOrigin
    let actions = state.withLock { $0.observed(own, now: now) }
    guard !actions.isEmpty else { return }
    for action in actions {
      guard let id = action.key.base.base as? ID else { continue }
      switch action.kind {
      case .pause: manager.pause(id: id)
      case .resume: manager.resume(id: id)
      case .cancel: manager.cancel(id: id)
      case .reconcile: break
      }
    }
    enqueue(actions.map(\.key))
  }

  /// Queues the work and drains, unless another thread is draining (it takes this work too).
  func enqueue(_ keys: [IDKey], clockChanged: Bool = false, sweep: [CountdownAlarmSnapshot]? = nil) {
    if state.withLock({ $0.arrived(keys, clockChanged: clockChanged, sweep: sweep) }) {
      drain()
    }
  }

  /// Performs the queued work, one turn at a time: the countdowns' phases are read and the center
  /// called with no lock held, the state changed under the lock in between.
  private func drain() {
    while let work = state.withLock({ $0.queue.takeWork() }) {
      // The manager's reads take its locks and read its clock: not under ours.
      var desired: [(key: IDKey, id: UUID, desired: AlarmsState.Desired, countsOvertime: Bool)] = []
      for key in work.keys {
        guard let id = key.base.base as? ID else { continue }
        let (phase, countsOvertime) = manager.idPhase(of: key)
        desired.append((key, alarmID(for: id), Self.desired(phase, countsOvertime: countsOvertime), countsOvertime))
      }
      let now = manager.engine.clock.now.nanosecondsSinceOrigin
      let operations = state.withLock {
        $0.apply(desired, clockChanged: work.clockChanged, sweep: work.sweep, now: now)
      }
      perform(operations)
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
      if left > 0 { return .paused(remaining: Int64((left * 1e9).rounded())) }
      return countsOvertime ? .pastTheEnd : .none
    case .gone: return .none
    }
  }

  /// Makes the calls, in order.
  private func perform(_ operations: [AlarmsState.Operation]) {
    for operation in operations {
      let completion: @Sendable ((any Error)?) -> Void = { [weak self] error in
        guard let error, let self else { return }
        self.failed(operation, error: error)
      }
      switch operation.kind {
      case .schedule(let nanoseconds):
        let countdownID = (operation.key?.base.base as? ID)?.description ?? ""
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
  private func failed(_ operation: AlarmsState.Operation, error: any Error) {
    state.withLock { $0.callFailed(operation) }
    if case .cancel(reported: false) = operation.kind { return }
    if let key = operation.key {
      state.withLock { $0.failed(key, id: operation.id) }
    }
    let kind = error as? CountdownAlertError ?? .requestFailed
    onFailure?(kind.with(request: operation.id.uuidString, underlying: error))
  }
}
