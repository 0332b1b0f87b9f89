/// A receiver as an app has it: a plain (non-Sendable) final class, a cell or a view model.
final class KitReceiver {
  static func make(_ count: Int) -> ContiguousArray<KitReceiver> {
    var receivers = ContiguousArray<KitReceiver>()
    receivers.reserveCapacity(count)
    for _ in 0..<count { receivers.append(KitReceiver()) }
    return receivers
  }
}
