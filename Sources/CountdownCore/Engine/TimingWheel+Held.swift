// A timing wheel's held entries: taken out of the slots by what came due, still named by their
// handles until their holder moves each on to a later deadline or removes it.

extension TimingWheel {
  /// The first held entry's handle, if any: a holder takes them from here, each moved on
  /// (``moveHeld(by:while:)``) or removed, so that the next is first.
  @inline(__always)
  package var firstHeld: Handle? { heldHead < 0 ? nil : heldHead }

  /// Whether `handle` names a held entry: for checks.
  package func isHeld(_ handle: Handle) -> Bool {
    contains(handle) && nodes[Int(handle)].home == TimingWheelNode<Payload>.held
  }

  /// The payload of the entry `handle` names, which must be in the wheel.
  @inline(__always)
  package func payload(of handle: Handle) -> Payload {
    nodes[Int(handle)].payload.unsafelyUnwrapped
  }

  /// Moves held entries, from the first on, each to its deadline plus `distance`, while `moves`
  /// (given its payload and deadline) says so: the same nodes and handles, so whoever keeps a
  /// handle keeps it. Stops at the first entry `moves` refuses, which stays first, or once none
  /// is held. Entries held from one slot come together with one deadline: each such run is
  /// linked into its new slot at once.
  /// - Complexity: O(1) per entry moved, and O(1) per run.
  @inline(__always)
  package mutating func moveHeld(by distance: Int64, while moves: (Payload, Int64) -> Bool) {
    guard heldHead >= 0 else { return }
    var first = heldHead
    withPool { wheel, nodes in
      var run = HeldRun()
      while first >= 0 {
        let deadline = nodes[Int(first)].deadline
        guard moves(nodes[Int(first)].payload.unsafelyUnwrapped, deadline) else { break }
        let moved = deadline.addingSaturated(distance)
        if run.first >= 0, moved != run.deadline {
          wheel.link(run, in: nodes)
          run = HeldRun()
        }
        if run.first < 0 {
          run.last = first
          run.deadline = moved
          run.home = Int32(wheel.home(ofTick: wheel.tick(of: moved)))
        } else {
          nodes[Int(run.first)].prev = first
          if run.second < 0 { run.second = run.first }
        }
        let following = nodes[Int(first)].next
        nodes[Int(first)].deadline = moved
        nodes[Int(first)].home = run.home
        nodes[Int(first)].prev = -1
        nodes[Int(first)].next = run.first
        run.first = first
        first = following
      }
      if run.first >= 0 { wheel.link(run, in: nodes) }
      if first >= 0 { nodes[Int(first)].prev = -1 }
      wheel.heldHead = first
    }
  }

  /// Held entries moved to one deadline, linked to each other by `next`, not yet in their slot.
  struct HeldRun {
    var first: Int32 = -1
    /// A node of the run other than its first, once it has two: the runner-up of a slot whose
    /// soonest the run's first becomes.
    var second: Int32 = -1
    var last: Int32 = -1
    var deadline: Int64 = 0
    /// The slot where `deadline` waits (``home(ofTick:)``).
    var home: Int32 = -1
  }

  /// Links `run` at the head of its slot's list, in `nodes`, the pool (``withPool(_:)``), keeping
  /// the slot's soonest and runner-up (as ``noteLinked(_:in:ahead:)`` does for one node: a run's
  /// nodes share their deadline) and the wheel's soonest.
  @inline(__always)
  private mutating func link(_ run: HeldRun, in nodes: UnsafeMutablePointer<TimingWheelNode<Payload>>) {
    let home = Int(run.home)
    let head = heads[home]
    let soonest = slotSoonest[home]
    if head < 0 {
      slotSoonest[home] = run.first
      slotRunnerUp[home] = run.second
    } else if soonest >= 0 {
      if run.deadline < nodes[Int(soonest)].deadline {
        slotRunnerUp[home] = run.second >= 0 ? run.second : soonest
        slotSoonest[home] = run.first
      } else {
        let runnerUp = slotRunnerUp[home]
        // Without a runner-up kept, the run's first is one only if the soonest was alone.
        if runnerUp >= 0 ? run.deadline < nodes[Int(runnerUp)].deadline : nodes[Int(head)].next < 0 {
          slotRunnerUp[home] = run.first
        }
      }
    }
    nodes[Int(run.last)].next = head
    if head >= 0 { nodes[Int(head)].prev = run.last }
    heads[home] = run.first
    occupied[home / 64] |= 1 << UInt64(home % 64)
    if soonestIsKnown, soonestHandle < 0 || run.deadline < nodes[Int(soonestHandle)].deadline {
      soonestHandle = run.first
    }
  }

  /// Links node `index`, unlinked from its slot, at the head of the held list, in `nodes`, the
  /// pool (``withPool(_:)``).
  @inline(__always)
  mutating func hold(_ index: Int32, in nodes: UnsafeMutablePointer<TimingWheelNode<Payload>>) {
    nodes[Int(index)].home = TimingWheelNode<Payload>.held
    nodes[Int(index)].prev = -1
    nodes[Int(index)].next = heldHead
    if heldHead >= 0 { nodes[Int(heldHead)].prev = index }
    heldHead = index
    if index == soonestHandle { soonestIsKnown = false }
  }

  /// Unlinks `node`, a held one, from the held list.
  @inline(__always)
  mutating func unlinkHeld(_ node: TimingWheelNode<Payload>) {
    if node.prev >= 0 { nodes[Int(node.prev)].next = node.next } else { heldHead = node.next }
    if node.next >= 0 { nodes[Int(node.next)].prev = node.prev }
  }
}
