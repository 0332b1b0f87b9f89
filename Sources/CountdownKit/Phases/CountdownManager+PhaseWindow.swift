import CountdownCore
import Foundation

extension CountdownManager {
  /// What a Live Activity shows of `id`'s countdown in phases now: the current phase and the next
  /// `lookAhead` ones, each with its start and end.
  ///
  /// ```swift
  /// if let window = manager.phaseWindow(id: "pomodoro") {
  ///   // The activity's content state holds the window; its stale date is the current phase's end.
  ///   print(window.current.phase.name, window.phases.map(\.end), window.staleDate as Any)
  /// }
  /// ```
  ///
  /// The window is read at one instant, as ``phasePosition(id:)`` is, and says what it says: its
  /// current phase is the position's phase, ending at its ``CountdownPhasePosition/phaseEndDate``,
  /// each next phase starts at the end of the one before it, and ``CountdownPhaseWindow/planEnd``
  /// is the position's ``CountdownPhasePosition/planEndDate`` when the plan's last phase is in the
  /// window. The current phase spans its length and the time added to it, as ``timerDates(id:)``
  /// has it. The window stops at a phase after which the plan pauses. Paused, the phases are laid
  /// out from now, with ``CountdownPhaseWindow/pausedAt`` set to now. A plan started
  /// `whileSuspended: .pauses`, read while the manager is suspended, has the dates it would have
  /// if the app came back at once, as its position does.
  ///
  /// Give the activity the window again after each change the app makes (a pause, a resume, a
  /// skip, time added) and at least every `lookAhead + 1` phases: a window shows the phases it
  /// holds, and no more.
  ///
  /// - Parameters:
  ///   - id: The id of a countdown started with a plan.
  ///   - lookAhead: How many phases after the current one the window holds, 0 or more (default
  ///     1: the current phase and the next); above ``CountdownPhaseWindow/maximumLookAhead``, that
  ///     many.
  /// - Returns: The window, or `nil` without a countdown in phases for `id` (or once its plan has
  ///   ended), or for a `lookAhead` below 0.
  /// - Complexity: O(*k* log *p*), *k* the phases in the window, *p* the phases written in the
  ///   plan.
  public func phaseWindow<ID: Hashable & Sendable>(id: ID, lookAhead: Int = 1) -> CountdownPhaseWindow? {
    guard lookAhead >= 0, let token = token(for: id) else { return nil }
    // Read as `phasePosition(of:)` reads, so that the two agree.
    let wallNow = wallClock()
    let now = clockNow
    guard let (status, sequence) = walk(of: token) else { return nil }
    return CountdownPhaseWindow(
      SegmentCursor(status), span: status.span, at: now, origin: (now, wallNow), in: sequence.plan.layout,
      lookAhead: lookAhead)
  }
}
