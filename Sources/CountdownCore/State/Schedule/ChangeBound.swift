/// The bound on every registration's next change (rule 1).
///
/// `nil` is "no change to come"; every instant, `Int64.max` included, is a change to wake for.
struct ChangeBound {
  /// No registration's value changes before this instant (a lower bound: removals do not raise
  /// it); `nil` when none changes on this clock.
  private(set) var earliestChange: Int64?
  /// The earliest change noted since the running pass began, which its walk could not see.
  private(set) var earliestChangeDuringPass: Int64?

  /// Forgets every change noted (a new grid, or only quiet registrations left).
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
    earliestChange =
      walkedEverything
      ? Int64.earlier(earliestSeen, earliestChangeDuringPass)
      : Int64.earlier(earliestChange, earliestSeen)
    earliestChangeDuringPass = nil
  }
}
