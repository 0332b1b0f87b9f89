// Ends delivered together come in deadline order, ties in registration order (rule 14): a pass
// of one chunk has its ends put in that order, in the places they hold, under the lock that
// prepared it; a pass of several holds its ends back until everything else is prepared, then
// delivers them all in that order. A tick's common case prepares no end, so it pays nothing for
// this.

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

  /// Places the final 0s of the chunk just prepared for a pass of `kind`, in `chunk`: in deadline
  /// order in the places they hold, when the pass holds all its ends in this one chunk; otherwise
  /// held back (more chunks are to come, which may hold earlier ones) until everything else is
  /// prepared, then put in the room left, in deadline order across the pass.
  mutating func placeEnds(_ kind: PassKind, in chunk: inout DeliveryChunk, progress: inout PassProgress) {
    let foundAll = progress.foundAll(kind)
    if progress.found.endsPrepared > 0 {
      if foundAll, progress.heldEnds.isEmpty {
        if progress.found.endsPrepared > 1 { orderEnds(in: &chunk) }
      } else {
        holdBackEnds(of: &chunk, progress: &progress)
      }
      progress.found.endsPrepared = 0
    }
    if foundAll, progress.heldEndsReleased < progress.heldEnds.count {
      releaseHeldEnds(into: &chunk, progress: &progress)
    }
  }

  /// Takes the final 0s out of `chunk` and holds them in `progress`, each with its order.
  /// - Complexity: O(n) for a chunk of n callbacks.
  private mutating func holdBackEnds(of chunk: inout DeliveryChunk, progress: inout PassProgress) {
    chunk.takeEnds { callback in
      let call = callback.isSegmentCall ? progress.found.segmentCalls[callback.value] : nil
      progress.heldEnds.append(HeldEnd(order: endOrder(of: callback.slot), callback: callback, segmentCall: call))
    }
  }

  /// Puts the ends `progress` holds back into `chunk`, in deadline order, as many as it has room
  /// for. One whose registration went since it was held back (cancelled or replaced while an
  /// earlier chunk was called) is dropped: its callback was withdrawn.
  /// - Complexity: O(e log e) once for the e ends held, then O(1) each.
  private mutating func releaseHeldEnds(into chunk: inout DeliveryChunk, progress: inout PassProgress) {
    if !progress.heldEndsInOrder {
      progress.heldEnds.sort { $0.order < $1.order }
      progress.heldEndsInOrder = true
    }
    while progress.heldEndsReleased < progress.heldEnds.count, !chunk.isFull {
      let held = progress.heldEnds[progress.heldEndsReleased]
      progress.heldEndsReleased += 1
      let callback = held.callback
      guard let index = table.index(of: callback.slot, at: .max), table[index].timing.isFinished else { continue }
      if let call = held.segmentCall {
        // Told among this chunk's calls.
        progress.found.segmentCalls.append(call)
        chunk.append(
          PreparedCallback(
            slot: callback.slot, handler: callback.handler, segmentCall: progress.found.segmentCalls.count - 1,
            ends: true))
      } else {
        chunk.append(callback)
      }
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
