import Dispatch

/// H+W+O tuned: H+W tuned calling its handlers with its lock released, as ours must (no user code
/// runs while a lock is held), and keeping what that rule then asks, at its cheapest:
/// - a tick prepares up to 1 024 callbacks under the lock (each value stepped down, each handler's
///   two words copied without retaining its context), then calls them with the lock released;
/// - a cancel that returned stops every callback not yet begun: each cancel bumps a count that the
///   calls read before each callback, and only when it moved do they take the withdrawn keys;
/// - a handler removed while a pass runs stays alive until the pass ends (the prepared callbacks
///   do not retain it): a cancel then leaves its entry in place, marked, and the pass's end removes
///   it; a replaced handler is kept aside. Handlers are released outside the lock.
///
/// The floor of a dense design that keeps both of ours' rules that cost per callback (receivers
/// held weakly, handlers called outside the lock).
final class DenseArrayOutsideLockTimer: DenseArrayDesign, @unchecked Sendable {
  // @unchecked Sendable: `entries`, `references`, `positions`, `timer`, `passRuns`, `withdrawnKeys`,
  // `cancelledPositions`, `withdrewAllDuringPass` and `retired` are touched only while `lock` is
  // held; `chunk` only by the tick, which runs on one serial queue (or on the one thread that
  // calls it directly); `withdrawals` is atomic.
  private struct Entry {
    let key: ObjectIdentifier
    /// The value, or ``cancelled`` for an entry cancelled while a pass ran.
    var value: Int
    /// In a struct, not as a bare closure: a key path to a closure-typed field has no offset (it
    /// reabstracts), so the tick could not find the handler's words.
    var handler: HandlerBox
  }

  /// A prepared callback: the handler's two words, not retained, its key and its value.
  private struct PreparedCallback {
    let key: ObjectIdentifier
    let handler: HandlerWords
    let value: Int
  }

  private struct HandlerWords {
    let function: UnsafeRawPointer?
    let context: UnsafeRawPointer?
  }

  /// A closure in a struct's field, so that its words are the stored closure's (see `NodeHandler`
  /// in CountdownCore).
  private struct HandlerBox {
    var closure: (Int) -> Void
  }

  private static let cancelled = Int.min
  private static let chunkSize = 1024

  private let lock = HarnessLock()
  private var entries = ContiguousArray<Entry>()
  private var references = ContiguousArray<DenseArrayWeakReceiver>()
  private var positions: [ObjectIdentifier: Int] = [:]
  private var timer: (any DispatchSourceTimer)?
  private var passRuns = false
  private var withdrawnKeys: [ObjectIdentifier] = []
  private var cancelledPositions: [Int] = []
  private var withdrewAllDuringPass = false
  private var retired: [(Int) -> Void] = []
  private let withdrawals = HarnessWithdrawalCount()
  private let chunk = UnsafeMutablePointer<PreparedCallback>.allocate(capacity: chunkSize)

  required init() {}

  deinit {
    chunk.deallocate()
  }

  func register(_ receiver: AnyObject, value: Int, handler: @escaping (Int) -> Void) {
    let key = ObjectIdentifier(receiver)
    let entry = Entry(key: key, value: value, handler: HandlerBox(closure: handler))
    let reference = DenseArrayWeakReceiver(receiver)
    let replaced: ((Int) -> Void)? = lock.withLock {
      guard let position = positions[key] else {
        positions[key] = entries.count
        entries.append(entry)
        references.append(reference)
        return nil
      }
      let old = entries[position].handler.closure
      entries[position] = entry
      references[position] = reference
      if passRuns {
        // A callback of the replaced registration may be prepared: it must not begin, and its
        // handler must outlive the pass.
        withdrawDuringPass(key)
        retired.append(old)
      }
      return old
    }
    _ = replaced  // released here, outside the lock
  }

  func cancel(_ receiver: AnyObject) {
    let key = ObjectIdentifier(receiver)
    let removed: Entry? = lock.withLock {
      guard let position = positions[key], references[position].refers(to: receiver) else { return nil }
      positions.removeValue(forKey: key)
      if passRuns {
        // Left in place, marked, until the pass ends: the pass's prepared callbacks may still
        // hold its handler.
        entries[position].value = Self.cancelled
        cancelledPositions.append(position)
        withdrawDuringPass(key)
        return nil
      }
      return removeEntry(at: position)
    }
    _ = removed  // its handler released here, outside the lock
  }

  func removeAll() {
    let old = lock.withLock {
      let old = entries
      if passRuns {
        // The pass's prepared callbacks may hold any handler: all of them outlive it, and none
        // of its callbacks begins from now on.
        retired.append(contentsOf: old.lazy.map(\.handler.closure))
        withdrewAllDuringPass = true
        withdrawals.bump()
      }
      entries.removeAll()
      references.removeAll()
      positions.removeAll()
      cancelledPositions.removeAll()
      return old
    }
    _ = old  // released here, outside the lock
  }

  /// One tick: every value down by one, every handler called, chunk by chunk, with the lock
  /// released.
  func tick() {
    var cursor = 0
    var seen = withdrawals.value
    var end = lock.withLock {
      passRuns = true
      return entries.count
    }
    while cursor < end {
      let filled = lock.withLock { prepare(from: &cursor, to: end) }
      var withdrawn: Set<ObjectIdentifier> = []
      withUnsafeTemporaryAllocation(of: HandlerBox.self, capacity: 1) { temporary in
        let stored = temporary.baseAddress.unsafelyUnwrapped
        for index in 0..<filled {
          let prepared = chunk[index]
          if withdrawals.value != seen {
            let (keys, all) = lock.withLock {
              seen = withdrawals.value
              return (withdrawnKeys, withdrewAllDuringPass)
            }
            if all { return }
            withdrawn.formUnion(keys)
          }
          if !withdrawn.isEmpty, withdrawn.contains(prepared.key) { continue }
          // The words go in a temporary, are moved out for the call and back after it, so no
          // reference is counted.
          UnsafeMutableRawPointer(stored).storeBytes(of: prepared.handler, as: HandlerWords.self)
          let closure = stored.move().closure
          closure(prepared.value)
          stored.initialize(to: HandlerBox(closure: closure))
        }
      }
      end = min(end, lock.withLock { entries.count })
    }
    let released = lock.withLock { finishPass() }
    _ = released  // released here, outside the lock
  }

  /// Under the lock: steps down and copies the entries from `cursor` into the chunk.
  private func prepare(from cursor: inout Int, to end: Int) -> Int {
    let handlerOffset = MemoryLayout<Entry>.offset(of: \Entry.handler).unsafelyUnwrapped
    return entries.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      var position = cursor
      var filled = 0
      let stop = min(end, position + Self.chunkSize)
      while position < stop {
        let value = base[position].value
        if value != Self.cancelled {
          base[position].value = value &- 1
          let words = UnsafeRawPointer(base + position).load(fromByteOffset: handlerOffset, as: HandlerWords.self)
          chunk[filled] = PreparedCallback(key: base[position].key, handler: words, value: value &- 1)
          filled += 1
        }
        position += 1
      }
      cursor = position
      return filled
    }
  }

  /// Under the lock: ends the pass, removing what was cancelled while it ran; returns the handlers
  /// to release once the lock is released.
  private func finishPass() -> [(Int) -> Void] {
    passRuns = false
    withdrewAllDuringPass = false
    var released = retired
    retired.removeAll()
    withdrawnKeys.removeAll()
    // Highest first, so that each removal moves an entry that is not marked.
    for position in cancelledPositions.sorted(by: >) {
      released.append(removeEntry(at: position).handler.closure)
    }
    cancelledPositions.removeAll()
    return released
  }

  private func withdrawDuringPass(_ key: ObjectIdentifier) {
    withdrawnKeys.append(key)
    withdrawals.bump()
  }

  /// Under the lock: removes the entry at `position`, moving the last one into its place.
  private func removeEntry(at position: Int) -> Entry {
    let lastReference = references.removeLast()
    if position < references.count { references[position] = lastReference }
    let last = entries.removeLast()
    guard position < entries.count else { return last }
    let removed = entries[position]
    entries[position] = last
    positions[last.key] = position
    return removed
  }

  func start(every nanoseconds: Int64, on queue: DispatchQueue) {
    let source = startedTickTimer(every: nanoseconds, on: queue)
    lock.withLock { timer = source }
  }

  func stop() {
    lock.withLock {
      timer?.cancel()
      timer = nil
    }
  }
}
