import Dispatch

/// H naive: what an app developer would write for themselves: one `DispatchSourceTimer`, a dense
/// `ContiguousArray` of (key, value, handler) entries and a dictionary from the receiver's
/// identity to its entry's position. Removal swaps the last entry into the gap.
///
/// No weak receivers (unless `Reference` is ``DenseArrayWeakReceiver``: H+W), no pause, no
/// deadlines, no clock: each tick moves every value down by one. Its tick indexes the array entry
/// by entry, as most people write it; ``DenseArrayTunedTimer`` is the same design at its floor,
/// the bar ratios are stated against. Everything both lack is what ours adds.
final class DenseArrayTimer<Reference: DenseArrayReceiverReference>: DenseArrayDesign, @unchecked Sendable {
  // @unchecked Sendable: `entries` and `positions` are touched only while `lock` is held.
  struct Entry {
    let key: ObjectIdentifier
    var value: Int
    let handler: (Int) -> Void
    let reference: Reference
  }

  private let lock = HarnessLock()
  private var entries = ContiguousArray<Entry>()
  private var positions: [ObjectIdentifier: Int] = [:]
  private var timer: (any DispatchSourceTimer)?

  init() {}

  var count: Int { lock.withLock { entries.count } }

  /// Adds `receiver`'s countdown, or replaces the one it has.
  func register(_ receiver: AnyObject, value: Int, handler: @escaping (Int) -> Void) {
    let key = ObjectIdentifier(receiver)
    lock.withLock {
      if let position = positions[key] {
        entries[position] = Entry(key: key, value: value, handler: handler, reference: Reference(receiver))
      } else {
        positions[key] = entries.count
        entries.append(Entry(key: key, value: value, handler: handler, reference: Reference(receiver)))
      }
    }
  }

  func cancel(_ receiver: AnyObject) {
    let key = ObjectIdentifier(receiver)
    lock.withLock {
      guard let position = positions.removeValue(forKey: key) else { return }
      // The entry of a dead object that lived at this address stays (H's check is always true:
      // it cannot tell).
      guard entries[position].reference.refers(to: receiver) else {
        positions[key] = position
        return
      }
      let last = entries.removeLast()
      if position < entries.count {
        entries[position] = last
        positions[last.key] = position
      }
    }
  }

  func removeAll() {
    lock.withLock {
      entries.removeAll()
      positions.removeAll()
    }
  }

  /// One tick: every value down by one, every handler called (under the lock, as the simplest
  /// code does).
  func tick() {
    lock.withLock {
      for position in entries.indices {
        entries[position].value -= 1
        entries[position].handler(entries[position].value)
      }
    }
  }

  /// Starts ticking every `nanoseconds` on `queue`.
  func start(every nanoseconds: Int64, on queue: DispatchQueue) {
    timer = startedTickTimer(every: nanoseconds, on: queue)
  }

  func stop() {
    timer?.cancel()
    timer = nil
  }
}
