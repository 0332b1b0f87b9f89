/// The ends to come of registrations at their last value, soonest first: what lets a wakeup
/// between two grid instants deliver the final 0s that are due without walking the table.
///
/// With ``CountdownAlignment/shared`` every value but the last flips on the interval's grid; a
/// countdown's final 0 comes at its deadline instead, within the end tolerance (``EngineState/endWindow``).
/// A registration enters this heap when its next change becomes its end (it shows 1, or it
/// delivers only its end); an end wakeup pops what is due. Entries are not removed when their
/// registration is cancelled, replaced, paused or ended some other way: whoever pops an entry
/// checks that it still names a registration at its last value (``ReceiverTable/indexAtLastValue(of:)``), and
/// one that is not yet due goes back with its current deadline. Slots are never deallocated before
/// the engine, so a stale entry's slot reference is always safe to read.
///
/// A binary min-heap on the deadline, 16 bytes an entry. Not thread-safe: inside the engine's lock.
struct PendingEnds {
  /// A registration's end: its deadline on the clock, and its slot (its identity).
  struct Entry {
    let deadline: Int64
    let slot: SlotReference
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

  /// Drops the entries `isStale` names, in O(n): for a heap that churn has filled with stale
  /// entries (a cell re-registered many times with a one-shot an hour away).
  mutating func removeAll(where isStale: (Entry) -> Bool) {
    heap.removeAll(where: isStale)
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
