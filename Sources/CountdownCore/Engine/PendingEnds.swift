/// Changes naming registrations, soonest first: per-countdown alignment's changes too far ahead
/// for its wheel's lists (``ChangeWheel``).
///
/// Entries are not removed when their registration is cancelled, replaced, paused or moved on:
/// each names its registration by slot and generation (``IndexedRegistration``), so whoever pops
/// one drops it if it is stale. Stale entries are also dropped all at once when they outnumber the
/// current ones (``removeStale()``), so the heap stays within a small multiple of the table's size.
/// Slots are never deallocated before the engine, so a stale entry's slot reference is always safe
/// to read.
///
/// A binary min-heap on the deadline, 24 bytes an entry. Not thread-safe: inside the engine's lock.
struct PendingEnds {
  /// A registration's end (or change): its deadline on the clock, and the registration.
  struct Entry {
    let deadline: Int64
    let registration: IndexedRegistration

    var slot: SlotReference { registration.slot }
  }

  private var heap: ContiguousArray<Entry> = []

  var isEmpty: Bool { heap.isEmpty }
  var count: Int { heap.count }

  /// The soonest deadline, if any.
  var soonest: Entry? { heap.first }

  /// Every entry, in no order: for the invariant checks.
  var entries: ContiguousArray<Entry> { heap }

  /// - Complexity: O(log n).
  mutating func insert(_ entry: Entry) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].deadline < heap[parent].deadline else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the soonest entry.
  /// - Complexity: O(log n).
  mutating func removeSoonest() -> Entry? {
    guard !heap.isEmpty else { return nil }
    heap.swapAt(0, heap.count - 1)
    let soonest = heap.removeLast()
    siftDown(from: 0)
    return soonest
  }

  /// Drops the soonest entries while they are stale, so that a deadline read next is one that
  /// still counts.
  /// - Complexity: O(log n) per entry dropped.
  mutating func removeStaleSoonest() {
    while let soonest = heap.first, !soonest.registration.isCurrent {
      _ = removeSoonest()
    }
  }

  /// Drops every stale entry (see ``IndexedRegistration/isCurrent``), in O(n): for a heap that
  /// churn has filled with them (a cell re-registered many times with a one-shot an hour away).
  /// Gives back room the heap no longer needs, so that memory returns after a burst.
  mutating func removeStale() {
    heap.removeAll { !$0.registration.isCurrent }
    if heap.capacity > 4 * heap.count + 64 {
      var shrunk = ContiguousArray<Entry>()
      shrunk.reserveCapacity(heap.count)
      shrunk.append(contentsOf: heap)
      heap = shrunk
    }
    for parent in stride(from: heap.count / 2 - 1, through: 0, by: -1) {
      siftDown(from: parent)
    }
  }

  private mutating func siftDown(from start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      let right = left + 1
      let child = right < heap.count && heap[right].deadline < heap[left].deadline ? right : left
      guard heap[child].deadline < heap[parent].deadline else { return }
      heap.swapAt(child, parent)
      parent = child
    }
  }

  mutating func removeAll() {
    heap.removeAll()
  }
}
