// Ends delivered together come in deadline order, ties in registration order (rule 14): a chunk
// holding more than one final 0 has its ends put in that order, in the places they hold, under
// the lock that prepared it. A tick's common case prepares no end, so it pays nothing for this.

extension EngineState {
  /// Where an end belongs among the ends of its chunk: its deadline on the clock, then its
  /// registration's order.
  struct EndOrder: Comparable {
    let deadline: Int64
    let order: UInt64

    static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.deadline, lhs.order) < (rhs.deadline, rhs.order)
    }
  }

  /// Puts the final 0s of `chunk` in deadline order, ties in registration order, in the places the
  /// chunk's ends hold (its other callbacks stay where they are).
  /// - Complexity: O(n + e log e) for a chunk of n callbacks, e of them ends; called only where
  ///   e > 1.
  mutating func orderEnds(in chunk: inout DeliveryChunk) {
    var positions: [Int] = []
    var ends: [(order: EndOrder, callback: PreparedCallback)] = []
    let prepared = chunk.prepared
    for position in prepared.indices where prepared[position].ends {
      positions.append(position)
      ends.append((endOrder(of: prepared[position].slot), prepared[position]))
    }
    ends.sort { $0.order < $1.order }
    for (position, end) in zip(positions, ends) {
      chunk.replace(at: position, with: end.callback)
    }
  }

  /// The order of the end of the registration in `slot`, which a chunk prepared under this lock
  /// holds (so it is in the table, its value the final 0).
  func endOrder(of slot: SlotReference) -> EndOrder {
    guard let index = table.index(of: slot, at: .max) else {
      checkInternally(false, "an end prepared under this lock has no registration")
      return EndOrder(deadline: .max, order: slot.order)
    }
    let timing = table[index].timing
    let deadline = timing.clockInstant(of: timing.deadlineOrStart, suspendedTotal: suspension.total) ?? .max
    return EndOrder(deadline: deadline, order: slot.order)
  }
}

extension EngineState {
  /// How late, in nanoseconds, the final 0 of `receiver`'s registration came, that registration
  /// being the one in `slot` (the 0 being called) and finished: `reading`, the clock reading of
  /// the batch that 0's call is in, less `endedAt`, or its deadline on the clock, when it is more
  /// than the end tolerance; `nil` otherwise (``CountdownEngine/endedAgo(_:endedAt:)``).
  func lateness(ofTheEndIn slot: SlotReference, of receiver: AnyObject, at reading: Int64, endedAt: Int64?) -> Int64? {
    guard let index = table.index(of: ObjectIdentifier(receiver)), table[index].slot == slot,
      isRegistration(at: index, of: receiver)
    else { return nil }
    let timing = table[index].timing
    guard timing.isFinished,
      let end = endedAt ?? timing.clockInstant(of: timing.deadlineOrStart, suspendedTotal: suspension.total)
    else { return nil }
    let late = reading.subtractingSaturated(end)
    return late > grid.endWindow ? late : nil
  }
}
