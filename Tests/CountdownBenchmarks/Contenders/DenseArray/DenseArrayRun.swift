/// A dense-array design at one N with no timer: register (handlers made in the timed loop), the
/// tick called directly, cancel in a shuffled order. The same protocol as ``OursManualRun``.
/// H naive is `DenseArrayRun<DenseArrayTimer<DenseArrayKeyOnly>>`, H+W
/// `DenseArrayRun<DenseArrayTimer<DenseArrayWeakReceiver>>`, H tuned
/// `DenseArrayRun<DenseArrayTunedTimer>`.
final class DenseArrayRun<Design: DenseArrayDesign> {
  let receivers: ContiguousArray<BenchmarkReceiver>
  let timer = Design()
  private let slots: ValueSlots
  private let cancelOrder: [Int]

  init(receivers n: Int) {
    receivers = BenchmarkReceiver.make(n)
    slots = ValueSlots(count: n)
    cancelOrder = ShuffledOrder.make(n)
  }

  /// Registers every receiver, making each handler in the loop; returns the calling thread's CPU ns per register.
  func registerAll() -> Double {
    let slots = slots
    let start = ProcessProbe.threadCPU()
    for index in receivers.indices {
      timer.register(receivers[index], value: 1 << 40) { value in slots.store(value, at: index) }
    }
    return Double(ProcessProbe.threadCPU() - start) / Double(receivers.count)
  }

  /// Calls the tick `ticks` times; returns the calling thread's CPU ns per receiver per tick.
  func tickCost(ticks: Int) -> Double {
    let start = ProcessProbe.threadCPU()
    for _ in 0..<ticks { timer.tick() }
    return Double(ProcessProbe.threadCPU() - start) / Double(ticks * receivers.count)
  }

  /// Cancels every receiver in a shuffled order; returns the calling thread's CPU ns per cancel.
  func cancelAll() -> Double {
    let start = ProcessProbe.threadCPU()
    for index in cancelOrder { timer.cancel(receivers[index]) }
    return Double(ProcessProbe.threadCPU() - start) / Double(receivers.count)
  }

  /// What the handlers stored (read so the work is observable).
  var checksum: Int { slots.sum() }
}
