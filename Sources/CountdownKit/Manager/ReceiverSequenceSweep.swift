/// When a manager looks for receivers' countdowns in phases whose receiver was released.
///
/// A released receiver's running sequence ends at its next delivery, without a call; a paused one
/// (or one that delivers only its ends) may have none coming, so the manager sweeps them: at a
/// start of a receiver's plan, once the starts since the last sweep reach half the ids the
/// manager had after it, so that a sweep's cost, in the manager's ids, is O(1) amortized over
/// the starts. Kept on the main actor, where every receiver's start is made.
struct ReceiverSequenceSweep {
  /// Whether a receiver's plan was ever started: until then, a single countdown's start has no
  /// sequence of its receiver to replace, and looks for none.
  private(set) var hasStarted = false
  private var startsSinceSweep = 0
  private var idsAtSweep = 0

  /// A receiver's plan started: whether a sweep is due.
  mutating func started() -> Bool {
    hasStarted = true
    startsSinceSweep += 1
    return startsSinceSweep >= max(1, idsAtSweep / 2)
  }

  /// A sweep left the manager `ids` ids.
  mutating func swept(leaving ids: Int) {
    startsSinceSweep = 0
    idsAtSweep = ids
  }
}
