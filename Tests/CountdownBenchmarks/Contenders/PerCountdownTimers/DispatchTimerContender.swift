import CountdownCore
import Dispatch

/// A: one `DispatchSourceTimer` per countdown, the usual "each cell owns its timer" code.
///
/// All timers fire on one serial queue (as they would on the main queue in an app); each starts
/// 10 ms after it is created and repeats every 10 ms with no leeway, and decrements its own
/// counter, kept in its slot.
struct DispatchTimerContender: RealTimerContender {
  var label: String { "A: DispatchSourceTimer per countdown" }
  var maxReceivers: Int

  func run(_ plan: WindowPlan) throws -> WindowSample {
    let n = plan.receivers
    let initial = 1 << 40
    let queue = DispatchQueue(label: "benchmark.dispatch-timers")
    let slots = ValueSlots(count: n, repeating: initial)
    let stamps = plan.makeStamps(initialValue: initial)
    let interval = DispatchTimeInterval.nanoseconds(Int(plan.interval.nanosecondsSaturating))

    let setupStart = ProcessProbe.now()
    var sources: [any DispatchSourceTimer] = []
    sources.reserveCapacity(n)
    for index in 0..<n {
      let source = DispatchSource.makeTimerSource(queue: queue)
      source.setEventHandler {
        let value = slots[index] - 1
        slots.store(value, at: index)
        stamps?.record(value: value)
      }
      source.schedule(deadline: .now() + interval, repeating: interval)
      source.activate()
      sources.append(source)
    }
    let setup = ProcessProbe.now() - setupStart

    var sample = WindowReading.measure(plan, setup: setup, on: queue) { n * initial - slots.sum() }

    for source in sources { source.cancel() }
    queue.sync {}
    sources.removeAll()
    sample.spread = queue.sync { stamps?.spreads() }
    return sample
  }

}
