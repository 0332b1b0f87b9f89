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
/// the same chunk; guarantee 4 says that one must then not be called. Such calls run on the
/// delivering thread itself, so they flag it here and the pass revalidates the rest of its chunk
/// under the lock — one plain load per callback instead of a lock per callback.
final class DeliveryContext: @unchecked Sendable {
  // @unchecked Sendable: `invalidated` is written only by code running on `thread` (the engine
  // checks `isCurrentThread` under its lock first) and read only by the pass, on that same thread.
  private let thread = pthread_self()
  var invalidated = false

  var isCurrentThread: Bool { pthread_equal(thread, pthread_self()) != 0 }
}
