/// How much one delivery pass does under the engine's lock.
package enum PassLimits {
  /// How many callbacks one pass prepares under the lock before calling them with the lock released.
  /// Large enough that a screenful of labels is prepared at once and flips together, small enough
  /// that the lock is held only briefly.
  package static let chunkSize = 1024
  /// How many registrations one pass looks at under the lock at most, so that registering from
  /// another thread is never held up for a whole tick.
  static let scanLimit = 4096
}
