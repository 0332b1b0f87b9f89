@_spi(Walks) import CountdownCore
public import Foundation

/// Where a countdown in phases is: its phase and the next, the cycle, and the time left in the
/// phase and in the whole plan, with their end dates.
///
/// ```swift
/// if let position = manager.phasePosition(id: "focus") {
///   label.text = "\(position.phase.name), cycle \(position.cycle + 1)"
///   label.text? += position.nextPhase.map { " · next: \($0.name)" } ?? " · last phase"
/// }
/// ```
///
/// A handler of ``CountdownManager/start(id:plan:whileSuspended:delivering:_:)`` gets one in each
/// ``CountdownPhaseUpdate``; ``CountdownManager/phasePosition(id:)`` reads one at any time. Its
/// dates come from the manager's wall clock, as ``CountdownManager/timerDates(id:)``'s do: show
/// the phase with `Text(timerInterval:)` up to ``phaseEndDate``.
public struct CountdownPhasePosition: Hashable, Sendable {
  /// The current phase (a long break, in the cycles that have one).
  public let phase: CountdownPhase
  /// The phase's index among the phases written beside it: in the warm-up, in its block's
  /// phases (a long break has the index of the phase it replaces), or in the cool-down.
  public let phaseIndex: Int
  /// The block's cycle the phase belongs to, from 0; 0 in the warm-up and the cool-down.
  public let cycle: Int
  /// How many cycles the phase's block runs: its ``CountdownPlan/Repetition/times(_:)`` count, or
  /// the cycles a block repeated for a total time begins before that total (the last one cut
  /// short, counted); 1 in the warm-up and the cool-down; `nil` for a block that repeats forever.
  /// "Round \(cycle + 1) of \(cycleCount)" needs no ordinal arithmetic.
  public let cycleCount: Int?
  /// The phase's number counted from 0 across the whole plan: warm-up, every cycle of every
  /// block, cool-down. It only grows as the plan runs (a skip adds one, going back takes one).
  public let ordinal: Int
  /// Whether the phase is the plan's long break, in place of its cycle's last phase.
  public let isLongBreak: Bool
  /// The phase after this one; `nil` at the plan's last phase.
  public let nextPhase: CountdownPhase?
  /// The time the phase has left (frozen while paused).
  public let timeLeftInPhase: Duration
  /// The time the whole plan has left, this phase's included; `nil` for a plan that runs forever.
  public let timeLeftInPlan: Duration?
  /// When the phase ends; `nil` while paused, and in a snapshot's timeline for a plan frozen while
  /// the app is away (see ``isPaused``).
  public let phaseEndDate: Date?
  /// When the plan ends; `nil` while paused or frozen so, or for a plan that runs forever. A phase
  /// after which the plan pauses moves it, when that pause comes.
  public let planEndDate: Date?
  /// Whether the phase is paused: by ``CountdownManager/pause(id:)``, or because the phase before
  /// it pauses the plan after it (``CountdownPhase/pausesAfter``). A plan started
  /// `whileSuspended: .pauses` is not paused by a suspension: ``CountdownManager/phasePosition(id:)``
  /// then reads its frozen time left with the dates it would have if the app came back at once,
  /// and ``CountdownSnapshot/timeline(id:from:limit:)`` shows it frozen, with no end dates.
  public let isPaused: Bool

  /// Where a plan laid out as `layout` is at `now`, as `cursor` tells it; `nil` once the plan has
  /// ended. Times are nanoseconds on the manager's clock, turned into dates from `wallNow`, the
  /// wall clock's date at `wallInstant` (`nil`: at `now`). `frozen`: a paused cursor that stands
  /// still without being paused (a `.pauses` plan in a snapshot's timeline).
  ///
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  init?(
    _ cursor: SegmentCursor, at now: Int64, in layout: PlanLayout, wallNow: Date, of wallInstant: Int64? = nil,
    frozen: Bool = false
  ) {
    guard !layout.segments.isEnded(cursor.ordinal) else { return nil }
    let step = layout.phase(atOrdinal: cursor.ordinal)
    phase = step.phase
    phaseIndex = step.indexInCycle
    cycle = step.cycle
    cycleCount = step.cycleCount
    ordinal = step.ordinal
    isLongBreak = step.isLongBreak
    let next = cursor.ordinal.addingSaturated(1)
    nextPhase = layout.segments.isEnded(next) ? nil : layout.phase(atOrdinal: next).phase
    let left: Int64
    let phaseEnd: Int64?
    switch cursor.timing {
    case .running(let deadline): (left, phaseEnd) = (max(0, deadline.subtractingSaturated(now)), deadline)
    case .paused(let frozen): (left, phaseEnd) = (frozen, nil)
    }
    // What the plan has after the current phase.
    let after = layout.segments.length.map { $0 - layout.segments.end(ofOrdinal: cursor.ordinal) }
    timeLeftInPhase = .nanoseconds(left)
    timeLeftInPlan = after.map { .nanoseconds(left.addingSaturated($0)) }
    let wallInstant = wallInstant ?? now
    phaseEndDate = phaseEnd.map { Self.date(of: $0, now: wallInstant, wallNow: wallNow) }
    planEndDate = after.flatMap { after in
      phaseEnd.map { Self.date(of: $0.addingSaturated(after), now: wallInstant, wallNow: wallNow) }
    }
    isPaused = phaseEnd == nil && !frozen
  }

  /// The wall clock's date of `instant` on the manager's clock, from `wallNow` at `now`.
  static func date(of instant: Int64, now: Int64, wallNow: Date) -> Date {
    wallNow + Double(instant.subtractingSaturated(now)) / 1e9
  }
}
