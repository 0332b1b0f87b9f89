/// One change of a Live Activity's content for a countdown in phases, as a server pushes it: when
/// to send it, the window it shows, its stale date, and whether it updates or ends the activity.
///
/// ```swift
/// for push in snapshot.pushSchedule(id: "pomodoro", limit: 8) {
///   print(push.sendDate, push.event, push.window.phases.map(\.phase.name), push.staleDate ?? 0)
/// }
/// ```
///
/// ``CountdownSnapshot/pushSchedule(id:lookAhead:from:limit:)`` lays them out from a snapshot
/// alone. Every date is a `Double` of seconds since 00:00:00 UTC on 1 January 1970, as the
/// window's are: `Date(timeIntervalSince1970:)` turns one into a date for the request.
public struct CountdownPhasePush: Codable, Hashable, Sendable {
  /// When to send the push, in seconds since 1970: the schedule's first instant for its first
  /// push, then the start of the window's current phase (the end of the last phase the push before
  /// it showed), and the plan's end for the push that ends the activity.
  public let sendDate: Double
  /// What the activity shows from then on: its content state's window.
  public let window: CountdownPhaseWindow
  /// When the content goes stale, in seconds since 1970: the window's current phase's end, after
  /// which the view draws the next phase (``CountdownPhaseWindow/phase(at:)``); `nil` for a window
  /// that stands still, and for the push that ends the activity.
  public let staleDate: Double?
  /// Whether the push updates the activity or ends it.
  public let event: Event
}
