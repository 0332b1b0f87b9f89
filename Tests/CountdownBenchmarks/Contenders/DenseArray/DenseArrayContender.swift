import CountdownCore
import Dispatch

/// A dense-array design (H naive or H tuned) on its real timer, ticking on its own serial queue,
/// each handler storing its value into its slot, made in the register loop as an app makes them.
struct DenseArrayContender<Design: DenseArrayDesign>: RealTimerContender {
  let label: String
  var maxReceivers: Int { .max }

  func run(_ plan: WindowPlan) throws -> WindowSample {
    let n = plan.receivers
    let initial = 1 << 40
    let queue = DispatchQueue(label: "benchmark.dense-array")
    let timer = Design()
    let slots = ValueSlots(count: n, repeating: initial)
    let stamps = plan.makeStamps(initialValue: initial)
    let receivers = BenchmarkReceiver.make(n)

    let setupStart = ProcessProbe.now()
    for index in 0..<n {
      timer.register(receivers[index], value: initial) { value in
        slots.store(value, at: index)
        stamps?.record(value: value)
      }
    }
    timer.start(every: plan.interval.nanosecondsSaturating, on: queue)
    let setup = ProcessProbe.now() - setupStart

    var sample = WindowReading.measure(plan, setup: setup, on: queue) { n * initial - slots.sum() }

    timer.stop()
    queue.sync {}
    timer.removeAll()
    sample.spread = stamps?.spreads()
    withExtendedLifetime(receivers) {}
    return sample
  }
}
