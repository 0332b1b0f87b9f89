import CountdownCore
import CountdownKit
import CountdownProcessUsage
import Dispatch
import Foundation
import XCTest

/// One run of ``PushSchedulerBenchmarks``: `sequences` Pomodoros followed by one
/// `CountdownPushScheduler` beside as many plain countdowns registered on an engine of their own
/// and as many Pomodoros started on a Kit manager, each on a manual clock and a delivery queue of
/// its own (the manager's: the main thread), measured round after round in the same
/// process: the process's CPU time (the work runs on the delivery queue and the scheduler's tasks,
/// not on the calling thread) and its resident bytes.
struct PushSchedulerRun {
  /// Which Pomodoro the sequences walk: 25 minutes of focus, 5 of break, a long break of 15 in
  /// place of every fourth break, repeated forever.
  enum Plan: String, CaseIterable {
    /// The article's: it waits after each long break, so a schedule has 5 steps at a look-ahead of 1.
    case waitsAfterTheLongBreak = "waits after the long break"
    /// It runs on, phase after phase: the schedule is laid out in batches (32 steps first).
    case runsOn = "runs on"

    /// Its name in `COUNTDOWN_PUSH_PLAN`.
    var name: String { self == .runsOn ? "runs" : "waits" }

    var plan: CountdownPlan {
      try! CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
          repeated: .forever,
          longBreak: CountdownPhase(
            "Long break", .seconds(15 * 60), purpose: .recovery, pausesAfter: self == .waitsAfterTheLongBreak),
          every: 4)
      ])
    }
  }

  /// What one round measured, per sequence: nanoseconds of CPU time, and resident bytes.
  struct Figures {
    var register = 0.0
    var end = 0.0
    var follow = 0.0
    var token = 0.0
    var push = 0.0
    /// The app's own: a countdown in phases started by id on a Kit manager, and its first phase end.
    var phaseStart = 0.0
    var phaseEnd = 0.0
    var engineBytes: Double?
    var phaseBytes: Double?
    var schedulerBytes: Double?
    /// The process's context switches per sequence: a follow's, a token update's, a push's.
    var followSwitches = 0.0
    var tokenSwitches = 0.0
    var pushSwitches = 0.0
  }

  let sequences: Int
  let rounds: Int
  let plan: Plan
  let lookAhead = 1
  /// The engines' interval: the docs' server sample's.
  let interval = Duration.seconds(1)
  static let origin = 1_800_000_000.0
  /// The second step of every schedule: the end of the first focus and break.
  static let secondStep = 1_800.0

  func run() async throws -> String {
    var figures: [Figures] = []
    for round in 0..<rounds {
      figures.append(try await measure(memory: round == 0))
    }
    return report(figures)
  }

  /// Process CPU time, in nanoseconds.
  private static func cpu() -> Int64 { ProcessUsage.cpuNanoseconds() }

  private func measure(memory: Bool) async throws -> Figures {
    var figures = Figures()
    let count = Double(sequences)
    let (firstEnd, settle) = (Self.instant(Self.secondStep), Self.instant(Self.secondStep + 0.05))

    // The engine alone: a plain countdown per receiver, registered on its delivery queue as the
    // scheduler registers its ids, delivering only its end, which comes at the scheduler's second step.
    let engineClock = ManualCountdownClock()
    let engineQueue = DispatchQueue(label: "engine")
    let engine = try CountdownEngine(interval: interval, clock: engineClock, deliveryQueue: engineQueue)
    let ends = LockedState(0)
    let engineBefore = memory ? ProcessUsage.currentResidentBytes() : nil
    let receivers = BenchmarkReceiver.make(sequences)
    var start = Self.cpu()
    try await Self.run(on: engineQueue) {
      for receiver in receivers {
        try engine.register(receiver, .deadline(firstEnd), delivering: .onlyTheEnd) { _, _ in
          ends.withLock { $0 += 1 }
        }
      }
    }
    figures.register = Double(Self.cpu() - start) / count
    if let engineBefore, let after = ProcessUsage.currentResidentBytes() {
      figures.engineBytes = Double(after - engineBefore) / count
    }
    XCTAssertEqual(engine.count, sequences)

    let phases = try await MainActor.run { try measurePhases(memory: memory) }
    (figures.phaseStart, figures.phaseEnd, figures.phaseBytes) = (phases.start, phases.end, phases.bytes)

    // The scheduler: every id followed with a snapshot decoded from the app's JSON and a token of
    // APNs' length, as a server gets them; a sender and a store that do nothing.
    let clock = ManualCountdownClock()
    let queue = DispatchQueue(label: "pushes")
    let schedulerEngine = try CountdownEngine(interval: interval, clock: clock, deliveryQueue: queue)
    let sender = IdleSender()
    let scheduler = try CountdownPushScheduler(
      engine: schedulerEngine, sender: sender, store: IdleStore(),
      wallClock: { Date(timeIntervalSince1970: Self.origin + Double(clock.now.nanosecondsSinceOrigin) / 1e9) })
    let template = try snapshotTemplate()
    let schedulerBefore = memory ? ProcessUsage.currentResidentBytes() : nil
    let ids = (0..<sequences).map { "activity-\($0)" }
    let tokens = (0..<sequences).map { Self.token($0, 0) }
    var snapshots = try ids.map { id in
      try CountdownSnapshot<String>(decoding: Data(template.replacingOccurrences(of: "@ID@", with: id).utf8))
    }
    var switches = ProcessUsage.contextSwitches()
    start = Self.cpu()
    for index in 0..<sequences {
      try await scheduler.follow(snapshots[index], id: ids[index], token: tokens[index], lookAhead: lookAhead)
    }
    await scheduler.settled()
    figures.follow = Double(Self.cpu() - start) / count
    figures.followSwitches = Double(ProcessUsage.contextSwitches() - switches) / count
    XCTAssertEqual(sender.sent, sequences, "each follow sends its first push")
    snapshots = []
    if let schedulerBefore, let after = ProcessUsage.currentResidentBytes() {
      figures.schedulerBytes = Double(after - schedulerBefore) / count
    }

    let newTokens = (0..<sequences).map { Self.token($0, 1) }
    switches = ProcessUsage.contextSwitches()
    start = Self.cpu()
    for index in 0..<sequences {
      let followed = try await scheduler.updateToken(newTokens[index], id: ids[index])
      if !followed { XCTFail("\(ids[index]) is not followed") }
    }
    await scheduler.settled()
    figures.token = Double(Self.cpu() - start) / count
    figures.tokenSwitches = Double(ProcessUsage.contextSwitches() - switches) / count

    // Each id's second step and the engine's ends come due at one instant.
    start = Self.cpu()
    try engineClock.advance(to: settle)
    while ends.withLock({ $0 }) < sequences {
      await Self.run(on: engineQueue) {}
    }
    figures.end = Double(Self.cpu() - start) / count
    switches = ProcessUsage.contextSwitches()
    start = Self.cpu()
    try clock.advance(to: settle)
    await scheduler.settled()
    figures.push = Double(Self.cpu() - start) / count
    figures.pushSwitches = Double(ProcessUsage.contextSwitches() - switches) / count
    XCTAssertEqual(sender.sent, 2 * sequences, "each id's second step")
    XCTAssertEqual(scheduler.record(id: ids[0])?.sentCount, 2)
    XCTAssertEqual(scheduler.record(id: ids[0])?.token, newTokens[0])
    withExtendedLifetime(receivers) {}
    await MainActor.run { phases.manager.cancelAll() }
    return figures
  }

  /// A Pomodoro started by id on a Kit manager per sequence, delivering only its phase ends, as an
  /// app starts one: the CPU time of a start and of the first focus's end, the resident bytes.
  @MainActor
  private func measurePhases(
    memory: Bool
  ) throws -> (start: Double, end: Double, bytes: Double?, manager: CountdownManager) {
    let count = Double(sequences)
    let clock = ManualCountdownClock()
    let manager = try CountdownManager(interval: interval, clock: clock)
    let pomodoro = plan.plan
    var ends = 0
    let before = memory ? ProcessUsage.currentResidentBytes() : nil
    var start = Self.cpu()
    for index in 0..<sequences {
      try manager.start(id: index, plan: pomodoro, delivering: .onlyTheEnd) { _, update, _ in
        ends &+= update.phaseEnds.count
      }
    }
    let started = Double(Self.cpu() - start) / count
    let bytes = before.flatMap { before in
      ProcessUsage.currentResidentBytes().map { Double($0 - before) / count }
    }
    start = Self.cpu()
    try clock.advance(to: Self.instant(25 * 60 + 0.05))
    let ended = Double(Self.cpu() - start) / count
    XCTAssertEqual(ends, sequences, "each sequence's first focus ends")
    return (started, ended, bytes, manager)
  }

  /// A snapshot's JSON, taken at the origin at the start of a Pomodoro's first focus, its id `@ID@`.
  private func snapshotTemplate() throws -> String {
    let snapshot = CountdownSnapshot(
      takenAt: Date(timeIntervalSince1970: Self.origin), serverOffset: nil, entries: [],
      phaseEntries: [
        .init(id: "@ID@", plan: plan.plan, ordinal: 0, date: Date(timeIntervalSince1970: Self.origin + 25 * 60))
      ])
    return String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
  }

  /// A token of 64 hexadecimal digits, as APNs' device tokens are, for id `index`'s `version`: the
  /// index's digits, then the version's two.
  private static func token(_ index: Int, _ version: Int) -> String {
    let (index, version) = (String(index, radix: 16), String(version % 256, radix: 16))
    return String(repeating: "0", count: 62 - index.count) + index + String(repeating: "0", count: 2 - version.count)
      + version
  }

  private static func instant(_ seconds: Double) -> CountdownInstant {
    CountdownInstant(nanosecondsSinceOrigin: Int64((seconds * 1e9).rounded()))
  }

  /// Runs `body` on `queue`, and returns when it has.
  private static func run(on queue: DispatchQueue, _ body: @escaping @Sendable () throws -> Void) async throws {
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
      queue.async {
        do {
          try body()
          done.resume()
        } catch {
          done.resume(throwing: error)
        }
      }
    }
  }

  private static func run(on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      queue.async {
        body()
        done.resume()
      }
    }
  }

  private func report(_ figures: [Figures]) -> String {
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func figure(_ path: KeyPath<Figures, Double>) -> String {
      let values = figures.map { $0[keyPath: path] }
      return String(format: "%.0f ns [%.0f–%.0f]", median(values), values.min()!, values.max()!)
    }
    func ratio(_ path: KeyPath<Figures, Double>, _ base: KeyPath<Figures, Double>) -> String {
      let each = figures.map { $0[keyPath: path] / $0[keyPath: base] }
      return String(format: "%.2f× [%.2f–%.2f]", median(each), each.min()!, each.max()!)
    }
    func switches(_ path: KeyPath<Figures, Double>) -> String {
      let values = figures.map { $0[keyPath: path] }
      return String(format: "%.1f [%.1f–%.1f]", median(values), values.min()!, values.max()!)
    }
    let bytes = figures[0]
    let memory = (bytes.engineBytes, bytes.phaseBytes, bytes.schedulerBytes)
    let memoryLine =
      if let engine = memory.0, let phases = memory.1, let scheduler = memory.2 {
        String(
          format: "engine %.0f, Kit in phases %.0f, scheduler %.0f, %.2f× the engine's, %.2f× in phases", engine,
          phases, scheduler, scheduler / engine, scheduler / phases)
      } else {
        "not read on this platform"
      }
    return """

      [push benchmark] N = \(sequences), Pomodoro that \(plan.rawValue), look-ahead \(lookAhead), \(rounds) round(s), \
      \(BenchmarkConfiguration.build); process CPU time per sequence, median [min–max]; × = scheduler ÷ engine \
      of the same round
      [push benchmark] engine register (a deadline, only its end): \(figure(\.register)); its end: \(figure(\.end))
      [push benchmark] Kit start in phases (by id, only the ends): \(figure(\.phaseStart)); its phase end: \
      \(figure(\.phaseEnd))
      [push benchmark] follow (its first push sent, its next step armed): \(figure(\.follow)), \
      \(ratio(\.follow, \.register)) a register, \(ratio(\.follow, \.phaseStart)) a start in phases
      [push benchmark] push (the engine's end, the send, the next step armed): \(figure(\.push)), \
      \(ratio(\.push, \.end)) an end, \(ratio(\.push, \.phaseEnd)) a phase end
      [push benchmark] token update: \(figure(\.token)), \(ratio(\.token, \.register)) a register
      [push benchmark] resident bytes per sequence (round 0): \(memoryLine)
      [push benchmark] context switches per sequence: follow \(switches(\.followSwitches)), \
      token update \(switches(\.tokenSwitches)), push \(switches(\.pushSwitches))
      """
  }
}
