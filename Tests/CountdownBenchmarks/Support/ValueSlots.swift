/// Preallocated integer slots: every alternative's callback does the same trivial work, storing
/// the value it was given into its countdown's slot.
///
/// Also used for timestamps (monotonic nanoseconds) and per-countdown bookkeeping of the harness.
final class ValueSlots: @unchecked Sendable {
  // @unchecked Sendable: a benchmark writes a given slot only from the one serial context that
  // runs that countdown's callbacks (the alternative's serial delivery queue, its run-loop thread,
  // or the slot's own task), and the harness reads slots either on that same serial queue
  // (`queue.sync`) or after the context has been joined (queue drained, thread or tasks finished,
  // which gives the happens-before edge).
  private let base: UnsafeMutablePointer<Int>
  let count: Int

  init(count: Int, repeating value: Int = 0) {
    self.count = count
    base = .allocate(capacity: max(count, 1))
    base.initialize(repeating: value, count: max(count, 1))
  }

  deinit {
    base.deallocate()
  }

  subscript(index: Int) -> Int {
    @inline(__always) get { base[index] }
    @inline(__always) set { base[index] = newValue }
  }

  @inline(__always)
  func store(_ value: Int, at index: Int) {
    base[index] = value
  }

  func reset(to value: Int) {
    base.update(repeating: value, count: count)
  }

  /// A copy of every slot.
  func copy() -> ValueSlots {
    let copy = ValueSlots(count: count)
    copy.base.update(from: base, count: count)
    return copy
  }

  /// The sum of every slot.
  func sum() -> Int {
    var total = 0
    for index in 0..<count { total &+= base[index] }
    return total
  }

  /// The sum of `other[i] - self[i]` over all slots: how far each counter went down from `other`.
  func totalDrop(from other: ValueSlots) -> Int {
    var total = 0
    for index in 0..<count { total &+= other.base[index] &- base[index] }
    return total
  }
}
