import CountdownCore

/// Every call each receiver's handler got: the value and the clock's time at the call.
final class DeliveryLog: Sendable {
  private let state = LockedState<[ObjectIdentifier: [(value: Int, now: Int64)]]>([:])

  func record(_ key: ObjectIdentifier, _ value: Int, _ now: Int64) {
    state.withLock { $0[key, default: []].append((value, now)) }
  }

  func calls(_ key: ObjectIdentifier) -> [(value: Int, now: Int64)] {
    state.withLock { $0[key] ?? [] }
  }
}
