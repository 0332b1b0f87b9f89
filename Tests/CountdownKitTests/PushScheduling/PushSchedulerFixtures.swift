import CountdownCore
import CountdownKit
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

/// A push gateway that answers as APNs documents: 200 sends, 410 `Unregistered` for a token gone,
/// 429 and 5xx for a retryable failure, 413 for a payload refused. It answers each call with the
/// next scripted status (200 once they run out), and a token it was told is gone with 410.
final class FakeGateway: CountdownPushSender, Sendable {
  /// One call of `send`: what was sent, to whom, when (seconds since 1970 on the test's wall clock),
  /// and what the gateway answered.
  struct Call: Sendable {
    let push: CountdownPhasePush
    let id: String
    let token: String
    let at: Double
    let status: Int
  }

  private struct State: Sendable {
    var calls: [Call] = []
    var statuses: [Int] = []
    var goneTokens: Set<String> = []
    var holds = false
    var held: [CheckedContinuation<Void, Never>] = []
    /// How many times ``release()`` ran: a call made while holding waits only if none ran since.
    var releases = 0
    var beforeWaiting: (@Sendable () -> Void)?
  }

  private let state = LockedState(State())
  private let wallClock: @Sendable () -> Date

  init(wallClock: @escaping @Sendable () -> Date) {
    self.wallClock = wallClock
  }

  /// Answers the next calls with `statuses`, in order.
  func answer(_ statuses: Int...) {
    state.withLock { $0.statuses += statuses }
  }

  /// Answers 410 to every push for `token` from now on.
  func forget(_ token: String) {
    state.withLock { _ = $0.goneTokens.insert(token) }
  }

  /// Keeps every call from now on waiting, never answered until ``release()``: a process that
  /// stops while its sends are in flight.
  func hold() {
    state.withLock { $0.holds = true }
  }

  /// Lets the calls held return (with 200), and those made while holding that have not begun to
  /// wait yet.
  func release() {
    let held = state.withLock { state in
      state.holds = false
      state.releases += 1
      defer { state.held = [] }
      return state.held
    }
    for call in held { call.resume() }
  }

  /// Runs `body` in each call made while holding, once the call is recorded and before it waits:
  /// where a release may come in, after a test saw the call and before the call waits.
  func beforeWaiting(_ body: @escaping @Sendable () -> Void) {
    state.withLock { $0.beforeWaiting = body }
  }

  var calls: [Call] { state.withLock { $0.calls } }
  /// The pushes the gateway took, in order.
  var delivered: [Call] { calls.filter { $0.status == 200 } }

  func send(_ push: CountdownPhasePush, id: String, token: String) async throws -> CountdownPushOutcome {
    let at = wallClock().timeIntervalSince1970
    // `releases`: the count of releases when a call made while holding was recorded, `nil` otherwise.
    let (status, releases, beforeWaiting) = state.withLock { state -> (Int, Int?, (@Sendable () -> Void)?) in
      let status = state.goneTokens.contains(token) ? 410 : state.statuses.isEmpty ? 200 : state.statuses.removeFirst()
      state.calls.append(Call(push: push, id: id, token: token, at: at, status: status))
      return (status, state.holds ? state.releases : nil, state.beforeWaiting)
    }
    if let releases {
      beforeWaiting?()
      await withCheckedContinuation { (call: CheckedContinuation<Void, Never>) in
        // A release since the call was recorded (a test that saw the call may release at once) found
        // no call to resume: the call goes on now, or it would wait for ever.
        let waits = state.withLock { state in
          guard state.releases == releases else { return false }
          state.held.append(call)
          return true
        }
        if !waits { call.resume() }
      }
    }
    let reasons = [410: "Unregistered", 429: "TooManyRequests", 503: "ServiceUnavailable", 413: "PayloadTooLarge"]
    return CountdownPushOutcome(apnsStatus: status, reason: reasons[status])
  }
}

/// A store in memory, called from the thread of each change unless `isInMemory` is `false` (then
/// from the scheduler's queue, as a store on a disk is).
final class MemoryPushStore: CountdownPushSchedulerStore, Sendable {
  private let records = LockedState([String: CountdownPushRecord<String>]())
  let isInMemory: Bool

  init(isInMemory: Bool = true) {
    self.isInMemory = isInMemory
  }

  func load() throws -> [CountdownPushRecord<String>] { records.withLock { Array($0.values) } }
  func save(_ record: CountdownPushRecord<String>) throws { records.withLock { $0[record.id] = record } }
  func remove(id: String) throws { records.withLock { _ = $0.removeValue(forKey: id) } }
  subscript(id: String) -> CountdownPushRecord<String>? { records.withLock { $0[id] } }
}

/// The reports a scheduler made.
final class Reports: Sendable {
  private let reports = LockedState([CountdownPushSchedulerReport<String>]())
  @Sendable func append(_ report: CountdownPushSchedulerReport<String>) { reports.withLock { $0.append(report) } }
  var all: [CountdownPushSchedulerReport<String>] { reports.withLock { $0 } }
}

/// A manual clock, a wall clock that moves with it (from 1 800 000 000 s since 1970), an engine on
/// a queue of its own, and a gateway reading that wall clock.
struct PushRig: Sendable {
  static let origin = 1_800_000_000.0
  let clock = ManualCountdownClock()
  let engine: CountdownEngine
  let gateway: FakeGateway
  let reports = Reports()

  init() throws {
    engine = try CountdownEngine(
      interval: .seconds(1), clock: clock, deliveryQueue: DispatchQueue(label: "push-scheduler-tests"))
    gateway = FakeGateway(wallClock: Self.wallClock(of: clock))
  }

  static func wallClock(of clock: ManualCountdownClock) -> @Sendable () -> Date {
    { Date(timeIntervalSince1970: origin + Double(clock.now.nanosecondsSinceOrigin) / 1e9) }
  }

  var wallClock: @Sendable () -> Date { Self.wallClock(of: clock) }
  /// Seconds since the rig's origin, on its wall clock.
  var elapsed: Double { wallClock().timeIntervalSince1970 - Self.origin }

  /// A scheduler on the rig, over `store`.
  func scheduler(
    store: some CountdownPushSchedulerStore<String>, gateway: FakeGateway? = nil,
    retry: CountdownPushRetryPolicy = CountdownPushRetryPolicy()
  ) throws -> CountdownPushScheduler<String> {
    try CountdownPushScheduler(
      engine: engine, sender: gateway ?? self.gateway, store: store, retryPolicy: retry, wallClock: wallClock,
      onReport: reports.append)
  }

  /// Moves both clocks on to `seconds` after the origin.
  func advance(to seconds: Double) throws {
    try clock.advance(to: CountdownInstant(nanosecondsSinceOrigin: Int64((seconds * 1e9).rounded())))
  }

  /// A snapshot, taken now, of `id` walking `plan` from its first phase, that phase ending
  /// `firstEnd` seconds from now.
  func snapshot(
    _ id: String = "workout", plan: CountdownPlan? = nil, firstEnd: Double = 20, ordinal: Int = 0
  ) throws -> CountdownSnapshot<String> {
    let now = wallClock()
    return CountdownSnapshot(
      takenAt: now, serverOffset: nil, entries: [],
      phaseEntries: [.init(id: id, plan: try plan ?? Self.workout(), ordinal: ordinal, date: now + firstEnd)])
  }

  /// Work 20 s, rest 10 s, twice: with a look-ahead of 1, pushes at 0 and 30 s, and an end at 60 s.
  static func workout() throws -> CountdownPlan {
    try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Work", .seconds(20)), CountdownPhase("Rest", .seconds(10))], repeated: .times(2))
    ])
  }

  /// A temporary file's store.
  static func temporaryFile() -> CountdownStore {
    .file(FileManager.default.temporaryDirectory.appendingPathComponent("push-scheduler-\(UUID().uuidString).json"))
  }
}
