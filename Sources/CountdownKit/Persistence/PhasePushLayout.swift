@_spi(Walks) import CountdownCore
public import Foundation

/// The walk that lays out a countdown in phases' pushes one at a time, from a snapshot's phase
/// entry at `now`: ``CountdownSnapshot/pushSchedule(id:lookAhead:from:limit:)`` is its first
/// `limit` steps, and a push scheduler keeps one per id and asks it for the next step when it
/// needs one, keeping no step it has passed.
@usableFromInline
struct PhasePushLayout: Sendable {
  private let layout: PlanLayout
  private var cursor: SegmentCursor
  /// The next push's instant, in nanoseconds from `now` (which is 0), as the timeline has them.
  private var instant: Int64 = 0
  private let now: Date
  private let lookAhead: Int
  private let standsStill: Bool
  /// Where the walk stands: at a window to lay out, at the instant the cursor is to be moved to
  /// first (the last window's last phase's end), at the plan's end push, or at its end.
  private var position: Position = .window

  private enum Position: Sendable {
    case window
    case advance(to: Int64)
    case end(CountdownPhasePush)
    case done
  }

  /// The walk of `id`'s pushes in `snapshot` from `now`; `nil` where the schedule is empty (no
  /// countdown in phases for `id`, a plan ended by `now`, an entry no manager could restore, or
  /// a `lookAhead` below 0).
  @usableFromInline
  init?<ID>(_ snapshot: CountdownSnapshot<ID>, id: ID, lookAhead: Int, from now: Date) {
    guard lookAhead >= 0, let walk = snapshot.phaseWalk(id: id, at: now) else { return nil }
    layout = walk.layout
    cursor = walk.cursor
    standsStill = walk.standsStill
    self.now = now
    self.lookAhead = lookAhead
  }

  /// The send date of the push ``next()`` lays out next, in seconds since 1970, read without laying
  /// it out: a scheduler keeps no step before it is due. `nil` past the schedule's last; a date
  /// where `next()` would find no push only if a window could not be laid out where the walk
  /// stands (the plan ended there), which the last window's end push rules out.
  ///
  /// - Complexity: O(1).
  @usableFromInline
  var nextSendDate: Double? {
    switch position {
    case .done: nil
    case .end(let push): push.sendDate
    case .advance(let instant): CountdownPhasePosition.date(of: instant, now: 0, wallNow: now).timeIntervalSince1970
    case .window: CountdownPhasePosition.date(of: instant, now: 0, wallNow: now).timeIntervalSince1970
    }
  }

  /// The schedule's next push, `nil` past its last.
  ///
  /// - Complexity: O(*k* log *p*) for a window of *k* phases, *p* the phases written in the plan.
  @usableFromInline
  mutating func next() -> CountdownPhasePush? {
    switch position {
    case .done:
      return nil
    case .end(let push):
      position = .done
      return push
    case .advance(let instant):
      self.instant = instant
      // The segments' walk alone: the ends passed are not named for their phases, as no push
      // reports them (most of a step's cost when they were).
      _ = cursor.advance(to: instant, in: layout.segments)
      position = .window
    case .window:
      break
    }
    guard
      let window = CountdownPhaseWindow(
        cursor, span: nil, at: instant, origin: (0, now), in: layout, lookAhead: lookAhead, standsStill: standsStill)
    else {
      position = .done
      return nil
    }
    let sendDate = CountdownPhasePosition.date(of: instant, now: 0, wallNow: now).timeIntervalSince1970
    let push = CountdownPhasePush(
      sendDate: sendDate, window: window, staleDate: window.pausedAt == nil ? window.current.end : nil, event: .update)
    // A window that stands still is the last: nothing moves until the app resumes the plan.
    guard case .running(let deadline) = cursor.timing else {
      position = .done
      return push
    }
    if let planEnd = window.planEnd {
      position = .end(
        CountdownPhasePush(sendDate: planEnd, window: window, staleDate: nil, event: .end(dismissalDate: planEnd)))
      return push
    }
    // The end of the window's last phase: the next push's instant, where the cursor's walk puts
    // the next phase (waiting, paused, after a phase that pauses the plan).
    let last = window.phases[window.phases.count - 1].ordinal
    position = .advance(
      to: deadline.addingSaturated(
        layout.segments.end(ofOrdinal: last).subtractingSaturated(layout.segments.end(ofOrdinal: cursor.ordinal))))
    return push
  }
}
