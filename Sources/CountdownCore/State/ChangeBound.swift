/// The bound on every registration's next change (the engine's rule 1): a part of ``EngineState``
/// whose fields change only through the methods here. A tick's walk, or a window pass, replaces
/// the bound with what it saw; what was noted while it ran, where it would not look, is kept
/// apart and joins the bound when the pass ends.
struct ChangeBound {
  /// No registration's value changes before this instant (a lower bound: removals do not raise it).
  private(set) var earliestChange: Int64 = .max
  /// The earliest change noted since the running pass began: a tick's walk replaces
  /// `earliestChange` with what it saw, and this keeps what it could not see (registrations made,
  /// resumed or replaced while it ran).
  private(set) var earliestChangeDuringPass: Int64 = .max

  /// Forgets every change noted: a new timer starts a new grid, and nothing is registered yet; or
  /// no registration left has its next change in the bound (all are quiet: see
  /// ``EngineState/forgetBoundIfNothingIsWalked()``).
  mutating func reset() {
    earliestChange = .max
    earliestChangeDuringPass = .max
  }

  /// Notes that some registration's value changes at clock instant `change`.
  mutating func lower(to change: Int64) {
    earliestChange = min(earliestChange, change)
    earliestChangeDuringPass = min(earliestChangeDuringPass, change)
  }

  /// A pass began: changes noted from now on are kept apart for it.
  mutating func beginPass() {
    earliestChangeDuringPass = .max
  }

  /// The running pass ended, having found no change before `earliestSeen`: the bound it replaces,
  /// if it walked everything (with what was noted while it ran), or lowers.
  mutating func endPass(walkedEverything: Bool, earliestSeen: Int64) {
    earliestChange = walkedEverything
      ? min(earliestSeen, earliestChangeDuringPass)
      : min(earliestChange, earliestSeen)
    earliestChangeDuringPass = .max
  }
}
