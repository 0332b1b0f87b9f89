public import Foundation

/// What one Live Activity's content shows of a countdown in phases: the current phase and the
/// next few, each with its start and end, so that the content stays right across phase ends
/// while nothing of the app runs.
///
/// ```swift
/// if let window = manager.phaseWindow(id: "pomodoro", lookAhead: 1) {
///   let shown = window.phase(at: Date())  // the current phase; past its end, the next
///   print(shown.phase.name, Date(timeIntervalSince1970: shown.end))
/// }
/// ```
///
/// A Live Activity cannot follow the plan while the app is suspended: its content changes only
/// when the app, or a push, gives it new content. A window carries the phases of the coming
/// `lookAhead` phase ends, so one content state shows them all: its stale date
/// (``staleDate``) is the current phase's end, and the view draws ``phase(at:)`` of the instant
/// it renders. ``CountdownManager/phaseWindow(id:lookAhead:)`` reads one from a running countdown
/// in phases, ``CountdownSnapshot/phaseWindow(id:lookAhead:at:)`` from a saved one, and
/// ``CountdownSnapshot/pushSchedule(id:lookAhead:from:limit:)`` lays out the windows a server
/// pushes, one per `lookAhead + 1` phases.
///
/// Every date is a `Double` of seconds since 00:00:00 UTC on 1 January 1970, on the device's
/// clock, so a window encodes to the same numbers whatever the encoder's date strategy: a content
/// state the app gives and one a server pushes, which the system decodes with the default
/// strategies, read the same.
///
/// The window ends at the plan's last phase (``planEnd`` is then its end) and at a phase after
/// which the plan pauses (``Phase/pausesAfter``): no date after it can be known before the
/// person resumes the plan.
///
/// While the sequence stands still (paused, or read from a snapshot of a plan that freezes while
/// the app is away), ``pausedAt`` is set: the phases are laid out as if the sequence resumed at
/// that instant, so the current phase's end less ``pausedAt`` is its time left, and
/// `Text(timerInterval: phase.timerInterval, pauseTime: window.pauseTime)` shows it frozen.
public struct CountdownPhaseWindow: Hashable, Sendable {
  /// The most phases after the current one a window holds: 1 000. A larger look-ahead is taken
  /// as this one, so that a window of a plan that runs forever has an end.
  ///
  /// ```swift
  /// let window = manager.phaseWindow(id: "intervals", lookAhead: .max)  // 1 001 phases at most
  /// ```
  public static let maximumLookAhead = 1_000

  /// The phases shown, in the plan's order: the current one first, then up to the look-ahead's
  /// number of next ones. Never empty. Each starts where the one before it ends.
  public let phases: [Phase]
  /// Whether the current phase is paused: by ``CountdownManager/pause(id:)``, or because the
  /// phase before it pauses the plan after it. Not for a plan that freezes while the app is away
  /// (``CountdownCore/SuspensionPolicy/pauses``), read from a snapshot: that one stands still
  /// (``pausedAt`` is set) without being paused, as ``CountdownPhasePosition/isPaused`` says.
  public let isPaused: Bool
  /// The instant the window stands still at, in seconds since 1970: the instant it was read at,
  /// while the current phase is paused or frozen; `nil` while it runs. The phases' dates are then
  /// laid out from it, as if the sequence resumed at that instant.
  public let pausedAt: Double?
  /// The plan's end, in seconds since 1970, when the plan's last phase is among ``phases`` (the
  /// last one's end); `nil` for a plan that goes on past the window, or runs forever.
  public let planEnd: Double?

  /// A window of `phases` (at least one).
  init(phases: [Phase], isPaused: Bool, pausedAt: Double?, planEnd: Double?) {
    self.phases = phases
    self.isPaused = isPaused
    self.pausedAt = pausedAt
    self.planEnd = planEnd
  }

  /// The current phase: the first of ``phases``.
  public var current: Phase { phases[0] }

  /// The stale date to give the content: the current phase's end, after which the view shows the
  /// next phase (``phase(at:)``); `nil` while the window stands still (``pausedAt``), when
  /// nothing moves until the app or a push changes the content.
  public var staleDate: Date? {
    pausedAt == nil ? Date(timeIntervalSince1970: current.end) : nil
  }

  /// ``pausedAt`` as a date: the `pauseTime` to give `Text(timerInterval:pauseTime:)` and
  /// `ProgressView(timerInterval:)` with a phase's ``Phase/timerInterval``, which show it frozen.
  public var pauseTime: Date? {
    pausedAt.map { Date(timeIntervalSince1970: $0) }
  }

  /// The phase to draw at `date`: the one whose span, from its start up to (not including) its
  /// end, holds `date`; before the first phase's start, the first; from the last one's end on,
  /// the last. While the window stands still (``pausedAt``), the current phase, whatever the
  /// date.
  ///
  /// ```swift
  /// let shown = window.phase(at: Date())
  /// ```
  ///
  /// A Live Activity's view, drawn again when its content goes stale (at the current phase's
  /// end), shows the next phase from then on without new content.
  ///
  /// - Parameter date: The instant to draw.
  /// - Returns: The phase shown at `date`.
  /// - Complexity: O(*k*), *k* the number of phases in the window.
  public func phase(at date: Date) -> Phase {
    guard pausedAt == nil else { return current }
    let seconds = date.timeIntervalSince1970
    return phases.first { seconds < $0.end } ?? phases[phases.count - 1]
  }
}

extension CountdownPhaseWindow: Codable {
  enum CodingKeys: String, CodingKey {
    case phases
    case isPaused
    case pausedAt
    case planEnd
  }

  /// Decodes a window, checking what its reads rely on.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for a window without phases, or with a date that is
  ///   not finite; what the decoder throws.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let phases = try container.decode([Phase].self, forKey: .phases)
    guard !phases.isEmpty else {
      throw DecodingError.dataCorruptedError(
        forKey: .phases, in: container, debugDescription: "a window without phases")
    }
    let pausedAt = try container.decodeIfPresent(Double.self, forKey: .pausedAt)
    let planEnd = try container.decodeIfPresent(Double.self, forKey: .planEnd)
    guard pausedAt?.isFinite ?? true, planEnd?.isFinite ?? true else {
      throw DecodingError.dataCorruptedError(
        forKey: .pausedAt, in: container, debugDescription: "a date that is not finite")
    }
    self.init(
      phases: phases, isPaused: try container.decode(Bool.self, forKey: .isPaused), pausedAt: pausedAt,
      planEnd: planEnd)
  }
}
