import Dispatch

/// H tuned: H's design (one `DispatchSourceTimer`, a dense array of (key, value, handler) entries,
/// a dictionary from the receiver's identity to its entry's position, removal by swapping the last
/// entry into the gap) with the tick written at its floor: one access to the array per tick.
///
/// H naive indexes `entries[position]`, a stored property of a class, for every entry. Each such
/// access is checked for exclusivity at run time (`swift_beginAccess`/`swift_endAccess`: a
/// thread-local access set) and for uniqueness (copy-on-write), and reloads the array from `self`;
/// under callgrind that is over half of H naive's instructions per entry. Here the tick takes the
/// array's buffer once (one exclusivity and uniqueness check per tick) and walks it through the
/// pointer.
///
/// `Reference` is how an entry refers to its receiver: by key alone (H tuned,
/// ``DenseArrayKeyOnly``: no field, no branch), or by key and a weak reference (H+W tuned,
/// ``DenseArrayWeakReceiver``): the same floor holding receivers weakly, as ours must, so that a
/// receiver gets a side table when it registers. The tick never reads the reference.
final class DenseArrayTunedTimer<Reference: DenseArrayReceiverReference>: DenseArrayDesign, @unchecked Sendable {
  // @unchecked Sendable: `entries`, `positions` and `timer` are touched only while `lock` is held.
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

  func register(_ receiver: AnyObject, value: Int, handler: @escaping (Int) -> Void) {
    let key = ObjectIdentifier(receiver)
    let entry = Entry(key: key, value: value, handler: handler, reference: Reference(receiver))
    lock.withLock {
      if let position = positions[key] {
        entries[position] = entry
      } else {
        positions[key] = entries.count
        entries.append(entry)
      }
    }
  }

  func cancel(_ receiver: AnyObject) {
    let key = ObjectIdentifier(receiver)
    lock.withLock {
      guard let position = positions.removeValue(forKey: key) else { return }
      // The entry of a dead object that lived at this address stays (H tuned's check is always
      // true: it cannot tell).
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

  /// One tick: every value down by one, every handler called (under the lock, as H naive does).
  func tick() {
    lock.withLock {
      entries.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for position in 0..<buffer.count {
          let value = base[position].value &- 1
          base[position].value = value
          base[position].handler(value)
        }
      }
    }
  }

  func start(every nanoseconds: Int64, on queue: DispatchQueue) {
    let source = DispatchSource.makeTimerSource(queue: queue)
    let interval = DispatchTimeInterval.nanoseconds(Int(nanoseconds))
    source.setEventHandler { [unowned self] in tick() }
    source.schedule(deadline: .now() + interval, repeating: interval)
    source.activate()
    lock.withLock { timer = source }
  }

  func stop() {
    lock.withLock {
      timer?.cancel()
      timer = nil
    }
  }
}
