public import Foundation

/// What the system needs to show a countdown by itself, in one value: the range and the pause time
/// that `Text(timerInterval:pauseTime:countsDown:showsHours:)` and
/// `ProgressView(timerInterval:countsDown:)` take, in a Live Activity, a widget or the app.
///
/// ```swift
/// if let dates = manager.timerDates(id: order.id) {
///   Text(timerInterval: dates.timerInterval, pauseTime: dates.pauseTime, countsDown: true)
///   ProgressView(timerInterval: dates.timerInterval, countsDown: true)
/// }
/// ```
///
/// Both bounds are worked out from the countdown's deadline on the continuous clock and its
/// length, so a change of the device's clock moves them together: the range always spans the
/// countdown's whole length, and the time the system shows at any moment is what the manager
/// shows. While the countdown is frozen (paused, or started with
/// ``CountdownCore/SuspensionPolicy/pauses`` while the manager is suspended), ``pauseTime`` is the
/// moment the range was laid out from and ``endDate`` is `nil`: the system shows it frozen at its
/// remaining time.
///
/// A countdown counting overtime (``CountdownCore/CountdownEnding/countsOvertime``) keeps its
/// deadline as ``endDate`` past it, while the app shows negative values. The system's
/// `Text(timerInterval:)` stops at `0:00` at that date, so past it show the overtime with
/// `Text(endDate, style: .timer)`, which counts up from a date in the past (update the Live
/// Activity's state when the countdown delivers its `0`). Frozen in overtime (paused), it reads as
/// frozen at `0:00`.
public struct CountdownTimerDates: Hashable, Sendable {
  /// From the countdown's start to its end, on this device's clock: the start is the end less the
  /// countdown's length (so progress goes on across pauses, suspensions and relaunches); a
  /// countdown at its end is `end...end`.
  public var timerInterval: ClosedRange<Date>
  /// While the countdown is frozen, the instant the range was laid out from: give it to the system
  /// as `pauseTime:`. `nil` while it runs.
  public var pauseTime: Date?

  /// Dates for a countdown laid out as `timerInterval`, frozen at `pauseTime` if given.
  public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil) {
    self.timerInterval = timerInterval
    self.pauseTime = pauseTime
  }

  /// Whether the countdown is frozen: the system should show it standing still.
  public var isFrozen: Bool { pauseTime != nil }

  /// When the countdown ends, on this device's clock, the same moment the manager delivers its
  /// `0`: the date for a notification trigger or a Live Activity's stale date. `nil` while frozen,
  /// as a frozen countdown has no end until it runs again.
  public var endDate: Date? { pauseTime == nil ? timerInterval.upperBound : nil }
}
