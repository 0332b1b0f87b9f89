/// The bound on every registration's next change (the engine's rule 1): a part of ``EngineState``
/// whose fields change only through the methods here. A tick's walk, or a window pass, replaces
/// the bound with what it saw; what was noted while it ran, where it would not look, is kept
/// apart and joins the bound when the pass ends.
///
/// `nil` is "no change to come"; every instant, `Int64.max` included, is a change to wake for.
struct ChangeBound {
  /// No registration's value changes before this instant (a lower bound: removals do not raise
  /// it); `nil` when none changes on this clock.
  private(set) var earliestChange: Int64?
  /// The earliest change noted since the running pass began: a tick's walk replaces
  /// `earliestChange` with what it saw, and this keeps what it could not see (registrations made,
  /// resumed or replaced while it ran).
  private(set) var earliestChangeDuringPass: Int64?

  /// Forgets every change noted: a new timer starts a new grid, and nothing is registered yet; or
  /// no registration left has its next change in the bound (all are quiet: see
  /// ``EngineState/forgetBoundIfNothingIsWalked()``).
  mutating func reset() {
    earliestChange = nil
    earliestChangeDuringPass = nil
  }

  /// Notes that some registration's value changes at clock instant `change`.
  mutating func lower(to change: Int64) {
    earliestChange = Int64.earlier(earliestChange, change)
    earliestChangeDuringPass = Int64.earlier(earliestChangeDuringPass, change)
  }

  /// A pass began: changes noted from now on are kept apart for it.
  mutating func beginPass() {
    earliestChangeDuringPass = nil
  }

  /// The running pass ended, having found no change before `earliestSeen` (`nil`: none at all):
  /// the bound it replaces, if it walked everything (with what was noted while it ran), or lowers.
  mutating func endPass(walkedEverything: Bool, earliestSeen: Int64?) {
    earliestChange = walkedEverything
      ? Int64.earlier(earliestSeen, earliestChangeDuringPass)
      : Int64.earlier(earliestChange, earliestSeen)
    earliestChangeDuringPass = nil
  }
}
