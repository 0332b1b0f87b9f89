@_spi(Walks) public import CountdownCore

/// What a countdown in phases walks: warm-up phases, blocks of phases each repeated a number of
/// times, forever or for a total time (with an optional long break every few cycles), then
/// cool-down phases.
///
/// ```swift
/// // A Pomodoro: 25 minutes of work and 5 of rest, four times; the fourth rest is 15 minutes.
/// let pomodoro = try CountdownPlan(blocks: [
///   CountdownPlan.Block(
///     [CountdownPhase("Work", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
///     repeated: .times(4),
///     longBreak: CountdownPhase("Long break", .seconds(15 * 60), purpose: .recovery), every: 4)
/// ])
/// ```
///
/// A plan says what a workout app's custom workout says (a warm-up, blocks of work and recovery
/// steps each repeated a number of times, a cool-down), and more: several warm-up and cool-down
/// phases, a block repeated forever or for a total time, a long break in place of every k-th
/// cycle's last phase, a phase after which the plan waits for the person
/// (``CountdownPhase/pausesAfter``), the app's own values on each phase.
///
/// A plan is checked when it is made, decoded included: one that exists can be run. Its phases
/// are counted from 0 across the whole plan and every cycle, the *ordinal*: a plan of a 2-phase
/// warm-up and a block of 3 phases starts its block's second cycle at ordinal 5.
public struct CountdownPlan: Hashable, Sendable {
  /// The phases before the first block, in order; may be empty.
  public var warmUp: [CountdownPhase] { layout.warmUp }
  /// The blocks, in order; may be empty when the warm-up or the cool-down has phases.
  public var blocks: [Block] { layout.blocks }
  /// The phases after the last block, in order; may be empty, and is when the last block is
  /// repeated forever.
  public var coolDown: [CountdownPhase] { layout.coolDown }
  /// The parts and the plan's arithmetic, worked out once, when it is made, and shared by every
  /// copy of the plan.
  package let layout: PlanLayout

  /// Creates a plan, checking that it can be run.
  ///
  /// ```swift
  /// // Walk and run for 30 minutes, between a warm-up and a cool-down walk.
  /// let run = try CountdownPlan(
  ///   warmUp: [CountdownPhase("Warm-up walk", .seconds(5 * 60), purpose: .recovery)],
  ///   blocks: [
  ///     CountdownPlan.Block(
  ///       [CountdownPhase("Run", .seconds(90)), CountdownPhase("Walk", .seconds(60), purpose: .recovery)],
  ///       repeated: .lasting(.seconds(30 * 60)))
  ///   ],
  ///   coolDown: [CountdownPhase("Cool-down walk", .seconds(5 * 60), purpose: .recovery)])
  /// ```
  ///
  /// - Parameters:
  ///   - warmUp: The phases before the first block (default none).
  ///   - blocks: The blocks, in order (default none).
  ///   - coolDown: The phases after the last block (default none).
  /// - Throws: ``CountdownCore/CountdownError/emptyPlan`` for a plan without any phase, or a block
  ///   without phases; ``CountdownCore/CountdownError/zeroDuration`` for a phase (a long break
  ///   included) or a block's ``Repetition/lasting(_:)`` total of zero;
  ///   ``CountdownCore/CountdownError/negativeDuration`` for one below zero;
  ///   ``CountdownCore/CountdownError/invalidRepetition`` for ``Repetition/times(_:)`` below 1 or
  ///   a long break every fewer than 1 cycle; ``CountdownCore/CountdownError/unreachablePhases``
  ///   for a block or a cool-down after a block repeated ``Repetition/forever``;
  ///   ``CountdownCore/CountdownError/outOfRange`` for a plan (or one round of a forever block's
  ///   long break) longer than the clock can count, about 292 years, or of more phases than `Int`
  ///   holds.
  /// - Complexity: O(*p*), *p* the number of phases written in the plan (not the cycles they run).
  public init(
    warmUp: [CountdownPhase] = [], blocks: [Block] = [], coolDown: [CountdownPhase] = []
  ) throws(CountdownError) {
    layout = try PlanLayout(warmUp: warmUp, blocks: blocks, coolDown: coolDown)
  }

  /// The number of phases the plan runs, every cycle counted (a long break as the phase it
  /// replaces); `nil` for a plan that runs forever.
  ///
  /// ```swift
  /// let pomodoro = try CountdownPlan(blocks: [
  ///   CountdownPlan.Block(
  ///     [CountdownPhase("Work", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60))], repeated: .times(4))
  /// ])
  /// print(pomodoro.phaseCount ?? 0)  // 8
  /// ```
  ///
  /// - Complexity: O(1).
  public var phaseCount: Int? { layout.segments.segmentCount }

  /// How long the plan lasts, start to end, with nothing paused, skipped or added; `nil` for a
  /// plan that runs forever.
  ///
  /// - Complexity: O(1).
  public var totalDuration: Duration? { layout.segments.length.map { .nanoseconds($0) } }

  /// Whether two plans have the same parts.
  ///
  /// - Parameters:
  ///   - lhs: A plan.
  ///   - rhs: Another plan.
  /// - Returns: Whether their warm-ups, blocks and cool-downs are equal.
  public static func == (lhs: CountdownPlan, rhs: CountdownPlan) -> Bool {
    lhs.layout === rhs.layout
      || (lhs.warmUp == rhs.warmUp && lhs.blocks == rhs.blocks && lhs.coolDown == rhs.coolDown)
  }

  /// Hashes the plan's parts.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(warmUp)
    hasher.combine(blocks)
    hasher.combine(coolDown)
  }
}
