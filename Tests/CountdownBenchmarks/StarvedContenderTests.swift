import CountdownCore
import CountdownTestSupport
import Dispatch
import XCTest

/// The comparison's sanity entries say that each real-timer contender ran, not how fast: on a
/// loaded machine a contender's timer may not fire inside the short smoke window, and that must
/// not fail the run; a contender whose timer never fires must.
///
/// Two stand-ins model a starved contender, one per way the harness counts callbacks: on the
/// contender's serial queue (as A, F, H and ours) and by the callbacks themselves (as B and C).
final class StarvedContenderTests: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  /// The smoke's comparison window (warm-up 20 ms, window 50 ms), at 10 ms ticks.
  private func plan(receivers: Int = 10) -> WindowPlan {
    let smoke = BenchmarkConfiguration.smoke
    return WindowPlan(
      receivers: receivers, interval: smoke.interval, warmupNanoseconds: smoke.warmup.nanosecondsSaturating,
      windowNanoseconds: smoke.window.nanosecondsSaturating, stampedTicks: nil)
  }

  /// The first tick 300 ms after setup, well after the 70 ms of warm-up and window: what a
  /// contender starved by a loaded machine saw.
  private let starved = Duration.milliseconds(300)

  func testAQueueContenderWhoseFirstTickComesAfterTheWindowRan() throws {
    let sample = try LateQueueContender(firstTick: starved).run(plan())
    XCTAssertGreaterThan(
      ComparisonRun.callbacksShowingItRan(sample), 0, "a starved contender that does call back ran")
  }

  func testACallbackCountingContenderWhoseFirstTickComesAfterTheWindowRan() throws {
    let sample = try LateTaskContender(firstTick: starved).run(plan())
    XCTAssertGreaterThan(
      ComparisonRun.callbacksShowingItRan(sample), 0, "a starved contender that does call back ran")
  }

  func testAQueueContenderThatNeverCallsBackDidNotRun() throws {
    try assertDidNotRun(LateQueueContender(firstTick: nil))
  }

  func testACallbackCountingContenderThatNeverCallsBackDidNotRun() throws {
    try assertDidNotRun(LateTaskContender(firstTick: nil))
  }

  /// `contender` records no callback, after waiting for the first one no longer than the plan says.
  private func assertDidNotRun(_ contender: some RealTimerContender, line: UInt = #line) throws {
    var plan = plan()
    plan.firstCallbackTimeoutNanoseconds = 200_000_000
    let started = ProcessProbe.now()
    let sample = try contender.run(plan)
    let took = ProcessProbe.now() - started
    XCTAssertEqual(ComparisonRun.callbacksShowingItRan(sample), 0, "it never called back", line: line)
    XCTAssertGreaterThanOrEqual(
      took, plan.firstCallbackTimeoutNanoseconds, "it waited for a first callback", line: line)
    XCTAssertLessThan(took, 2_000_000_000, "and no longer than the plan's timeout (and the window)", line: line)
  }
}

/// A's way (one serial queue, counters read on it), with every timer's first tick `firstTick`
/// after setup; `nil`: the timers are never started.
private struct LateQueueContender: RealTimerContender {
  let firstTick: Duration?
  var label: String { "late queue contender" }
  var maxReceivers: Int { .max }

  func run(_ plan: WindowPlan) throws -> WindowSample {
    let n = plan.receivers
    let initial = 1 << 40
    let queue = DispatchQueue(label: "benchmark.late-queue-contender")
    let slots = ValueSlots(count: n, repeating: initial)
    let interval = DispatchTimeInterval.nanoseconds(Int(plan.interval.nanosecondsSaturating))
    var sources: [any DispatchSourceTimer] = []
    for index in 0..<n {
      let source = DispatchSource.makeTimerSource(queue: queue)
      source.setEventHandler { slots.store(slots[index] - 1, at: index) }
      if let firstTick {
        source.schedule(
          deadline: .now() + .nanoseconds(Int(firstTick.nanosecondsSaturating)), repeating: interval)
        source.activate()
      }
      sources.append(source)
    }
    let sample = WindowReading.measure(plan, setup: 0, on: queue) { n * initial - slots.sum() }
    for source in sources {
      if firstTick == nil { source.activate() }
      source.cancel()
    }
    queue.sync {}
    return sample
  }
}

/// C's way (one task per countdown, each checking the window itself), with every task's first
/// tick `firstTick` after setup; `nil`: the tasks wait until they are cancelled.
private struct LateTaskContender: RealTimerContender {
  let firstTick: Duration?
  var label: String { "late task contender" }
  var maxReceivers: Int { .max }

  func run(_ plan: WindowPlan) throws -> WindowSample {
    let n = plan.receivers
    let counters = WindowCounters(count: n)
    let bounds = WindowBounds()
    let group = DispatchGroup()
    let interval = plan.interval
    let firstTick = firstTick
    var tasks: [Task<Void, Never>] = []
    for index in 0..<n {
      group.enter()
      tasks.append(
        Task.detached {
          defer { group.leave() }
          var value = WindowCounters.initial
          do { try await Task.sleep(for: (firstTick ?? .seconds(3600)) - interval) } catch { return }
          while true {
            do { try await Task.sleep(for: interval) } catch { return }
            let phase = bounds.phaseOfCallback(at: ProcessProbe.now())
            guard phase != .after else { return }
            value -= 1
            counters.store(value, at: index, phase: phase)
          }
        })
    }
    let cpu = plan.sleepThroughWindow(settingBounds: bounds)
    for task in tasks { task.cancel() }
    group.wait()
    return WindowSample(
      callbacks: counters.callbacksInWindow, callbacksInRun: counters.callbacksInRun, cpuNanoseconds: cpu,
      wallNanoseconds: plan.windowNanoseconds,
      setupNanoseconds: 0)
  }
}
