/// A binary heap of keys ordered by deadline, that finds, removes or re-orders any key in
/// O(log *n*): each key's position is kept beside the heap, so no removal scans.
///
/// Ties between equal deadlines are broken by a rising sequence number given at insertion, so the
/// order is total and the same run always keeps the same keys. A min-heap keeps its soonest
/// deadline at the top; a max-heap (`isMax`) its latest.
struct DeadlineHeap<Key: Hashable & Sendable>: Sendable {
  /// One element: a key, its deadline and its tie-breaking number.
  struct Element {
    var key: Key
    var deadline: Int64
    var sequence: UInt64
  }

  private var elements: [Element] = []
  private var positions: [Key: Int] = [:]
  private let isMax: Bool

  /// An empty heap: the latest deadline on top if `isMax`, else the soonest.
  init(isMax: Bool) {
    self.isMax = isMax
  }

  var count: Int { elements.count }
  var top: Element? { elements.first }

  func contains(_ key: Key) -> Bool { positions[key] != nil }

  /// The element of `key`, if present. O(1).
  func element(_ key: Key) -> Element? { positions[key].map { elements[$0] } }

  /// Every element, in heap order (not sorted).
  var unordered: [Element] { elements }

  /// Adds `element`, whose key is not in the heap. O(log *n*).
  mutating func insert(_ element: Element) {
    elements.append(element)
    positions[element.key] = elements.count - 1
    siftUp(elements.count - 1)
  }

  /// Removes `key`, if present. O(log *n*).
  @discardableResult
  mutating func remove(_ key: Key) -> Element? {
    guard let index = positions.removeValue(forKey: key) else { return nil }
    let removed = elements[index]
    let last = elements.removeLast()
    if index < elements.count {
      elements[index] = last
      positions[last.key] = index
      siftDown(index)
      siftUp(index)
    }
    return removed
  }

  /// Removes the top element. O(log *n*).
  mutating func popTop() -> Element? {
    guard let top = elements.first else { return nil }
    return remove(top.key)
  }

  /// Whether `a` goes above `b`.
  func precedes(_ a: Element, _ b: Element) -> Bool {
    let aFirst = a.deadline != b.deadline ? a.deadline < b.deadline : a.sequence < b.sequence
    return isMax ? !aFirst : aFirst
  }

  private mutating func siftUp(_ start: Int) {
    var index = start
    while index > 0 {
      let parent = (index - 1) / 2
      guard precedes(elements[index], elements[parent]) else { return }
      swapAt(index, parent)
      index = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var index = start
    while true {
      let left = 2 * index + 1
      guard left < elements.count else { return }
      let right = left + 1
      let child = right < elements.count && precedes(elements[right], elements[left]) ? right : left
      guard precedes(elements[child], elements[index]) else { return }
      swapAt(index, child)
      index = child
    }
  }

  private mutating func swapAt(_ i: Int, _ j: Int) {
    elements.swapAt(i, j)
    positions[elements[i].key] = i
    positions[elements[j].key] = j
  }
}
