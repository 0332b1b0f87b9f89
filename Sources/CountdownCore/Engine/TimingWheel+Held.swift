// A timing wheel's held entries: taken out of the slots by what came due, still named by their
// handles until their holder moves each on to a later deadline or removes it.

extension TimingWheel {
  /// The list of held entries, after the slots' lists in ``heads``.
  @inline(__always)
  var heldHome: Int { levelCount * 64 }

  /// The first held entry's handle, if any: a holder takes them one by one from here, each moved
  /// (``move(_:to:)``) or removed, so that the next is first.
  @inline(__always)
  package var firstHeld: Handle? {
    let head = heads[heldHome]
    return head < 0 ? nil : head
  }

  /// Whether `handle` names a held entry: for checks.
  package func isHeld(_ handle: Handle) -> Bool {
    contains(handle) && Int(nodes[Int(handle)].home) == heldHome
  }

  /// The deadline of the entry `handle` names, which must be in the wheel.
  @inline(__always)
  package func deadline(of handle: Handle) -> Int64 {
    nodes[Int(handle)].deadline
  }

  /// The payload of the entry `handle` names, which must be in the wheel.
  @inline(__always)
  package func payload(of handle: Handle) -> Payload {
    nodes[Int(handle)].payload.unsafelyUnwrapped
  }

  /// Moves the entry `handle` names, held or waiting, to `deadline`: the same node and handle, so
  /// whoever keeps the handle keeps it. What `deadline` has passed comes out with the next entries
  /// due.
  /// - Complexity: O(1).
  @inline(__always)
  package mutating func move(_ handle: Handle, to deadline: Int64) {
    move(handle, to: deadline, tick: tick(of: deadline))
  }

  /// ``move(_:to:)``, `tick` being `deadline`'s tick (``tick(of:)``): for a caller that moves many
  /// entries to one deadline and finds its tick once.
  @inline(__always)
  mutating func move(_ handle: Handle, to deadline: Int64, tick: UInt64) {
    checkInternally(contains(handle), "a timing wheel handle names no entry")
    unlink(handle)
    if handle == soonestHandle { soonestIsKnown = false }
    nodes[Int(handle)].deadline = deadline
    link(handle, atTick: tick)
    if soonestIsKnown, soonestHandle < 0 || deadline < nodes[Int(soonestHandle)].deadline {
      soonestHandle = handle
    }
  }

  /// Links node `index`, unlinked from its slot, at the head of the held list.
  @inline(__always)
  mutating func hold(_ index: Int32) {
    let home = heldHome
    let head = heads[home]
    nodes[Int(index)].home = Int32(home)
    nodes[Int(index)].prev = -1
    nodes[Int(index)].next = head
    if head >= 0 { nodes[Int(head)].prev = index }
    heads[home] = index
    if index == soonestHandle { soonestIsKnown = false }
  }
}
