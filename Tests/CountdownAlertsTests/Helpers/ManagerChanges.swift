import CountdownCore
import CountdownKit
import Dispatch

/// The changes of a manager's id countdowns that the followers' tests make at random: one place
/// for what each change does, so that every test makes the same ones (with its own weights).
enum ManagerChanges {
  /// One change of an id's countdown.
  enum Change {
    case start, pause, resume, addTime, cancel, cancelAll, suspendOrResume
  }

  /// Makes `change` of `id`'s countdown on `manager`, its random parts (a length, a policy, an
  /// amount) from `random`.
  ///
  /// - Returns: What it did, for a failing run's log.
  static func make(
    _ change: Change, of id: String, on manager: CountdownManager, using random: inout some RandomNumberGenerator
  ) throws -> String {
    switch change {
    case .start:
      let seconds = Int.random(in: 1...400, using: &random)
      let policy: SuspensionPolicy = Bool.random(using: &random) ? .pauses : .keepsRunning
      try manager.start(id: id, for: .seconds(seconds), whileSuspended: policy) { _, _, _ in }
      return "start \(id) \(seconds)s \(policy)"
    case .pause:
      manager.pause(id: id)
      return "pause \(id)"
    case .resume:
      manager.resume(id: id)
      return "resume \(id)"
    case .addTime:
      let seconds = Int.random(in: -120...120, using: &random)
      _ = try? manager.addTime(.seconds(seconds), id: id)
      return "addTime \(seconds)s \(id)"
    case .cancel:
      manager.cancel(id: id)
      return "cancel \(id)"
    case .cancelAll:
      manager.cancelAll()
      return "cancelAll"
    case .suspendOrResume:
      defer { if manager.isSuspended { manager.resumeTicking() } else { manager.suspendTicking() } }
      return manager.isSuspended ? "resumeTicking" : "suspendTicking"
    }
  }

  /// Four threads at once change 32 countdowns (8 each, 300 changes a thread): starts, pauses,
  /// resumes, time added and cancels, for a follower to keep up with.
  ///
  /// - Returns: The ids.
  static func fromManyThreads(on manager: CountdownManager) -> [String] {
    let ids = (0..<32).map { "c\($0)" }
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      var random = SystemRandomNumberGenerator()
      for step in 0..<300 {
        let id = ids[worker * 8 + Int.random(in: 0..<8, using: &random)]
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1: try? manager.start(id: id, for: .seconds(Int.random(in: 10...900, using: &random))) { _, _, _ in }
        case 2: manager.pause(id: id)
        case 3: manager.resume(id: id)
        case 4: _ = try? manager.addTime(.seconds(Int.random(in: -5...60, using: &random)), id: id)
        default: if step.isMultiple(of: 3) { manager.cancel(id: id) }
        }
      }
    }
    return ids
  }
}
