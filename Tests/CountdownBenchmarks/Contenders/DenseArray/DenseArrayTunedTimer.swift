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
/// Not generic: called from its timer's handler through an existential, a generic class's tick
/// runs unspecialized (a run measured H tuned 20–50 % slower on the real timer that way). Holding
/// receivers weakly (H+W tuned, ``DenseArrayWeakTunedTimer``) keeps the weak references in an
/// array beside the entries, which the tick never reads.
class DenseArrayTunedTimer: DenseArrayDesign, @unchecked Sendable {
  // @unchecked Sendable: `entries`, `references`, `positions` and `timer` are touched only while
  // `lock` is held.
  struct Entry {
    let key: ObjectIdentifier
    var value: Int
    let handler: (Int) -> Void
  }

  private let lock = HarnessLock()
  private let holdsReceiversWeakly: Bool
  private var entries = ContiguousArray<Entry>()
  /// Each entry's receiver, weakly, at the entry's position: H+W tuned's only (empty for H tuned).
  private var references = ContiguousArray<DenseArrayWeakReceiver>()
  private var positions: [ObjectIdentifier: Int] = [:]
  private var timer: (any DispatchSourceTimer)?

  required convenience init() {
    self.init(holdsReceiversWeakly: false)
  }

  init(holdsReceiversWeakly: Bool) {
    self.holdsReceiversWeakly = holdsReceiversWeakly
  }

  final var count: Int { lock.withLock { entries.count } }

  final func register(_ receiver: AnyObject, value: Int, handler: @escaping (Int) -> Void) {
    let key = ObjectIdentifier(receiver)
    let entry = Entry(key: key, value: value, handler: handler)
    let reference = holdsReceiversWeakly ? DenseArrayWeakReceiver(receiver) : nil
    lock.withLock {
      if let position = positions[key] {
        entries[position] = entry
        if let reference { references[position] = reference }
      } else {
        positions[key] = entries.count
        entries.append(entry)
        if let reference { references.append(reference) }
      }
    }
  }

  final func cancel(_ receiver: AnyObject) {
    let key = ObjectIdentifier(receiver)
    lock.withLock {
      guard let position = positions.removeValue(forKey: key) else { return }
      if holdsReceiversWeakly {
        // The entry of a dead object that lived at this address stays (H tuned cannot tell).
        guard references[position].refers(to: receiver) else {
          positions[key] = position
          return
        }
        let lastReference = references.removeLast()
        if position < references.count { references[position] = lastReference }
      }
      let last = entries.removeLast()
      if position < entries.count {
        entries[position] = last
        positions[last.key] = position
      }
    }
  }

  final func removeAll() {
    lock.withLock {
      entries.removeAll()
      references.removeAll()
      positions.removeAll()
    }
  }
  /// One tick: every value down by one, every handler called (under the lock, as H naive does).
  final func tick() {
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

  final func start(every nanoseconds: Int64, on queue: DispatchQueue) {
    let source = startedTickTimer(every: nanoseconds, on: queue)
    lock.withLock { timer = source }
  }

  final func stop() {
    lock.withLock {
      timer?.cancel()
      timer = nil
    }
  }
}
