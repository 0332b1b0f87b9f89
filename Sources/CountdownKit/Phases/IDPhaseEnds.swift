package import Foundation

/// The phase ends ahead of an id's countdown in phases, as the alerts follow it
/// (``CountdownManager/idPhaseEnds(of:upcoming:)``): what tells it from a single countdown, whose
/// end ``IDPhase`` says alone.
///
/// Its ends are those the plan will reach if nothing changes: from the current phase's, each at
/// the plan's lengths after the one before, up to the plan's end or the first phase after which
/// the plan pauses, and no more than were asked for. A pause, a skip or time added moves them; the
/// followers hear those as changes, and read them again.
package struct IDPhaseEnds: Hashable, Sendable {
  /// One phase end ahead.
  package struct End: Hashable, Sendable {
    /// The phase that ends, with its place in the plan.
    package let ending: PlanStep
    /// The phase that starts then; `nil` at the plan's end.
    package let next: PlanStep?
    /// When it comes, on the manager's clock (nanoseconds since its origin).
    package let instant: Int64
    /// When it comes, on the device's clock (the manager's wall clock, read with the manager's).
    package let date: Date
  }

  /// The next ends, soonest first, the current phase's first; none while the phase is paused.
  package let ends: [End]
  /// Whether the current phase is paused (by the app, by the phase before it, or frozen while
  /// the manager is suspended): nothing ends until it resumes.
  package let isPaused: Bool
  /// Where the plan would have started on the manager's clock, had it run from its first phase
  /// with nothing paused, skipped or added: what stays the same from one phase to the next, so
  /// that a phase end moves nothing a widget's timeline is laid out from. `nil` while paused.
  package let origin: Int64?
  /// The ordinal of the current phase (``PlanStep/ordinal``).
  package let ordinal: Int
  /// Whether the plan runs forever.
  package let isForever: Bool
  /// The plan it walks: another plan started at the same instant (from the same origin) lays its
  /// phases out otherwise.
  package let plan: CountdownPlan
}
