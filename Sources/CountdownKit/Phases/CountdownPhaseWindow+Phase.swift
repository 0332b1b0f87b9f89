public import Foundation

extension CountdownPhaseWindow {
  /// One phase of a window: the phase at its place in the plan, its start and end, and whether
  /// the plan waits after it.
  ///
  /// ```swift
  /// let shown = window.phase(at: Date())
  /// print("\(shown.phase.name), round \(shown.cycle + 1)", shown.pausesAfter ? "then a pause" : "")
  /// ```
  ///
  /// Its dates are seconds since 00:00:00 UTC on 1 January 1970, on the device's clock. A phase
  /// after the current one spans its length in the plan. The current phase spans its length and
  /// the time added to it since it began, from where it began, as
  /// ``CountdownManager/timerDates(id:)`` has it; read from a snapshot, which does not keep the
  /// time added, it spans its length in the plan, up to its end.
  public struct Phase: Hashable, Sendable {
    /// The phase as the plan has it: its name, purpose, length and the app's values (a long break,
    /// in the cycles that have one).
    public let phase: CountdownPhase
    /// The phase's number counted from 0 across the whole plan
    /// (``CountdownPhasePosition/ordinal``).
    public let ordinal: Int
    /// The phase's index among the phases written beside it
    /// (``CountdownPhasePosition/phaseIndex``).
    public let phaseIndex: Int
    /// The block's cycle the phase belongs to, from 0; 0 in the warm-up and the cool-down.
    public let cycle: Int
    /// How many cycles the phase's block runs; `nil` for a block that repeats forever
    /// (``CountdownPhasePosition/cycleCount``).
    public let cycleCount: Int?
    /// Whether the phase is the plan's long break.
    public let isLongBreak: Bool
    /// When the phase starts, in seconds since 1970.
    public let start: Double
    /// When the phase ends, in seconds since 1970: the next phase's start.
    public let end: Double
    /// Whether the plan waits, paused, after this phase (``CountdownPhase/pausesAfter``): the
    /// window's last phase then. `false` for the plan's last phase, after which the plan ends.
    public let pausesAfter: Bool

    /// A phase of a window.
    init(_ step: PlanStep, start: Double, end: Double, pausesAfter: Bool) {
      phase = step.phase
      ordinal = step.ordinal
      phaseIndex = step.indexInCycle
      cycle = step.cycle
      cycleCount = step.cycleCount
      isLongBreak = step.isLongBreak
      self.start = start
      self.end = end
      self.pausesAfter = pausesAfter
    }

    /// The phase's span as dates, start to end: what `Text(timerInterval:)` and
    /// `ProgressView(timerInterval:)` count down, with the window's
    /// ``CountdownPhaseWindow/pauseTime`` while it stands still.
    public var timerInterval: ClosedRange<Date> {
      Date(timeIntervalSince1970: start)...Date(timeIntervalSince1970: end)
    }
  }
}

extension CountdownPhaseWindow.Phase: Codable {
  enum CodingKeys: String, CodingKey {
    case phase
    case ordinal
    case phaseIndex
    case cycle
    case cycleCount
    case isLongBreak
    case start
    case end
    case pausesAfter
  }

  /// Decodes a phase, checking what its reads rely on.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for a date that is not finite, an end before the
  ///   start, or a negative ordinal, index or cycle; what the decoder throws.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    phase = try container.decode(CountdownPhase.self, forKey: .phase)
    ordinal = try container.decode(Int.self, forKey: .ordinal)
    phaseIndex = try container.decode(Int.self, forKey: .phaseIndex)
    cycle = try container.decode(Int.self, forKey: .cycle)
    cycleCount = try container.decodeIfPresent(Int.self, forKey: .cycleCount)
    isLongBreak = try container.decode(Bool.self, forKey: .isLongBreak)
    start = try container.decode(Double.self, forKey: .start)
    end = try container.decode(Double.self, forKey: .end)
    pausesAfter = try container.decode(Bool.self, forKey: .pausesAfter)
    guard ordinal >= 0, phaseIndex >= 0, cycle >= 0 else {
      throw DecodingError.dataCorruptedError(forKey: .ordinal, in: container, debugDescription: "a negative place")
    }
    // `timerInterval` is a range: its bounds must be ordered.
    guard start.isFinite, end.isFinite, start <= end else {
      throw DecodingError.dataCorruptedError(
        forKey: .end, in: container, debugDescription: "an end before the start, or a date that is not finite")
    }
  }
}
