import CountdownCore
import CountdownKit
import Dispatch
import Foundation

/// The changes of a manager's id countdowns that the followers' tests make at random: one place
/// for what each change does, so that every test makes the same ones (with its own weights).
enum ManagerChanges {
  /// One change of an id's countdown.
  enum Change {
    case start, pause, resume, addTime, cancel, cancelAll, suspendOrResume
    /// A countdown in phases started (or replacing the id's), some of its phases pausing the plan
    /// after them, and one of its phases skipped.
    case startPlan, skipPhase
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
    case .startPlan:
      let lengths = (0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: 1...200, using: &random) }
      let cycles = Int.random(in: 0...3, using: &random)
      let policy: SuspensionPolicy = Bool.random(using: &random) ? .pauses : .keepsRunning
      // A phase in four pauses the plan after it: the next phase waits, paused, for a resume.
      let pausing = lengths.indices.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          lengths.enumerated().map {
            CountdownPhase("p\($0.offset)", .seconds($0.element), pausesAfter: pausing.contains($0.offset))
          },
          repeated: cycles == 0 ? .forever : .times(cycles))
      ])
      try manager.start(id: id, plan: plan, whileSuspended: policy) { _, _, _ in }
      let pauses = pausing.isEmpty ? "" : " pausing after \(pausing.map { "p\($0)" })"
      return "start \(id) plan \(lengths)s\(pauses) × \(cycles == 0 ? "forever" : "\(cycles)") \(policy)"
    case .skipPhase:
      manager.skipPhase(id: id)
      return "skipPhase \(id)"
    case .suspendOrResume:
      defer { if manager.isSuspended { manager.resumeTicking() } else { manager.suspendTicking() } }
      return manager.isSuspended ? "resumeTicking" : "suspendTicking"
    }
  }

  /// The seed of ``fromManyThreads(on:seed:)``'s changes: `COUNTDOWN_MANAGER_CHANGES_SEED`, else a
  /// fixed one, so that a plain run makes the same changes each time (in the machine's interleaving).
  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["COUNTDOWN_MANAGER_CHANGES_SEED"].flatMap { UInt64($0) } ?? 52_711
  }

  /// What a failure of a test of ``fromManyThreads(on:seed:)``'s changes says, to replay them.
  static func replay(_ seed: UInt64) -> String {
    "replay the changes with COUNTDOWN_MANAGER_CHANGES_SEED=\(seed)"
  }

  /// Four threads at once change 32 countdowns (8 each, 300 changes a thread): starts, pauses,
  /// resumes, time added and cancels, for a follower to keep up with.
  ///
  /// Each thread's changes come from its own seed, drawn from `seed`: the same `seed` makes the
  /// same changes on each thread; only the threads' interleaving is the machine's.
  ///
  /// - Returns: The ids, and each thread's changes in its order.
  @discardableResult
  static func fromManyThreads(on manager: CountdownManager, seed: UInt64) -> (ids: [String], changes: [[String]]) {
    let ids = (0..<32).map { "c\($0)" }
    var seeds = SplitMix64(seed: seed)
    let workerSeeds = (0..<4).map { _ in seeds.next() }
    let changes = LockedState<[[String]]>(Array(repeating: [], count: 4))
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      var random = SplitMix64(seed: workerSeeds[worker])
      var log: [String] = []
      log.reserveCapacity(300)
      for step in 0..<300 {
        let id = ids[worker * 8 + Int.random(in: 0..<8, using: &random)]
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1:
          let seconds = Int.random(in: 10...900, using: &random)
          try? manager.start(id: id, for: .seconds(seconds)) { _, _, _ in }
          log.append("start \(id) \(seconds)s")
        case 2:
          manager.pause(id: id)
          log.append("pause \(id)")
        case 3:
          manager.resume(id: id)
          log.append("resume \(id)")
        case 4:
          let seconds = Int.random(in: -5...60, using: &random)
          _ = try? manager.addTime(.seconds(seconds), id: id)
          log.append("addTime \(seconds)s \(id)")
        default:
          if step.isMultiple(of: 3) {
            manager.cancel(id: id)
            log.append("cancel \(id)")
          }
        }
      }
      changes.withLock { $0[worker] = log }
    }
    return (ids, changes.withLock { $0 })
  }
}
