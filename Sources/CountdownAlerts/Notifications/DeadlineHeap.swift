/// A binary heap of tokens ordered by deadline, that finds, removes or re-orders any token in
/// O(log *n*): each token's position is kept beside the heap, in an array indexed by the token, so
/// no removal scans and no step hashes.
///
/// Tokens are small non-negative integers handed out by the owner (``NotificationsSchedule`` gives one to
/// each running countdown and takes it back when it stops), so the position array stays as long as
/// the most countdowns ever running at once. Ties between equal deadlines are broken by a rising
/// sequence number given at insertion, so the order is total and the same run always keeps the
/// same tokens. A min-heap keeps its soonest deadline at the top; a max-heap (`isMax`) its latest.
struct DeadlineHeap: Sendable {
  /// One element: a token, its deadline and its tie-breaking number.
  struct Element: Equatable, Sendable {
    var token: Int
    var deadline: Int64
    var sequence: UInt64
  }

  private var elements: [Element] = []
  /// `positions[token]`: the token's index in `elements`, or -1 when it is not in the heap.
  private var positions: [Int] = []
  private let isMax: Bool

  /// An empty heap: the latest deadline on top if `isMax`, else the soonest.
  init(isMax: Bool) {
    self.isMax = isMax
  }

  var count: Int { elements.count }
  var top: Element? { elements.first }

  func contains(_ token: Int) -> Bool { position(of: token) != nil }

  /// The element of `token`, if present. O(1).
  func element(_ token: Int) -> Element? { position(of: token).map { elements[$0] } }

  /// Every element, in heap order (not sorted).
  var unordered: [Element] { elements }

  /// Adds `element`, whose token is not in the heap. O(log *n*).
  mutating func insert(_ element: Element) {
    if element.token >= positions.count {
      positions.append(contentsOf: repeatElement(-1, count: element.token + 1 - positions.count))
    }
    elements.append(element)
    positions[element.token] = elements.count - 1
    siftUp(elements.count - 1)
  }

  /// Removes `token`, if present. O(log *n*).
  @discardableResult
  mutating func remove(_ token: Int) -> Element? {
    guard let index = position(of: token) else { return nil }
    positions[token] = -1
    let removed = elements[index]
    let last = elements.removeLast()
    if index < elements.count {
      elements[index] = last
      positions[last.token] = index
      siftDown(index)
      siftUp(index)
    }
    return removed
  }

  /// Removes the top element. O(log *n*).
  mutating func popTop() -> Element? {
    guard let top = elements.first else { return nil }
    return remove(top.token)
  }

  /// Whether `a` goes above `b`.
  func precedes(_ a: Element, _ b: Element) -> Bool {
    let aFirst = a.deadline != b.deadline ? a.deadline < b.deadline : a.sequence < b.sequence
    return isMax ? !aFirst : aFirst
  }

  private func position(of token: Int) -> Int? {
    guard token < positions.count, positions[token] >= 0 else { return nil }
    return positions[token]
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
    positions[elements[i].token] = i
    positions[elements[j].token] = j
  }
}
