import CountdownCore
import Foundation

// The dates handed to the system: worked out from the engine's deadline and the device's clock.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension ObservableCountdown {
  /// ``timerInterval`` and ``pauseTime`` in one value, as the system takes them:
  /// `Text(timerInterval: countdown.timerDates.timerInterval, pauseTime: countdown.timerDates.pauseTime)`.
  public var timerDates: CountdownTimerDates {
    CountdownTimerDates(timerInterval: timerInterval, pauseTime: pauseTime)
  }

  /// Sets the current countdown's suspension policy, and whether the manager's suspensions
  /// refresh this model's dates.
  func setPolicy(_ policy: SuspensionPolicy) {
    self.policy = policy
    var refresh: (@MainActor @Sendable () -> Void)?
    if policy == .pauses { refresh = { [weak self] in self?.followSuspension() } }
    manager.followSuspensions(of: handle, refresh)
  }

  /// The manager suspended or resumed its ticking: a countdown that pauses meanwhile froze or runs
  /// again, and its dates say so, as the id form's do. One paused or ended is left as it was
  /// (frozen, or at its end, either way).
  func followSuspension() {
    guard policy == .pauses, !isPaused, !hasEnded, let dates = manager.timerDates(of: handle, length: length) else {
      return
    }
    setDates(dates, end: dates.endDate)
  }

  /// Works ``endDate`` and ``timerInterval`` out again from the countdown's deadline and the
  /// device's clock: after the user changed the clock (`NSSystemClockDidChange`), before handing
  /// the dates to the system again.
  public func refreshDates() {
    if let dates = manager.timerDates(of: handle, length: length) {
      setDates(dates, end: dates.endDate)
    } else if !hasEnded {
      let now = manager.wallClock()
      setDates(CountdownTimerDates(timerInterval: now...now), end: nil)
    }
  }

  func setDates(_ dates: CountdownTimerDates, end: Date?) {
    if endDate != end { endDate = end }
    if timerInterval != dates.timerInterval { timerInterval = dates.timerInterval }
    if pauseTime != dates.pauseTime { pauseTime = dates.pauseTime }
  }
}
