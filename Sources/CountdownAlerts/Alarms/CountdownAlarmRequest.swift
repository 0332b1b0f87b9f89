public import Foundation

/// One alarm for the system's alarm center: ring ``duration`` seconds after the center takes it,
/// counting down until then (AlarmKit's `AlarmConfiguration.timer(duration:…)`), under `id`, with
/// the app's ``options``.
public struct CountdownAlarmRequest: Sendable {
  /// The alarm's identifier (AlarmKit's `Alarm.ID`).
  public var id: UUID
  /// The id of the countdown it stands for, as the countdown's id describes itself: for the app's
  /// alarm presentation.
  public var countdownID: String
  /// What the app adds to the alarm: its intents, sound and snooze.
  public var options: CountdownAlarmOptions
  private let remaining: @Sendable () -> TimeInterval

  /// A request for an alarm ringing `duration` seconds after it is scheduled.
  public init(id: UUID, countdownID: String, duration: TimeInterval, options: CountdownAlarmOptions = .init()) {
    self.init(id: id, countdownID: countdownID, options: options) { duration }
  }

  /// A request whose duration is read when the center makes the call: the time left to a deadline
  /// of the manager's clock.
  init(
    id: UUID, countdownID: String, options: CountdownAlarmOptions, remaining: @escaping @Sendable () -> TimeInterval
  ) {
    self.id = id
    self.countdownID = countdownID
    self.options = options
    self.remaining = remaining
  }

  /// Seconds from now to the alert, read when asked: read it when the call is made, not before (a
  /// call that waits behind others, as AlarmKit's `async` `schedule` does, would ring that much
  /// late). In a request of ``CountdownAlarms``: for an alarm that counts down to a countdown's end,
  /// the time left to it on the manager's clock, at least a millisecond (an end passed while the
  /// call waited rings at once); for one paused at once after, the time left it shows.
  public var duration: TimeInterval {
    remaining()
  }
}
