import Dispatch

/// C: one `Task` per countdown, looping `try await Task.sleep(for: interval)` and decrementing its
/// own counter, kept in its slot (the usual Swift-concurrency countdown).
///
/// The harness cannot read the counters while the tasks run without a race, so each task checks
/// the window itself (``WindowBounds``) and ends once it is over.
struct TaskSleepContender: RealTimerContender {
  var label: String { "C: Task.sleep loop per countdown" }
  var maxReceivers: Int

  func run(_ plan: WindowPlan) throws -> WindowSample {
    let n = plan.receivers
    let counters = WindowCounters(count: n)
    let stamps = plan.makeStamps(initialValue: WindowCounters.initial, concurrentCallbacks: true)
    let bounds = WindowBounds()
    let group = DispatchGroup()
    let interval = plan.interval

    let setupStart = ProcessProbe.now()
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(n)
    for index in 0..<n {
      group.enter()
      tasks.append(
        Task.detached {
          defer { group.leave() }
          var value = WindowCounters.initial
          while true {
            do { try await Task.sleep(for: interval) } catch { return }
            let now = ProcessProbe.now()
            let phase = bounds.phaseOfCallback(at: now)
            guard phase != .after else { return }
            value -= 1
            counters.store(value, at: index, phase: phase)
            stamps?.record(value: value)
          }
        })
    }
    let setup = ProcessProbe.now() - setupStart

    let cpu = plan.sleepThroughWindow(settingBounds: bounds)
    for task in tasks { task.cancel() }
    group.wait()  // every task's writes happen before this returns

    var sample = WindowSample(
      callbacks: counters.callbacksInWindow, callbacksInRun: counters.callbacksInRun, cpuNanoseconds: cpu,
      wallNanoseconds: plan.windowNanoseconds, setupNanoseconds: setup)
    sample.spread = stamps?.spreads()
    return sample
  }
}
