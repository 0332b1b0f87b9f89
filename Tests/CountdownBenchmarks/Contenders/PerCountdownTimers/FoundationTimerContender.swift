import CountdownCore
import Dispatch
import Foundation

/// B: one Foundation `Timer` per countdown, all scheduled on one dedicated run-loop thread (the
/// main run loop's stand-in). Each timer repeats every 10 ms from its creation and decrements its
/// own counter, kept in its slot.
///
/// The harness cannot read the counters while the thread runs without a race, so the callbacks
/// themselves check the window (``WindowBounds``): before it they record where their counter
/// stood, after it they stop counting.
struct FoundationTimerContender: RealTimerContender {
  var label: String { "B: Foundation Timer per countdown" }
  var maxReceivers: Int

  func run(_ plan: WindowPlan) throws -> WindowSample {
    let n = plan.receivers
    let counters = WindowCounters(count: n)
    let stamps = plan.makeStamps(initialValue: WindowCounters.initial)
    let bounds = WindowBounds()
    let ready = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let setup = ValueSlots(count: 1)
    let interval = TimeInterval(plan.interval.nanosecondsSaturating) / 1e9

    let thread = Thread {
      let setupStart = ProcessProbe.now()
      var timers: [Timer] = []
      timers.reserveCapacity(n)
      for index in 0..<n {
        let timer = Timer(timeInterval: interval, repeats: true) { _ in
          let now = ProcessProbe.now()
          let phase = bounds.phaseOfCallback(at: now)
          guard phase != .after else { return }
          let value = counters.current[index] - 1
          counters.store(value, at: index, phase: phase)
          stamps?.record(value: value)
        }
        RunLoop.current.add(timer, forMode: .default)
        timers.append(timer)
      }
      setup.store(Int(ProcessProbe.now() - setupStart), at: 0)
      ready.signal()
      while bounds.phase(at: ProcessProbe.now()) != .after {
        _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
      }
      for timer in timers { timer.invalidate() }
      finished.signal()
    }
    thread.name = "benchmark.foundation-timers"
    thread.start()
    ready.wait()

    let cpu = plan.sleepThroughWindow(settingBounds: bounds)
    finished.wait()  // the thread's last writes happen before this returns

    var sample = WindowSample(
      callbacks: counters.callbacksInWindow, callbacksInRun: counters.callbacksInRun, cpuNanoseconds: cpu,
      wallNanoseconds: plan.windowNanoseconds, setupNanoseconds: Int64(setup[0]))
    sample.spread = stamps?.spreads()
    return sample
  }
}
