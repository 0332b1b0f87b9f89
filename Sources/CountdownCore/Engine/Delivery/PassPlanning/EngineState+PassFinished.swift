// Under the lock: a pass finished. What its last chunk ended is removed, the pass counted, the
// registrations it retired freed, the bound on the next change renewed and the timer re-armed.

extension EngineState {
  /// The pass of `kind` called its last chunk; `reading` is its latest clock reading (a wakeup
  /// armed for an instant that passed meanwhile comes at once, and stands for the instant it
  /// comes at). The handlers freed go to `garbage`, to release after the lock. Returns what to do
  /// after it.
  mutating func passFinished(
    tickInstant: Int64?, _ progress: inout PassProgress, reading: Int64, garbage: inout [CountdownHandler]
  ) -> EngineActions {
    removeEnded(&progress, garbage: &garbage)
    restoreSkippedMilestones(&progress.skippedMilestones, now: monotone(reading), interval: interval)
    if !pass.retired.isEmpty {
      // Appending even an empty array allocates a new buffer for `garbage`: not on every wakeup.
      garbage += freeRetired()
    }
    counts.notePassFinished(examined: progress.examined, delivered: progress.delivered > 0)
    checkWakeupCost(progress)
    var earliest = progress.earliest
    if let instant = tickInstant {
      noteTicked(instant)
      if wheel != nil {
        noteWheelVisited(through: instant)
        // What the wheel holds bounds every change: its soonest window.
        earliest = min(earliest, wheelEarliestChange())
      }
    }
    // A tick walked everything, and a window pass took what the wheel holds: its earliest change
    // replaces the old bound, but for changes noted while it ran (a registration added past its
    // cursor). Other passes saw only some registrations.
    endPass(walkedEverything: tickInstant != nil, earliestSeen: earliest)
    let actions = EngineActions(timer: rearm(now: monotone(reading), window: window), queuePass: requestPass())
    checkInvariantsIfEnabled()
    return actions
  }

  /// Ends the running pass, which found no change before `earliestSeen` (a tick walked the whole
  /// table; other passes saw only some registrations).
  mutating func endPass(walkedEverything: Bool, earliestSeen: Int64) {
    pass.end()
    changeBound.notePassEnded(walkedEverything: walkedEverything, earliestSeen: earliestSeen)
  }
}
