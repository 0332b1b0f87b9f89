extension ReceiverTable {
  /// The position of the registration in `slot`, if it is still in the table: read directly at
  /// `position`, where it was when noted, or looked up by its key if it moved since (a removal
  /// moves the pool's last node into the gap). For index entries, which keep where their node was
  /// when they were made (``IndexedRegistration``).
  ///
  /// On the table, not the engine's state: a non-mutating method of the state called from a
  /// mutating one copies the whole state first.
  @inline(__always)
  func index(of slot: SlotReference, at position: Int) -> NodeIndex? {
    if position < count, nodes[position].slot == slot {
      return NodeIndex(position)
    }
    guard let key = slot.key, let index = index(of: key), self[index].slot == slot else { return nil }
    return index
  }

  /// The position of the registration in `slot`, if it is still in the table at its last value
  /// (see ``CountdownTiming/isAtItsLastValue``): for the ends to come (``EngineState/ends``).
  func indexAtLastValue(of slot: SlotReference) -> NodeIndex? {
    guard let key = slot.key, let index = index(of: key), self[index].slot == slot,
      self[index].timing.isAtItsLastValue
    else { return nil }
    return index
  }
}
