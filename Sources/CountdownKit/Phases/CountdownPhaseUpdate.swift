import Foundation

/// What the handler of a countdown in phases is given at each call: where the plan is, the phase
/// ends that came since the last call, and whether the plan ended.
///
/// ```swift
/// try manager.start(id: "focus", plan: pomodoro) { _, update, _ in
///   for end in update.phaseEnds { chime(for: end.phase) }
///   if let position = update.position { show(position.phase.name, update.remaining) }
///   if update.planEnded { showDone() }
/// }
/// ```
///
/// Most calls carry the current phase's new value only (``remaining``), as a single countdown's
/// do, with the same delivery choices. At a phase end the call carries that end in
/// ``phaseEnds`` and the next phase in ``position``. After an absence (a suspension with the time
/// running, a stall) one call carries every end passed, oldest first, each with its lateness; past
/// a cycle's worth, the older ones come as one ``earlierPhaseEnds`` summary.
public struct CountdownPhaseUpdate: Sendable {
  /// Where the plan is now; `nil` once it has ended.
  public let position: CountdownPhasePosition?
  /// The current phase's time left in whole intervals, rounded up, as a single countdown's
  /// `remaining`; 0 once the plan has ended.
  public let remaining: Int
  /// The phase ends since the last call, oldest first, each once; empty in most calls.
  public let phaseEnds: [CountdownPhaseEnd]
  /// The ends older than ``phaseEnds`` after a long absence, in one summary; `nil` otherwise.
  public let earlierPhaseEnds: CountdownPhaseEndSummary?
  /// Whether the plan ended: the last of ``phaseEnds`` was its last phase's end, and
  /// ``position`` is `nil`. This is the sequence's last call, and its id is free.
  public let planEnded: Bool
  /// Whether the last of ``phaseEnds`` was a phase after which the plan pauses
  /// (``CountdownPhase/pausesAfter``): the next phase waits, paused, for
  /// ``CountdownManager/resume(id:)``.
  public let pausedAfterPhase: Bool

  init(_ update: PhaseSequenceUpdate, wallNow: Date) {
    position = update.position.map { CountdownPhasePosition($0, now: update.now, wallNow: wallNow) }
    remaining = update.remaining
    phaseEnds = update.ends.ends.map { CountdownPhaseEnd($0, now: update.now, wallNow: wallNow) }
    earlierPhaseEnds = update.ends.summary.map { CountdownPhaseEndSummary($0, now: update.now, wallNow: wallNow) }
    planEnded = update.ends.planEnded || (update.position == nil)
    pausedAfterPhase = update.ends.paused
  }
}
