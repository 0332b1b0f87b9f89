/// An end to come as ``EngineState/ends`` holds it: the registration, and its slot's generation
/// when the end was noted.
///
/// An end pass takes its entries out of the ends to come and holds them while its callbacks run
/// with the lock released; meanwhile its registration may be removed, or its end noted anew.
/// Noting an end moves the slot's generation on (``SlotReference/renewGeneration()``), and so do
/// the removal and the freeing of its registration, so an entry taken is current only while no
/// newer end was noted for its registration and the registration is still in the table. (The slot
/// is not reused before the pass ends: ``RunningPass/retired``.) The generation wraps after 2³²
/// renewals of one slot, far more than one pass sees.
struct NotedEnd {
  let registration: IndexedRegistration
  let generation: UInt32

  /// The end of the registration in `slot`, whose node is at `position`: the newest one, which
  /// makes every end taken for that slot before stale.
  init(newEntryFor slot: SlotReference, at position: Int) {
    registration = IndexedRegistration(slot, at: position)
    generation = slot.renewGeneration()
  }

  @inline(__always)
  var slot: SlotReference { registration.slot }

  /// Where the registration's node was when the end was noted (a hint).
  @inline(__always)
  var position: Int { registration.position }

  /// Whether this is still the latest end noted for its slot's registration, and that registration
  /// was not removed since. (A current one's registration may still have been paused since, or
  /// given time: whoever takes it checks its timing.)
  @inline(__always)
  var isCurrent: Bool { slot.generation == generation }
}
