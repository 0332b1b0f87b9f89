@_spi(Walks) import CountdownCore
public import Foundation

/// A phase end a countdown in phases passed: the phase, when it ended and how late the handler
/// heard of it.
///
/// ```swift
/// for end in update.phaseEnds where end.lateness < .seconds(60) {
///   chime(for: end.phase)
/// }
/// ```
///
/// Each end is delivered once, in ``CountdownPhaseUpdate/phaseEnds``, in the order of the plan.
/// One on time comes within the timer's tolerance of its end; one that passed while the app was
/// suspended comes when it is resumed, with its ``lateness``.
public struct CountdownPhaseEnd: Hashable, Sendable {
  /// The phase that ended.
  public let phase: CountdownPhase
  /// Its number across the whole plan (``CountdownPhasePosition/ordinal``).
  public let ordinal: Int
  /// Its index among the phases written beside it (``CountdownPhasePosition/phaseIndex``).
  public let phaseIndex: Int
  /// Its cycle (``CountdownPhasePosition/cycle``).
  public let cycle: Int
  /// When it ended, on the manager's wall clock.
  public let date: Date
  /// How long before the handler's call it ended; zero or more.
  public let lateness: Duration
  /// The phase that came after it: the one the plan went on to, or waits at after a phase that
  /// pauses it; `nil` after the plan's last phase.
  ///
  /// ```swift
  /// for end in update.phaseEnds {
  ///   announce(end.nextPhase.map { "\(end.phase.name) done, \($0.name) next" } ?? "Workout done")
  /// }
  /// ```
  public let nextPhase: CountdownPhase?

  /// The end a walk of `layout` passed, named for its phase, as read at `now` (`wallNow` on the
  /// wall clock).
  ///
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  init(_ end: PassedSegmentEnds.End, in layout: PlanLayout, now: Int64, wallNow: Date) {
    let step = layout.phase(atOrdinal: end.ordinal)
    phase = step.phase
    ordinal = end.ordinal
    phaseIndex = step.indexInCycle
    cycle = step.cycle
    date = CountdownPhasePosition.date(of: end.instant, now: now, wallNow: wallNow)
    lateness = .nanoseconds(max(0, now.subtractingSaturated(end.instant)))
    let next = end.ordinal.addingSaturated(1)
    nextPhase = layout.segments.isEnded(next) ? nil : layout.phase(atOrdinal: next).phase
  }
}
