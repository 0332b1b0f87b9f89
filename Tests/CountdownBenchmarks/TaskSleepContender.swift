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
    let initial = 1 << 40
    let slots = ValueSlots(count: n, repeating: initial)
    let atWindowStart = ValueSlots(count: n, repeating: initial)
    let stamps = plan.makeStamps(initialValue: initial, concurrentCallbacks: true)
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
          var value = initial
          while true {
            do { try await Task.sleep(for: interval) } catch { return }
            let now = ProcessProbe.now()
            let phase = bounds.phase(at: now)
            guard phase != .after else { return }
            value -= 1
            slots.store(value, at: index)
            if phase == .before { atWindowStart.store(value, at: index) }
            stamps?.record(value: value)
          }
        })
    }
    let setup = ProcessProbe.now() - setupStart

    let cpu = plan.sleepThroughWindow(settingBounds: bounds)
    for task in tasks { task.cancel() }
    group.wait()  // every task's writes happen before this returns

    var sample = WindowSample(
      callbacks: slots.totalDrop(from: atWindowStart), cpuNanoseconds: cpu,
      wallNanoseconds: plan.windowNanoseconds, setupNanoseconds: setup)
    sample.spread = stamps?.spreads()
    return sample
  }
}
