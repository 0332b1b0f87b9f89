/// Where a running plan is, as little as says it: the ordinal of its current phase, and that
/// phase's deadline on the manager's clock (or, paused, the time it has left). Everything else a
/// position says comes from these and the plan (``PlanLayout``), so that skipping, restarting,
/// going back and adding time are each a change of these two, in O(1), and a snapshot needs no
/// more. The phases after the current one keep the plan's lengths: time added to a phase moves
/// every later end with it.
///
/// Its methods take the time, `now`, in nanoseconds on the manager's clock, and expect the cursor
/// brought up to it first (``advanced(to:in:)``): they act on the phase running at `now`.
package struct PhaseCursor: Hashable, Sendable {
  /// How the current phase's time stands.
  package enum Timing: Hashable, Sendable {
    /// It ends at `deadline`.
    case running(deadline: Int64)
    /// It is frozen with `left` to go.
    case paused(left: Int64)
  }

  /// The current phase's ordinal; the plan's phase count once it has ended.
  package var ordinal: Int
  package var timing: Timing

  /// A cursor at `ordinal`, timed by `timing`.
  package init(ordinal: Int, timing: Timing) {
    self.ordinal = ordinal
    self.timing = timing
  }

  /// A plan started at `now`: its first phase, running.
  package init(startingAt now: Int64, in plan: PlanLayout) {
    self.init(ordinal: 0, timing: .running(deadline: now.addingSaturated(plan.firstPhaseDuration)))
  }

  /// Whether the plan has ended: its last phase's end passed.
  package func isEnded(in plan: PlanLayout) -> Bool {
    plan.isEnded(ordinal)
  }

  // MARK: Operations on the current phase, each O(1)

  /// The current phase ends now, without its end being reported: the next one starts, running or
  /// paused as this one was, at its full length. Skipping the last phase ends the plan.
  package mutating func skip(at now: Int64, in plan: PlanLayout) {
    guard !isEnded(in: plan) else { return }
    begin(ordinal.addingSaturated(1), at: now, in: plan)
  }

  /// The current phase starts again, at its full length, running or paused as it was.
  package mutating func restart(at now: Int64, in plan: PlanLayout) {
    guard !isEnded(in: plan) else { return }
    begin(ordinal, at: now, in: plan)
  }

  /// The phase before the current one starts again, at its full length, running or paused as the
  /// current one was; at the plan's first phase, that phase starts again.
  package mutating func goBack(at now: Int64, in plan: PlanLayout) {
    guard !isEnded(in: plan) else { return }
    begin(max(0, ordinal - 1), at: now, in: plan)
  }

  /// Adds `time` (negative: takes it) to the current phase: its end moves, and every later one
  /// with it. Time taken never goes past the phase's end: it then ends at `now`.
  package mutating func addTime(_ time: Int64, at now: Int64, in plan: PlanLayout) {
    guard !isEnded(in: plan) else { return }
    switch timing {
    case .running(let deadline): timing = .running(deadline: max(deadline.addingSaturated(time), now))
    case .paused(let left): timing = .paused(left: max(left.addingSaturated(time), 0))
    }
  }

  /// Freezes the current phase with the time it has left at `now`.
  package mutating func pause(at now: Int64) {
    guard case .running(let deadline) = timing else { return }
    timing = .paused(left: max(0, deadline.subtractingSaturated(now)))
  }

  /// Continues the frozen phase from `now`.
  package mutating func resume(at now: Int64) {
    guard case .paused(let left) = timing else { return }
    timing = .running(deadline: now.addingSaturated(left))
  }

  /// Makes `ordinal` the current phase, at its full length from `now`.
  private mutating func begin(_ ordinal: Int, at now: Int64, in plan: PlanLayout) {
    self.ordinal = ordinal
    guard !plan.isEnded(ordinal) else {
      timing = .running(deadline: now)
      return
    }
    let length = plan.duration(ofOrdinal: ordinal)
    switch timing {
    case .running: timing = .running(deadline: now.addingSaturated(length))
    case .paused: timing = .paused(left: length)
    }
  }
}
