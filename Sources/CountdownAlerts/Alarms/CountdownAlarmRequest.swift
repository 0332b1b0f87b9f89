public import Foundation

/// One alarm for the system's alarm center: ring `duration` seconds after the center takes it,
/// counting down until then (AlarmKit's `AlarmConfiguration.timer(duration:…)`), under `id`.
public struct CountdownAlarmRequest: Hashable, Sendable {
  /// The alarm's identifier (AlarmKit's `Alarm.ID`).
  public var id: UUID
  /// The id of the countdown it stands for, as the countdown's id describes itself: for the app's
  /// alarm presentation.
  public var countdownID: String
  /// Seconds from the moment the center takes the request to the alert; above zero.
  public var duration: TimeInterval

  /// A request for an alarm ringing `duration` seconds after it is scheduled.
  public init(id: UUID, countdownID: String, duration: TimeInterval) {
    self.id = id
    self.countdownID = countdownID
    self.duration = duration
  }
}
