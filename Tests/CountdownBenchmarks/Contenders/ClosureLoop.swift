/// G: no timer and no table, a bare loop over a contiguous array of closures, each storing the
/// value into its slot: the floor of a tick that calls each handler as it sits in an array, which
/// retains and releases the closure's context per call. Ours and H+W+O tuned call an unretained
/// copy instead, so on a host where atomic reference counting is dear they run below it.
final class ClosureLoop {
  private let closures: ContiguousArray<@Sendable (Int) -> Void>
  private let slots: ValueSlots

  init(receivers n: Int) {
    let slots = ValueSlots(count: n)
    var closures = ContiguousArray<@Sendable (Int) -> Void>()
    closures.reserveCapacity(n)
    for index in 0..<n {
      closures.append { value in slots.store(value, at: index) }
    }
    self.closures = closures
    self.slots = slots
  }

  /// Runs `ticks` passes; returns the calling thread's CPU ns per closure call.
  func tickCost(ticks: Int) -> Double {
    let start = ProcessProbe.threadCPU()
    for tick in 0..<ticks {
      for closure in closures { closure(tick) }
    }
    return Double(ProcessProbe.threadCPU() - start) / Double(ticks * closures.count)
  }

  /// What the closures stored (read so the work is observable).
  var checksum: Int { slots.sum() }
}
