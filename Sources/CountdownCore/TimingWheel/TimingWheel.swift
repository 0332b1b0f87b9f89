/// Deadlines on the clock, each naming a `Payload`, in a hierarchical timing wheel: what is due by
/// an instant is taken without looking at what is not, the soonest deadline is found by looking
/// at one slot (a slot that holds many, asked for its soonest, is split by their deadlines:
/// `TimingWheel+Split.swift`), and an entry is removed by its handle without a search.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
package struct TimingWheel<Payload> {
  /// Names an entry while it is in the wheel (its pool position). Once the entry is taken,
  /// removed or cleared, the handle may name a newer one.
  package typealias Handle = Int32

  /// An entry taken out of the wheel, with the handle that named it (which the wheel may hand out
  /// again from the next insert on).
  package struct Entry {
    package let deadline: Int64
    package let payload: Payload
    package let handle: Handle
  }

  /// The levels a 64-bit tick needs at 6 bits a level: with them, no deadline is ever clamped.
  package static var levelsForEveryTick: Int { 11 }

  /// The length of a tick, in nanoseconds.
  package let resolution: Int64
  /// How many levels of 64 slots.
  package let levelCount: Int
  /// The tick the wheel stands at, biased (see ``tick(of:)``): everything due before it was taken.
  var elapsed: UInt64 = 0
  /// Per level, then per block (``slotChild``), a bit per slot whose list is not empty, or that is
  /// split.
  var occupied: [UInt64]
  /// Per slot (`level * 64 + slot`, then the slots of blocks: ``slotChild``), the first node of
  /// its list; -1 when empty (or split).
  var heads: [Int32]
  /// Per slot, its node with the soonest deadline; -1 when not known (found again when asked
  /// for), or empty.
  var slotSoonest: [Int32]
  /// Per slot whose soonest is known, the runner-up; -1 when not known, or none. It takes the
  /// soonest's place, so that a one-shot made and cancelled over and over never has its slot walked.
  var slotRunnerUp: [Int32]
  /// Per slot, the block it is split into (``split(_:)``), or -1. Block `b`'s slots follow the
  /// levels' from `(levelCount + b) * 64`, its mask at `occupied[levelCount + b]`.
  var slotChild: [Int32]
  /// Per block, the lowest bit of the deadline digit its slots tell apart (a multiple of 6: 0 for
  /// a block whose slots each hold one deadline).
  var blockShift: [Int] = []
  /// Per block, the bits above its digit every deadline under it shares (as a key: ``key(of:)``).
  var blockPrefix: [UInt64] = []
  /// Per block, the slot split into it.
  var blockParent: [Int32] = []
  /// Blocks no slot is split into, for reuse.
  var freeBlocks: [Int32] = []
  var nodes = ContiguousArray<TimingWheelNode<Payload>>()
  /// The first free node; -1 for none.
  var freeHead: Int32 = -1
  /// The first nodes of the lists of held entries (``holdDue(through:)``), linked by `next` and
  /// `prev`. A held node keeps the `home` of the slot it left; the slot's head is never a held node.
  var heldLists: [Int32] = []
  /// Entries in the wheel, held ones included.
  package internal(set) var count = 0
  /// Entries looked at to find a slot's soonest (``soonest(inSlot:)``): what rule 12 bounds.
  package internal(set) var slotWalkSteps: Int64 = 0
  /// Slots whose soonest entry was asked for (``soonest(inSlot:)``).
  package internal(set) var slotQueries: Int64 = 0
  /// Entries linked into a slot: inserted, moved on, cascaded or placed anew.
  package internal(set) var links: Int64 = 0
  /// The entry with the soonest deadline when ``soonestIsKnown`` (-1: empty).
  var soonestHandle: Int32 = -1
  var soonestIsKnown = true

  /// A wheel with ticks of `resolution` nanoseconds (more than 0) and `levels` levels (2 to
  /// ``levelsForEveryTick``: level 0 never holds deadlines past the top level's span, so what its
  /// slots hold is due once the wheel passes them).
  package init(resolution: Int64, levels: Int = levelsForEveryTick) {
    precondition(
      resolution > 0 && (2...Self.levelsForEveryTick).contains(levels), "a wheel needs a tick and 2 to 11 levels")
    self.resolution = resolution
    levelCount = levels
    occupied = Array(repeating: 0, count: levels)
    heads = Array(repeating: -1, count: levels * 64)
    slotSoonest = heads
    slotRunnerUp = heads
    slotChild = heads
  }

  package var isEmpty: Bool { count == 0 }

  /// The most entries finding slots' soonest may have walked (``slotWalkSteps``) after `queries`
  /// slots asked (``slotQueries``) and `links` entries linked (``links``): the wheel's cost rule.
  package static func slotWalkBound(queries: Int64, links: Int64) -> Int64 {
    9 &* queries &+ 22 &* links
  }

  /// Moves an empty wheel to clock instant `instant`, so that entries made from there on wait at
  /// the levels their distance from it calls for. Does nothing unless the wheel is empty.
  package mutating func restartIfEmpty(at instant: Int64) {
    guard count == 0 else { return }
    elapsed = tick(of: instant)
  }

  /// Adds an entry due at `deadline` (any instant: one already past comes out with the next
  /// entries taken) and returns its handle.
  /// - Complexity: O(1) amortized.
  @discardableResult
  package mutating func insert(_ payload: Payload, at deadline: Int64) -> Handle {
    let node = TimingWheelNode(deadline: deadline, payload: payload, next: -1, prev: -1, home: -1)
    let index: Int32
    if freeHead >= 0 {
      index = freeHead
      freeHead = nodes[Int(index)].next
      nodes[Int(index)] = node
    } else {
      index = Int32(nodes.count)
      nodes.append(node)
    }
    link(index)
    count += 1
    if soonestIsKnown, soonestHandle < 0 || deadline < nodes[Int(soonestHandle)].deadline {
      soonestHandle = index
    }
    return index
  }

  /// Whether `handle` names an entry in the wheel now: for checks of whoever holds handles.
  package func contains(_ handle: Handle) -> Bool {
    handle >= 0 && Int(handle) < nodes.count && nodes[Int(handle)].home >= 0
  }

  /// The entry `handle` names, which must be in the wheel.
  package subscript(handle: Handle) -> Entry {
    checkInternally(contains(handle), "a timing wheel handle names no entry")
    let node = nodes[Int(handle)]
    return Entry(deadline: node.deadline, payload: node.payload!, handle: handle)
  }

  /// Removes the entry `handle` names, which must be in the wheel, and returns it.
  /// - Complexity: O(1).
  @discardableResult
  package mutating func remove(_ handle: Handle) -> Entry {
    precondition(contains(handle), "a timing wheel handle names no entry")
    unlink(handle)
    return free(handle)
  }

  /// The handle of the entry with the soonest deadline, if any (of one of them, at equal ones).
  /// - Complexity: O(1); once that entry has left, O(levels) and that slot's soonest
  ///   (``soonest(inSlot:)``: O(1) amortized) for the earliest occupied slot (for each of the top
  ///   level's, when it holds deadlines past its span).
  package mutating func soonest() -> Handle? {
    if !soonestIsKnown {
      soonestHandle = findSoonest()
      soonestIsKnown = true
    }
    return soonestHandle < 0 ? nil : soonestHandle
  }

  /// The soonest deadline, if any (see ``soonest()``).
  package mutating func soonestDeadline() -> Int64? {
    soonest().map { nodes[Int($0)].deadline }
  }

  /// Takes out every entry due at or before clock instant `instant` (and none due later), in no
  /// order, and moves the wheel on to it; entries of higher levels whose slots it passes cascade.
  /// - Complexity: O(levels) per slot passed that holds entries, plus O(1) per entry taken or
  ///   cascaded.
  package mutating func takeDue(through instant: Int64, into due: inout [Entry]) {
    passSlots(through: instant, holding: false, into: &due)
    releasePoolIfEmpty()
  }

  /// Moves the wheel on to clock instant `instant` as ``takeDue(through:into:)`` does, the entries
  /// due by it held: out of the slots, but still in the wheel, their handles still naming them,
  /// until each is moved on (``moveHeld(by:while:)``) or removed.
  /// - Complexity: as ``takeDue(through:into:)``, but O(1) per slot held whole.
  package mutating func holdDue(through instant: Int64) {
    var none: [Entry] = []
    passSlots(through: instant, holding: true, into: &none)
    soonestIsKnown = false
  }

  /// Moves the wheel on to `instant`; each node due by it is held (``heldLists``) if `holding`,
  /// else taken out into `due`; the others of the slots passed are linked again.
  @inline(__always)
  private mutating func passSlots(through instant: Int64, holding: Bool, into due: inout [Entry]) {
    let instantTick = tick(of: instant)
    let target = Swift.max(instantTick, elapsed)
    if !topLevelSpansEveryTick, target &- elapsed >= topLevelSpan {
      // Past a whole turn of the top level: placing everything anew is cheaper than cascading
      // what waits beyond it once per turn.
      replaceAll(standingAt: target)
    }
    while let next = earliestSlot(), next.start <= target {
      elapsed = Swift.max(elapsed, next.start)
      var index = detach(level: next.level, slot: next.slot)
      // A slot of level 0 holds the ticks up to its own: all due before the instant's tick, and at
      // it too with ticks of 1, where a tick is one instant.
      if holding, next.level == 0, next.start < instantTick || (resolution == 1 && next.start == instantTick) {
        heldLists.append(index)
        if next.start == target { break }
        continue
      }
      // What is not due waits again, linked in runs of one deadline (a slot's entries come in
      // such runs when they moved on together); what is held forms a list.
      var held: Int32 = -1
      withPool { wheel, nodes in
        var run = HeldRun()
        while index >= 0 {
          let following = nodes[Int(index)].next
          let deadline = nodes[Int(index)].deadline
          if deadline > instant {
            if run.first >= 0, deadline != run.deadline {
              wheel.link(run, in: nodes)
              run = HeldRun()
            }
            wheel.add(index, movedTo: deadline, to: &run, in: nodes)
          } else if holding {
            nodes[Int(index)].prev = -1
            nodes[Int(index)].next = held
            if held >= 0 { nodes[Int(held)].prev = index }
            held = index
          } else {
            due.append(wheel.free(index, in: nodes))
          }
          index = following
        }
        if run.first >= 0 { wheel.link(run, in: nodes) }
      }
      if held >= 0 { heldLists.append(held) }
      // What stays in the slot of the target tick is due after `instant`, within that tick.
      if next.level == 0, next.start == target { break }
    }
    elapsed = target
  }

  /// Gives back the room of a pool that removals left mostly free (more than 256 positions, under
  /// a quarter used): `moved` is told each entry's new handle. O(1) amortized; never while entries
  /// are held.
  package mutating func compactIfSparse(moved: (Payload, Handle) -> Void) {
    guard nodes.count > 256, count * 4 < nodes.count, heldLists.isEmpty else { return }
    var compacted = ContiguousArray<TimingWheelNode<Payload>>()
    compacted.reserveCapacity(count)
    for node in nodes where node.home >= 0 { compacted.append(node) }
    nodes = compacted
    freeHead = -1
    emptySlots()
    for index in nodes.indices {
      link(Int32(index))
      moved(nodes[index].payload!, Int32(index))
    }
    soonestIsKnown = false
  }

  /// Calls `body` with every entry, in no order: for checks (no array is built).
  package func forEachEntry(_ body: (Entry) -> Void) {
    nodes.withUnsafeBufferPointer { nodes in
      for index in nodes.indices where nodes[index].home >= 0 {
        guard let payload = nodes[index].payload else { continue }
        body(Entry(deadline: nodes[index].deadline, payload: payload, handle: Int32(index)))
      }
    }
  }

  /// Every entry, in no order: for checks.
  package var entries: [Entry] {
    nodes.indices.compactMap { index in
      let node = nodes[index]
      guard node.home >= 0, let payload = node.payload else { return nil }
      return Entry(deadline: node.deadline, payload: payload, handle: Int32(index))
    }
  }

  /// Removes every entry and gives back the pool's memory.
  package mutating func removeAll() {
    nodes = []
    freeHead = -1
    count = 0
    emptySlots()
    soonestHandle = -1
    soonestIsKnown = true
  }

  /// Empties every slot's list, mask and kept soonest, the blocks and the held list, leaving the
  /// pool as it is.
  private mutating func emptySlots() {
    heldLists.removeAll()
    occupied = Array(repeating: 0, count: levelCount)
    heads = Array(repeating: -1, count: levelCount * 64)
    slotSoonest = heads
    slotRunnerUp = heads
    slotChild = heads
    blockShift = []
    blockPrefix = []
    blockParent = []
    freeBlocks = []
  }
}
