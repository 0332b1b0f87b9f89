/// One registration in the ``ReceiverTable``'s pool: everything a pass reads and writes for one
/// callback, 40 bytes, walked in order: its timing, its handler, and its slot (its identity). Its
/// key and its bucket links live in the table's compact side array, at the same position; its weak
/// receiver, key and generation, needed only for identity, lookups and the rare paths, in its slot.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
package struct ReceiverNode {
  /// Deadline or start, last delivered value, kind and flags.
  package var timing: CountdownTiming
  /// What to call on each change.
  package var handler: NodeHandler
  /// Where the registration's receiver and key are (``RegistrationSlots``): its identity.
  package var slot: SlotReference

  package init(slot: SlotReference, handler: @escaping CountdownHandler, timing: CountdownTiming) {
    self.slot = slot
    self.handler = NodeHandler(handler)
    self.timing = timing
  }
}

/// A registration's handler as its node stores it: a struct around the closure, not the closure.
///
/// Why a struct: a closure reached through a generic (a pointer, a key path) is reabstracted, and
/// taking its address makes a temporary (a thunk, a heap allocation); in a struct's field it stays
/// as stored, so ``UnownedHandler`` can copy its words and call them.
package struct NodeHandler {
  package var closure: CountdownHandler

  package init(_ closure: @escaping CountdownHandler) {
    self.closure = closure
  }
}
