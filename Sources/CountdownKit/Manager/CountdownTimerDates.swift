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
/// Both bounds come from the countdown's deadline on the continuous clock and its length, so the
/// system shows what the manager shows, whatever the device's clock does. Frozen, it has a
/// ``pauseTime`` and no ``endDate``. Past the deadline of a countdown counting overtime, the
/// system's timer stops at `0:00`: see the article *Countdowns outside the app* ("Past the deadline").
public struct CountdownTimerDates: Hashable, Sendable {
  /// From the countdown's start to its end, on this device's clock; `end...end` at its end.
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
