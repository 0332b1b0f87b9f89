/// A clock whose timers call their handler on the queue they were made with, and nowhere else
/// (a `DispatchSourceTimer` on that queue, or a hop onto it). The engine makes its timer on its
/// delivery queue, so a wakeup from such a clock is known to run there without asking Dispatch
/// (`DispatchQueue.getSpecific`, a lookup through the queue's context on every wakeup).
///
/// A manual clock's timers fire on the thread that advances it: it is not one of these.
package protocol TimersFireOnTheirQueue {}

extension ContinuousCountdownClock: TimersFireOnTheirQueue {}
extension AdaptedCountdownClock: TimersFireOnTheirQueue {}
