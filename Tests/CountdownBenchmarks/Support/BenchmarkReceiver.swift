/// A receiver: the object a countdown belongs to (a cell, a view, a model). Empty on purpose, so
/// that what is measured is the countdown machinery, not the receiver.
final class BenchmarkReceiver: Sendable {
  /// `count` receivers, kept alive by the returned array (engines hold receivers weakly).
  static func make(_ count: Int) -> ContiguousArray<BenchmarkReceiver> {
    var receivers = ContiguousArray<BenchmarkReceiver>()
    receivers.reserveCapacity(count)
    for _ in 0..<count { receivers.append(BenchmarkReceiver()) }
    return receivers
  }
}
