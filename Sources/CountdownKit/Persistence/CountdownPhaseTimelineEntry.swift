public import Foundation

/// One entry of a widget's timeline for a countdown in phases: a date at which a phase starts, and
/// where the plan is then.
///
/// ```swift
/// let entries = snapshot.timeline(id: "focus", limit: 20)
/// for entry in entries {
///   print(entry.date, entry.position?.phase.name ?? "done")
/// }
/// ```
///
/// ``CountdownSnapshot/timeline(id:from:limit:)`` makes them from a saved snapshot alone: the
/// first at the date asked for, then one at each phase's start, so a widget shows each phase from
/// its start, with `Text(timerInterval:)` up to its ``CountdownPhasePosition/phaseEndDate``, and
/// needs no reload at a phase end.
public struct CountdownPhaseTimelineEntry: Hashable, Sendable {
  /// When the entry starts to be shown: the timeline's first date, or a phase's start.
  public let date: Date
  /// Where the plan is at ``date``: its phase, with that phase's whole time left; `nil` from the
  /// plan's end on.
  public let position: CountdownPhasePosition?

  /// An entry at `date` showing `position`.
  ///
  /// - Parameters:
  ///   - date: When it starts to be shown.
  ///   - position: Where the plan is then; `nil` once it has ended.
  public init(date: Date, position: CountdownPhasePosition?) {
    self.date = date
    self.position = position
  }
}
