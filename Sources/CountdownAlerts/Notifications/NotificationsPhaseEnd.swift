import CountdownKit

/// One phase end ahead of a countdown in phases, as a turn of the notifications read it
/// (``NotificationsMirror/read(_:sweep:from:)``): when it comes, when its phase starts, and what
/// its alert's content is told of it (``CountdownAlertPhaseEnd``). Instants are nanoseconds on the
/// manager's clock; the mirror makes them dates when a request is made.
struct NotificationsPhaseEnd: Sendable {
  /// The phase's ordinal across the plan.
  var ordinal: Int
  /// When the phase ends.
  var instant: Int64
  /// When the phase starts (the end before it); `nil` for the current phase, which started.
  var start: Int64?
  /// The phase that ends.
  var ending: PlanStep
  /// The phase that starts then; `nil` at the plan's end.
  var next: PlanStep?
  /// When the next phase ends, if the plan runs on into it; `nil` at the plan's end and after a
  /// phase after which the plan pauses (the next one waits for the app).
  var nextInstant: Int64?

  /// Whether an alert of this phase end is told the same as one of `other`: the same phases, the
  /// same next end (where it starts may differ: a phase end before it came).
  func tellsTheSame(as other: NotificationsPhaseEnd) -> Bool {
    ending == other.ending && next == other.next && nextInstant == other.nextInstant
  }

  /// The ends of `phaseEnds` to request, at most `limit` of them, each with its phase's start and
  /// its next phase's end: read one more than `limit`, so that the last has its next.
  static func ends(of phaseEnds: IDPhaseEnds, limit: Int) -> [NotificationsPhaseEnd] {
    let read = phaseEnds.ends
    var ends: [NotificationsPhaseEnd] = []
    ends.reserveCapacity(min(limit, read.count))
    for index in 0..<min(limit, read.count) {
      let end = read[index]
      ends.append(
        NotificationsPhaseEnd(
          ordinal: end.ending.ordinal, instant: end.instant, start: index > 0 ? read[index - 1].instant : nil,
          ending: end.ending, next: end.next, nextInstant: index + 1 < read.count ? read[index + 1].instant : nil))
    }
    return ends
  }
}
