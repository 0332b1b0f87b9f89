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
///
/// An update keeps what its call read (the phase's place in the plan and the instant) and works
/// out ``position`` and the ends' values when they are read, so a call that only carries a new
/// value works nothing out. Its instant is the manager's clock as the engine read it for the calls
/// it makes together (a tick's, up to 1 024 of them), and its dates come from the manager's wall
/// clock, read once for those calls: sequences whose phases end together hear of their ends with
/// one lateness.
public struct CountdownPhaseUpdate: Sendable {
  /// What the call read: its cursor, instant, wall-clock date and plan; `nil` for two updates
  /// merged, whose values are worked out (``merged``).
  let reading: Reading?
  /// The phase ends the call carries; `nil` for a call that carries a value only (most calls).
  let ends: PassedPhaseEnds?
  /// The values of two updates merged, worked out; `nil` for a call's update.
  ///
  /// Three fields, not an enum of the three kinds of update: an update of a value is then a
  /// reference and plain values, copied and destroyed in place, where the enum went through
  /// outlined witnesses switching on its case, a tenth of a value's call (callgrind); and the
  /// ends are not boxed, which cost a phase end an allocation.
  private let merged: MergedPhaseUpdate?
  /// The current phase's time left in whole intervals, rounded up, as a single countdown's
  /// `remaining`; 0 once the plan has ended.
  public let remaining: Int

  /// Where the plan is now; `nil` once it has ended.
  ///
  /// - Complexity: O(log *p*), *p* the phases written in the plan; worked out at each read.
  public var position: CountdownPhasePosition? {
    if let merged { return merged.position }
    guard let reading else { return nil }
    return reading.cursor.position(at: reading.now, in: reading.plan.layout).map {
      CountdownPhasePosition($0, now: reading.now, wallNow: reading.wallNow)
    }
  }
  /// The phase ends since the last call, oldest first, each once; empty in most calls.
  public var phaseEnds: [CountdownPhaseEnd] {
    if let merged { return merged.phaseEnds }
    guard let ends, !ends.ends.isEmpty, let reading else { return [] }
    return ends.ends.map { CountdownPhaseEnd($0, now: reading.now, wallNow: reading.wallNow) }
  }
  /// The ends older than ``phaseEnds`` after a long absence, in one summary; `nil` otherwise.
  public var earlierPhaseEnds: CountdownPhaseEndSummary? {
    if let merged { return merged.earlierPhaseEnds }
    guard let reading else { return nil }
    return ends?.summary.map { CountdownPhaseEndSummary($0, now: reading.now, wallNow: reading.wallNow) }
  }
  /// Whether the plan ended: the last of ``phaseEnds`` was its last phase's end, and
  /// ``position`` is `nil`. This is the sequence's last call, and its id is free.
  public var planEnded: Bool {
    if let merged { return merged.planEnded }
    guard let reading else { return false }
    return ends?.planEnded == true || reading.plan.storage.layout.isEnded(reading.cursor.ordinal)
  }
  /// Whether the last of ``phaseEnds`` was a phase after which the plan pauses
  /// (``CountdownPhase/pausesAfter``): the next phase waits, paused, for
  /// ``CountdownManager/resume(id:)``.
  public var pausedAfterPhase: Bool {
    if let merged { return merged.pausedAfterPhase }
    return ends?.paused == true
  }

  /// The update of `call` to `sequence`'s handler, `wallNow` the wall clock's date at `call.now`.
  init(_ call: PhaseCall, of sequence: PhaseSequence, wallNow: Date) {
    reading = Reading(cursor: call.cursor, now: call.now, wallNow: wallNow, plan: sequence.plan)
    ends = call.ends
    merged = nil
    remaining = call.remaining
  }

  /// The update of a call with `remaining`, a value within the phase, as `reading` says it.
  init(remaining: Int, _ reading: Reading) {
    self.reading = reading
    ends = nil
    merged = nil
    self.remaining = remaining
  }

  /// An update of values worked out (two updates merged).
  init(
    position: CountdownPhasePosition?, remaining: Int, phaseEnds: [CountdownPhaseEnd],
    earlierPhaseEnds: CountdownPhaseEndSummary?, planEnded: Bool, pausedAfterPhase: Bool
  ) {
    reading = nil
    ends = nil
    merged = MergedPhaseUpdate(
      position: position, phaseEnds: phaseEnds, earlierPhaseEnds: earlierPhaseEnds, planEnded: planEnded,
      pausedAfterPhase: pausedAfterPhase)
    self.remaining = remaining
  }
}

extension CountdownPhaseUpdate {
  /// What a call of the handler read: the cursor, the instant of the call on the manager's clock
  /// and its wall-clock date, and the plan walked (one reference: its copies share their storage;
  /// not the sequence, which holds the manager's engine, so that an update an app keeps does not
  /// keep the engine).
  struct Reading: Sendable {
    let cursor: PhaseCursor
    let now: Int64
    let wallNow: Date
    let plan: CountdownPlan
  }
}
