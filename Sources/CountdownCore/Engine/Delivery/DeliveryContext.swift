#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The state of one running delivery pass, shared with the API calls its callbacks make.
///
/// A delivery pass copies a chunk of due callbacks out of the table under the engine's lock, then
/// calls them with the lock released. A callback may cancel or replace another registration of
/// the same chunk; a cancelled or replaced registration must then not be called. Such calls run on the
/// delivering thread itself, so they note the removed registrations here and the pass skips their
/// prepared callbacks: no lock and no lookups, and one plain load per callback while nothing was
/// removed.
final class DeliveryContext: @unchecked Sendable {
  // @unchecked Sendable: `removed` and `removedAll` are written only by code running on `thread`
  // (the engine checks `isCurrentThread` under its lock first) and read only by the pass, on that
  // same thread.
  private let thread = pthread_self()
  /// Slots of registrations removed by this pass's callbacks since the pass last looked.
  private(set) var removed: [SlotReference] = []
  /// A callback removed every registration.
  private(set) var removedAll = false

  var isCurrentThread: Bool { pthread_equal(thread, pthread_self()) != 0 }

  /// Whether a callback removed anything since the pass last looked.
  @inline(__always)
  var hasRemovals: Bool { removedAll || !removed.isEmpty }

  func noteRemoved(_ slot: SlotReference) {
    removed.append(slot)
  }

  func noteRemovedAll() {
    removedAll = true
  }

  /// Hands the removals noted since the last call to the pass, and forgets them.
  func takeRemovals() -> (slots: [SlotReference], all: Bool) {
    defer {
      removed.removeAll(keepingCapacity: true)
      removedAll = false
    }
    return (removed, removedAll)
  }
}
