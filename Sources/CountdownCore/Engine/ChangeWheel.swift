/// Per-countdown alignment's index of what changes when: a timing wheel on the window grid, so
/// that a wakeup looks only at the registrations due in the windows that passed, not at the whole
/// table.
///
/// A countdown's (or count-up's) changes are an interval apart, so each registration's next
/// change lies at most one interval after the instant it was last delivered for: the wheel has
/// one list per window of an interval, and one more, and a registration waits in the list of the
/// window its next change falls in. Its entry holds the registration's pool position (most
/// checks read the node there directly) and its slot, its identity: a node that moved (the pool's
/// last node fills the gap of a removal) is found again by its key; an entry whose registration
/// was removed, replaced or paused is stale, and whoever takes it checks (``ReceiverTable/index(of:at:)``).
/// A change further ahead than the wheel's turn (a one-shot's deadline) waits in the list of its
/// window modulo the turn and is looked at once per turn.
///
/// Not thread-safe: inside the engine's lock.
struct ChangeWheel {
  /// A registration waiting for its window.
  struct Entry {
    /// Where its node was when the entry was made.
    let position: Int
    let slot: SlotReference
  }

  private var lists: [ContiguousArray<Entry>]
  /// An empty list with room, put in place of the next list taken: a list is refilled by the
  /// next window's pass (an interval on is one window back in the turn), which then appends
  /// without growing it anew.
  private var spare = ContiguousArray<Entry>()
  /// Entries in all lists, stale ones included.
  private(set) var count = 0

  /// A wheel for windows of `window` nanoseconds and changes an `interval` apart.
  init(window: Int64, interval: Int64) {
    let perInterval = (interval - 1) / window + 1
    lists = Array(repeating: [], count: Int(min(perInterval, 1 << 20)) + 1)
  }

  /// The number of windows in one turn.
  var turn: Int64 { Int64(lists.count) }

  private func list(for window: Int64) -> Int {
    let remainder = window % turn
    return Int(remainder < 0 ? remainder + turn : remainder)
  }

  /// Adds `entry` to the list of window number `window`.
  mutating func insert(_ entry: Entry, window: Int64) {
    lists[list(for: window)].append(entry)
    count += 1
  }

  /// Swaps `list` with the list of window number `window`: a pass takes a list out to append to
  /// it in place, then puts it back.
  mutating func exchange(_ list: inout ContiguousArray<Entry>, window: Int64) {
    let index = self.list(for: window)
    count += list.count - lists[index].count
    swap(&list, &lists[index])
  }

  /// Takes out the list of window number `window`.
  mutating func take(window: Int64) -> ContiguousArray<Entry> {
    let index = list(for: window)
    var taken = ContiguousArray<Entry>()
    swap(&taken, &spare)
    swap(&taken, &lists[index])
    count -= taken.count
    return taken
  }

  /// Keeps a list a pass took and is done with as the spare, if it has more room.
  /// One with much more room than it used (grown twice over when first filled one by one) is let
  /// go, so that the lists' room settles at about what they hold.
  mutating func recycle(_ list: inout ContiguousArray<Entry>) {
    let used = list.count
    list.removeAll(keepingCapacity: true)
    if list.capacity > spare.capacity, list.capacity <= used + used / 4 + 16 {
      swap(&list, &spare)
    }
  }

  /// The first window after `window`, within one turn, whose list is not empty.
  /// - Complexity: O(turn) at most.
  func firstOccupied(after window: Int64) -> Int64? {
    guard count > 0 else { return nil }
    for step in 1...turn where !lists[list(for: window &+ step)].isEmpty {
      return window &+ step
    }
    return nil
  }

  /// Every entry, in no order: for the invariant checks.
  var entries: [(window: Int, entry: Entry)] {
    lists.enumerated().flatMap { index, list in list.map { (index, $0) } }
  }

  /// The list index of window number `window`: for the invariant checks.
  func listIndex(of window: Int64) -> Int { list(for: window) }

  mutating func removeAll() {
    for index in lists.indices where !lists[index].isEmpty || lists[index].capacity > 0 {
      lists[index] = []
    }
    spare = []
    count = 0
  }
}
