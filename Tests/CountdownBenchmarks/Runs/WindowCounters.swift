/// The counters of an alternative whose callbacks check the window themselves (B and C): one per
/// countdown, starting high and going down by one per callback, with where it stood when the
/// window started kept beside it, so that the callbacks made in the window are the difference.
final class WindowCounters: Sendable {
  /// Every counter's first value: far from 0, so no countdown of a benchmark ends.
  static let initial = 1 << 40
  /// Each countdown's value now (read by B's callbacks, which decrement it).
  let current: ValueSlots
  private let atWindowStart: ValueSlots

  init(count: Int) {
    current = ValueSlots(count: count, repeating: Self.initial)
    atWindowStart = ValueSlots(count: count, repeating: Self.initial)
  }

  /// Notes countdown `index`'s new `value`, delivered in `phase` of the window.
  @inline(__always)
  func store(_ value: Int, at index: Int, phase: WindowBounds.Phase) {
    current.store(value, at: index)
    if phase == .before { atWindowStart.store(value, at: index) }
  }

  /// The callbacks made inside the window (those after it do not count down).
  var callbacksInWindow: Int { current.totalDrop(from: atWindowStart) }

  /// The callbacks made before the window ended, the warm-up's included.
  var callbacksInRun: Int { current.count * Self.initial - current.sum() }
}
