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
/// value costs what a single countdown's does. Its dates come from the manager's wall clock, read
/// once at the call.
public struct CountdownPhaseUpdate: Sendable {
  /// What the values are read from.
  private let source: Source
  /// The current phase's time left in whole intervals, rounded up, as a single countdown's
  /// `remaining`; 0 once the plan has ended.
  public let remaining: Int

  /// Where the plan is now; `nil` once it has ended.
  ///
  /// - Complexity: O(log *p*), *p* the phases written in the plan; worked out at each read.
  public var position: CountdownPhasePosition? {
    switch source {
    case .value(let reading):
      reading.cursor.position(at: reading.now, in: reading.plan.layout).map {
        CountdownPhasePosition($0, now: reading.now, wallNow: reading.wallNow)
      }
    case .call(let reading):
      reading.call.cursor.position(at: reading.call.now, in: reading.plan.layout).map {
        CountdownPhasePosition($0, now: reading.call.now, wallNow: reading.wallNow)
      }
    case .merged(let merged): merged.position
    }
  }
  /// The phase ends since the last call, oldest first, each once; empty in most calls.
  public var phaseEnds: [CountdownPhaseEnd] {
    switch source {
    case .value: return []
    case .call(let reading):
      guard let ends = reading.call.ends, !ends.ends.isEmpty else { return [] }
      return ends.ends.map { CountdownPhaseEnd($0, now: reading.call.now, wallNow: reading.wallNow) }
    case .merged(let merged): return merged.phaseEnds
    }
  }
  /// The ends older than ``phaseEnds`` after a long absence, in one summary; `nil` otherwise.
  public var earlierPhaseEnds: CountdownPhaseEndSummary? {
    switch source {
    case .value: nil
    case .call(let reading):
      reading.call.ends?.summary.map {
        CountdownPhaseEndSummary($0, now: reading.call.now, wallNow: reading.wallNow)
      }
    case .merged(let merged): merged.earlierPhaseEnds
    }
  }
  /// Whether the plan ended: the last of ``phaseEnds`` was its last phase's end, and
  /// ``position`` is `nil`. This is the sequence's last call, and its id is free.
  public var planEnded: Bool {
    switch source {
    case .value(let reading): reading.plan.storage.layout.isEnded(reading.cursor.ordinal)
    case .call(let reading):
      reading.call.ends?.planEnded == true || reading.plan.storage.layout.isEnded(reading.call.cursor.ordinal)
    case .merged(let merged): merged.planEnded
    }
  }
  /// Whether the last of ``phaseEnds`` was a phase after which the plan pauses
  /// (``CountdownPhase/pausesAfter``): the next phase waits, paused, for
  /// ``CountdownManager/resume(id:)``.
  public var pausedAfterPhase: Bool {
    switch source {
    case .value: false
    case .call(let reading): reading.call.ends?.paused == true
    case .merged(let merged): merged.pausedAfterPhase
    }
  }

  /// The update of `call` to `sequence`'s handler, `wallNow` the wall clock's date at `call.now`.
  init(_ call: PhaseCall, of sequence: PhaseSequence, wallNow: Date) {
    source = .call(CallReading(call: call, plan: sequence.plan, wallNow: wallNow))
    remaining = call.remaining
  }

  /// The update of a call with `remaining`, a value within the phase, as `reading` says it.
  init(remaining: Int, _ reading: ValueReading) {
    source = .value(reading)
    self.remaining = remaining
  }

  /// An update of values worked out (two updates merged).
  init(
    position: CountdownPhasePosition?, remaining: Int, phaseEnds: [CountdownPhaseEnd],
    earlierPhaseEnds: CountdownPhaseEndSummary?, planEnded: Bool, pausedAfterPhase: Bool
  ) {
    source = .merged(
      MergedPhaseUpdate(
        position: position, phaseEnds: phaseEnds, earlierPhaseEnds: earlierPhaseEnds, planEnded: planEnded,
        pausedAfterPhase: pausedAfterPhase))
    self.remaining = remaining
  }
}

extension CountdownPhaseUpdate {
  /// Where an update's values come from: a handler's call, read lazily, or two updates merged.
  enum Source: Sendable {
    /// A call of the handler with a value within the phase (most calls): what it read.
    case value(ValueReading)
    /// A call of the handler with phase ends, or at the plan's end: what it read.
    case call(CallReading)
    /// Two updates merged, their values worked out.
    case merged(MergedPhaseUpdate)
  }

  /// What a call of the handler read: the call, the plan walked (one reference: its copies share
  /// their storage; not the sequence, which holds the manager's engine, so that an update an app
  /// keeps does not keep the engine), and the wall clock's date at the call. A struct, not the
  /// case's tuple of three: a tuple payload is copied and destroyed through the runtime's generic
  /// tuple witnesses, several times the work of a struct's (callgrind, at each call).
  struct CallReading: Sendable {
    let call: PhaseCall
    let plan: CountdownPlan
    let wallNow: Date
  }

  /// What a call with a value within the phase read: the cursor, the instant of the call on the
  /// manager's clock and its wall-clock date, and the plan. Apart from ``CallReading`` because it
  /// has no ends: the update of the common call copies and destroys a reference and plain values,
  /// not an optional holding arrays, through outlined witnesses (callgrind, at each call).
  struct ValueReading: Sendable {
    let cursor: PhaseCursor
    let now: Int64
    let wallNow: Date
    let plan: CountdownPlan
  }
}
