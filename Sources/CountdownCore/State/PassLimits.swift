/// How much one delivery pass does under the engine's lock: the bounds on a tick's hold of the
/// lock, named once for the engine that runs the passes and the state that fills them.
package enum PassLimits {
  /// How many callbacks one pass prepares under the lock before calling them with the lock released.
  /// Large enough that a screenful of labels (a thousand) is prepared at once and flips together
  /// (each chunk boundary waits for the next chunk's preparation), small enough that the lock is
  /// held only briefly.
  package static let chunkSize = 1024
  /// How many registrations one pass looks at under the lock at most, so that registering from
  /// another thread is never held up for a whole tick.
  static let scanLimit = 4096
}
