/// Per-countdown alignment's index of what changes when: a timing wheel on the window grid, so
/// that a wakeup looks only at the registrations due in the windows that passed, not at the whole
/// table.
///
/// A countdown's (or count-up's) changes are an interval apart, so each registration's next
/// change lies at most one interval after the instant it was last delivered for: the wheel has
/// one list per window of an interval, and one more, and a registration waits in the list of the
/// window its next change falls in. Its entry names the registration by slot and generation, with
/// its pool position as a hint (``IndexedRegistration``): a node that moved (the pool's last node
/// fills the gap of a removal) is found again by its key; an entry whose registration was removed,
/// replaced, paused or noted again since is stale, and whoever takes it drops it.
///
/// A change further ahead than the wheel's turn (a one-shot's deadline) waits apart, in a
/// hierarchical timing wheel on its instant (``far``), and moves to its window's list once that
/// window comes within a turn (``moveNear(through:window:)``): it is never looked at, nor wakes the
/// engine, before then. There too its entry names it by slot and generation, and is dropped when
/// taken stale, as in the lists: a registration's changes move on every interval, so unlinking
/// its far entry would cost every move a look at its slot for the rare one that has one.
///
/// Not thread-safe: inside the engine's lock.
struct ChangeWheel {
  /// A registration waiting for its window.
  typealias Entry = IndexedRegistration

  private var lists: [ContiguousArray<Entry>]
  /// An empty list with room, put in place of the next list taken: a list is refilled by the
  /// next window's pass (an interval on is one window back in the turn), which then appends
  /// without growing it anew.
  private var spare = ContiguousArray<Entry>()
  /// Entries in all lists, stale ones included.
  private var listed = 0
  /// Changes beyond the lists' turn, on their clock instant.
  private var far: TimingWheel<Entry>
  /// What ``moveNear(through:window:)`` takes from ``far``, kept for its room.
  private var moving: [TimingWheel<Entry>.Entry] = []

  /// A wheel for windows of `window` nanoseconds and changes an `interval` apart.
  init(window: Int64, interval: Int64) {
    let perInterval = (interval - 1) / window + 1
    lists = Array(repeating: [], count: Int(min(perInterval, 1 << 20)) + 1)
    far = TimingWheel(resolution: window)
  }

  /// Entries in the lists and far ahead, stale ones included.
  var count: Int { listed + far.count }

  /// The number of windows in one turn.
  var turn: Int64 { Int64(lists.count) }

  private func list(for window: Int64) -> Int {
    let remainder = window % turn
    return Int(remainder < 0 ? remainder + turn : remainder)
  }

  /// Adds `entry` to the list of window number `window`, which must lie within a turn of the last
  /// window visited.
  mutating func insert(_ entry: Entry, window: Int64) {
    lists[list(for: window)].append(entry)
    listed += 1
  }

  /// Keeps `entry`, whose change at clock instant `change` lies beyond a turn, apart until its
  /// window comes within one.
  /// - Complexity: O(1) amortized.
  mutating func insertFar(_ entry: Entry, change: Int64) {
    far.insert(entry, at: change)
  }

  /// Moves the current entries kept apart whose change comes by clock instant `limit` to their
  /// lists, soonest first: `window` gives the number of the window each goes to. Stale ones are
  /// dropped.
  mutating func moveNear(through limit: Int64, window: (Int64) -> Int64) {
    far.takeDue(through: limit, into: &moving)
    guard !moving.isEmpty else { return }
    moving.sort { $0.deadline < $1.deadline }
    for taken in moving where taken.payload.isCurrent {
      insert(taken.payload, window: window(taken.deadline))
    }
    moving.removeAll(keepingCapacity: true)
    far.compactIfSparse { _, _ in }
  }

  /// The soonest change kept apart that still counts, if any (stale ones before it are dropped).
  mutating func soonestFarChange() -> Int64? {
    while let soonest = far.soonest(), !far[soonest].payload.isCurrent {
      far.remove(soonest)
    }
    return far.soonestDeadline()
  }

  /// Swaps `list` with the list of window number `window`: a pass takes a list out to append to
  /// it in place, then puts it back.
  mutating func exchange(_ list: inout ContiguousArray<Entry>, window: Int64) {
    let index = self.list(for: window)
    listed += list.count - lists[index].count
    swap(&list, &lists[index])
  }

  /// Takes out the list of window number `window`.
  mutating func take(window: Int64) -> ContiguousArray<Entry> {
    let index = list(for: window)
    var taken = ContiguousArray<Entry>()
    swap(&taken, &spare)
    swap(&taken, &lists[index])
    listed -= taken.count
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

  /// Drops every stale entry, from the lists and from those kept apart: for a wheel that churn
  /// has filled with them. Lists left with much more room than they use give it back.
  /// - Complexity: O(count + turn).
  mutating func removeStale() {
    for index in lists.indices where !lists[index].isEmpty {
      lists[index].removeAll { !$0.isCurrent }
      if lists[index].capacity > 2 * lists[index].count + 16 {
        var kept = ContiguousArray<Entry>()
        kept.reserveCapacity(lists[index].count)
        kept.append(contentsOf: lists[index])
        lists[index] = kept
      }
    }
    listed = lists.reduce(0) { $0 + $1.count }
    far.removeAll { !$0.isCurrent }
    far.compactIfSparse { _, _ in }
  }

  /// The first window after `window`, within one turn, whose list is not empty.
  /// - Complexity: O(turn) at most.
  func firstOccupied(after window: Int64) -> Int64? {
    guard listed > 0 else { return nil }
    for step in 1...turn where !lists[list(for: window &+ step)].isEmpty {
      return window &+ step
    }
    return nil
  }

  /// Every entry in the lists, in no order: for the invariant checks.
  var entries: [(window: Int, entry: Entry)] {
    lists.enumerated().flatMap { index, list in list.map { (index, $0) } }
  }

  /// Every entry kept apart, with its change, in no order: for the invariant checks.
  var farEntries: [TimingWheel<Entry>.Entry] { far.entries }

  /// The list index of window number `window`: for the invariant checks.
  func listIndex(of window: Int64) -> Int { list(for: window) }

  mutating func removeAll() {
    for index in lists.indices where !lists[index].isEmpty || lists[index].capacity > 0 {
      lists[index] = []
    }
    spare = []
    listed = 0
    far.removeAll()
  }
}
