// A timing wheel's held entries: taken out of the slots by what came due, still named by their
// handles until their holder moves each on to a later deadline or removes it.

extension TimingWheel {
  /// The first held entry's handle, if any: a holder takes them from here, each moved on
  /// (``moveHeld(by:while:)``) or removed, so that another is first.
  @inline(__always)
  package var firstHeld: Handle? { heldLists.last }

  /// The payload of the entry `handle` names, which must be in the wheel.
  @inline(__always)
  package func payload(of handle: Handle) -> Payload {
    nodes[Int(handle)].payload.unsafelyUnwrapped
  }

  /// Moves held entries, from the first on, each to its deadline plus `distance`, while `moves`
  /// says so: the same nodes and handles. Stops at the first entry `moves` refuses, which stays
  /// first. A run that shares a deadline is linked into its new slot at once.
  /// - Complexity: O(1) per entry moved, and O(1) per run.
  @inline(__always)
  package mutating func moveHeld(by distance: Int64, while moves: (Payload, Int64) -> Bool) {
    guard !heldLists.isEmpty else { return }
    withPool { wheel, nodes in
      var run = HeldRun()
      while var first = wheel.heldLists.last {
        while first >= 0 {
          let deadline = nodes[Int(first)].deadline
          guard moves(nodes[Int(first)].payload.unsafelyUnwrapped, deadline) else { break }
          let moved = deadline.addingSaturated(distance)
          if run.first >= 0, moved != run.deadline {
            wheel.link(run, in: nodes)
            run = HeldRun()
          }
          let following = nodes[Int(first)].next
          wheel.add(first, movedTo: moved, to: &run, in: nodes)
          first = following
        }
        if first >= 0 {
          // Refused: it heads what is left of its list.
          nodes[Int(first)].prev = -1
          wheel.heldLists[wheel.heldLists.count - 1] = first
          break
        }
        wheel.heldLists.removeLast()
      }
      if run.first >= 0 { wheel.link(run, in: nodes) }
    }
  }

  /// Puts node `index`, unlinked, its deadline now `moved`, at the head of `run`, in `nodes`, the
  /// pool (``withPool(_:)``).
  @inline(__always)
  mutating func add(
    _ index: Int32, movedTo moved: Int64, to run: inout HeldRun,
    in nodes: UnsafeMutablePointer<TimingWheelNode<Payload>>
  ) {
    if run.first < 0 {
      run.last = index
      run.deadline = moved
      run.home = Int32(leaf(forDeadline: moved))
    } else {
      nodes[Int(run.first)].prev = index
      if run.second < 0 { run.second = run.first }
    }
    run.count &+= 1
    nodes[Int(index)].deadline = moved
    nodes[Int(index)].home = run.home
    nodes[Int(index)].prev = -1
    nodes[Int(index)].next = run.first
    run.first = index
  }

  /// Nodes of one deadline (held ones moved on, or the ones a cascade places anew), linked to each
  /// other by `next`, not yet in their slot.
  struct HeldRun {
    var first: Int32 = -1
    /// A node of the run other than its first, once it has two: the runner-up of a slot whose
    /// soonest the run's first becomes.
    var second: Int32 = -1
    var last: Int32 = -1
    var deadline: Int64 = 0
    /// How many nodes it holds.
    var count: Int64 = 0
    /// The slot where `deadline` waits (``leaf(forDeadline:)``).
    var home: Int32 = -1
  }

  /// Links `run` at the head of its slot's list, keeping the slot's soonest and runner-up (as
  /// ``keepSoonest(afterLinking:in:ahead:)`` does for one node) and the wheel's soonest.
  @inline(__always)
  mutating func link(_ run: HeldRun, in nodes: UnsafeMutablePointer<TimingWheelNode<Payload>>) {
    links &+= run.count
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

  /// Replaces `first`, the first node of a list of held ones, with `next` (-1: the list is empty):
  /// it was removed.
  /// - Complexity: O(lists held), a few: one per slot a pass took.
  mutating func replaceHeldList(startingAt first: Int32, with next: Int32) {
    guard let list = heldLists.lastIndex(of: first) else {
      return checkInternally(false, "a node heads neither its slot's list nor a held one")
    }
    if next >= 0 { heldLists[list] = next } else { heldLists.remove(at: list) }
  }
}
