extension CountdownPlan {
  /// A cycle of phases repeated a number of times, forever or for a total time, with an optional
  /// long break in place of every k-th cycle's last phase.
  ///
  /// ```swift
  /// // Four Pomodoros; the fourth break is a long one.
  /// let pomodoros = CountdownPlan.Block(
  ///   [CountdownPhase("Work", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
  ///   repeated: .times(4),
  ///   longBreak: CountdownPhase("Long break", .seconds(15 * 60), purpose: .recovery), every: 4)
  /// ```
  ///
  /// A block is checked by the plan it is given to (``CountdownPlan/init(warmUp:blocks:coolDown:)``).
  public struct Block: Hashable, Sendable, Codable {
    /// The cycle's phases, in order: at least one.
    public var phases: [CountdownPhase]
    /// How many times the cycle runs.
    public var repetition: Repetition
    /// The phase that replaces the last one of every ``longBreakEvery``-th cycle; `nil`: none.
    public var longBreak: CountdownPhase?
    /// Every how many cycles the long break comes (the 4th, the 8th, … for 4): 1 or more when there
    /// is a long break.
    public var longBreakEvery: Int

    /// Creates a block.
    ///
    /// ```swift
    /// let intervals = CountdownPlan.Block(
    ///   [CountdownPhase("Run", .seconds(90)), CountdownPhase("Walk", .seconds(60), purpose: .recovery)],
    ///   repeated: .lasting(.seconds(30 * 60)))
    /// ```
    ///
    /// - Parameters:
    ///   - phases: The cycle's phases, in order: at least one.
    ///   - repetition: How many times the cycle runs (default: once).
    ///   - longBreak: A phase that replaces the last one of every `every`-th cycle (default: none).
    ///   - every: Every how many cycles the long break comes (default 4): 1 or more.
    public init(
      _ phases: [CountdownPhase], repeated repetition: Repetition = .times(1), longBreak: CountdownPhase? = nil,
      every: Int = 4
    ) {
      self.phases = phases
      self.repetition = repetition
      self.longBreak = longBreak
      self.longBreakEvery = every
    }
  }
}
