/// How much one chunk of a delivery pass holds and looks at under the engine's lock.
package enum ChunkLimits {
  /// How many callbacks one chunk holds: prepared under the lock, then called with the lock
  /// released. Large enough that a screenful of labels is prepared at once and flips together,
  /// small enough that the lock is held only briefly.
  package static let capacity = 1024
  /// How many registrations the preparation of one chunk looks at under the lock at most, so that
  /// registering from another thread is never held up for a whole tick.
  static let scanLimit = 4096
}
