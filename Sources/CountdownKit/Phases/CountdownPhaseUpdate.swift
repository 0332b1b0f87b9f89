@_spi(Walks) import CountdownCore
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
  /// What the call read: its cursor, instant and wall-clock date (plain values: a merged
  /// update has the newer's).
  let reading: Reading
  /// What the values are worked out from beside the reading: the plan, with the call's phase ends
  /// or the values of updates merged when it carries more than a value.
  ///
  /// One reference, the plan's layout in most calls: an update of a value is then lent the
  /// handler's reference for its call, with no retain or release (``PhaseHandlers``), where two
  /// references (the plan and what an end carries) cost both and the type's destroy witness at
  /// every value (callgrind). A phase end boxes its ends, a merge its values.
  let basis: Basis
  /// The current phase's time left in whole intervals, rounded up, as a single countdown's
  /// `remaining`; 0 once the plan has ended.
  public let remaining: Int

  /// The plan walked, the phase told (its ordinal) and whether it is paused: what the values of
  /// ``position`` beside its times are worked out from (merged updates: the newer's); `nil` for
  /// updates merged from worked-out values alone.
  var phaseTold: (plan: PlanLayout, ordinal: Int, isPaused: Bool)? {
    guard let plan = basis.plan else { return nil }
    let isPaused = if case .paused = reading.cursor.timing { true } else { false }
    return (plan, reading.cursor.ordinal, isPaused)
  }

  /// Where the plan is now; `nil` once it has ended.
  ///
  /// - Complexity: O(log *p*), *p* the phases written in the plan; worked out at each read.
  public var position: CountdownPhasePosition? {
    if let merged = basis.details?.merged { return merged.position }
    guard let plan = basis.plan else { return nil }
    return CountdownPhasePosition(reading.cursor, at: reading.now, in: plan, wallNow: reading.wallNow)
  }
  /// The phase ends since the last call, oldest first, each once; empty in most calls.
  public var phaseEnds: [CountdownPhaseEnd] {
    guard let details = basis.details else { return [] }
    if let merged = details.merged { return merged.phaseEnds }
    guard let plan = details.plan, let passed = details.passed else { return [] }
    return passed.ends.map { CountdownPhaseEnd($0, in: plan, now: reading.now, wallNow: reading.wallNow) }
  }
  /// The ends older than ``phaseEnds`` after a long absence, in one summary; `nil` otherwise.
  public var earlierPhaseEnds: CountdownPhaseEndSummary? {
    guard let details = basis.details else { return nil }
    if let merged = details.merged { return merged.earlierPhaseEnds }
    return details.passed?.summary.map { CountdownPhaseEndSummary($0, now: reading.now, wallNow: reading.wallNow) }
  }
  /// Whether the plan ended: the last of ``phaseEnds`` was its last phase's end, and
  /// ``position`` is `nil`. This is the sequence's last call, and its id is free.
  public var planEnded: Bool {
    if let merged = basis.details?.merged { return merged.planEnded }
    return basis.plan?.segments.isEnded(reading.cursor.ordinal) ?? false
  }
  /// Whether the last of ``phaseEnds`` was a phase after which the plan pauses
  /// (``CountdownPhase/pausesAfter``): the next phase waits, paused, for
  /// ``CountdownManager/resume(id:)``.
  public var pausedAfterPhase: Bool {
    guard let details = basis.details else { return false }
    if let merged = details.merged { return merged.pausedAfterPhase }
    // The engine's: a plan whose last phase pauses after it ends, and pauses nothing.
    return details.passed?.paused ?? false
  }

  /// The phase ends the call carried, as the sequence found them; `nil` for a value's call and
  /// for updates merged.
  var passedEnds: PassedSegmentEnds? {
    basis.details?.passed
  }

  /// The update of a segment call to the handler of a walk of `plan`: the phase it told,
  /// `cursor`, at the call's instant `now` (`wallNow` on the wall clock), its value `remaining`
  /// (0 once the plan has ended), and the ends it told, oldest first (`nil`: none). The position
  /// and the dates are worked out from these only when read.
  init(
    cursor: SegmentCursor, now: Int64, wallNow: Date, remaining: Int, ends: PassedSegmentEnds?,
    plan: PlanLayout
  ) {
    reading = Reading(cursor: cursor, now: now, wallNow: wallNow)
    basis = ends.map { .details(Details(plan: plan, passed: $0)) } ?? .plan(plan)
    self.remaining = remaining
  }

  /// The update of a call with `remaining`, a value within the phase of `plan`, as `reading` says it.
  /// `plan` is borrowed: a value's call lends the sequence's (taken as an init's owned argument,
  /// it was retained and released around each call by receiver).
  init(remaining: Int, _ reading: Reading, plan: borrowing PlanLayout) {
    self.reading = reading
    basis = .plan(copy plan)
    self.remaining = remaining
  }

  /// An update of values worked out (two updates merged), `reading` and `plan` the newer's.
  init(
    reading: Reading, plan: PlanLayout?, position: CountdownPhasePosition?, remaining: Int,
    phaseEnds: [CountdownPhaseEnd], earlierPhaseEnds: CountdownPhaseEndSummary?, planEnded: Bool,
    pausedAfterPhase: Bool
  ) {
    self.reading = reading
    basis = .details(
      Details(
        plan: plan,
        merged: Merged(
          position: position, phaseEnds: phaseEnds, earlierPhaseEnds: earlierPhaseEnds, planEnded: planEnded,
          pausedAfterPhase: pausedAfterPhase)))
    self.remaining = remaining
  }
}

extension CountdownPhaseUpdate {
  /// What a call of the handler read: the cursor, and the instant of the call on the manager's
  /// clock and its wall-clock date. Plain values: the plan is the update's ``basis``.
  struct Reading: Sendable {
    let cursor: SegmentCursor
    let now: Int64
    let wallNow: Date
  }

  /// What an update's values are worked out from beside its reading, in one reference: the
  /// plan's layout alone (a value's call, the common one: nothing made for it), or an object
  /// made when the update carries more. The plan, not the sequence, which holds the manager's
  /// engine: an update an app keeps does not keep the engine. Two cases of one class reference
  /// each: copying an update is one retain (with a third case, twice the instructions, callgrind).
  enum Basis: Sendable {
    /// A value's call: the plan walked.
    case plan(PlanLayout)
    /// A call with phase ends, or updates merged.
    case details(Details)

    /// The plan walked; `nil` for updates merged from worked-out values alone.
    var plan: PlanLayout? {
      switch self {
      case .plan(let layout): layout
      case .details(let details): details.plan
      }
    }

    /// What the update carries beyond a value; `nil` for a value's call.
    var details: Details? {
      if case .details(let details) = self { return details }
      return nil
    }
  }

  /// What an update carries beyond a value within its phase, with the plan: the phase ends its
  /// call passed, or the values of updates merged. Made at a phase end, a plan's end or a merge,
  /// never at a value's call.
  final class Details: Sendable {
    /// The plan walked; `nil` for updates merged from worked-out values alone.
    let plan: PlanLayout?
    /// The phase ends the call passed, as the engine found them (their phases, dates and lateness
    /// are worked out from the plan and the update's reading when read); `nil` for updates merged.
    let passed: PassedSegmentEnds?
    /// The values of two updates merged, worked out; `nil` for a call's update.
    let merged: Merged?

    /// What a call that passed `ends` carries.
    init(plan: PlanLayout, passed ends: PassedSegmentEnds) {
      self.plan = plan
      passed = ends
      merged = nil
    }

    /// What updates merged carry, `plan` the newer's.
    init(plan: PlanLayout?, merged: Merged) {
      self.plan = plan
      passed = nil
      self.merged = merged
    }
  }
}
