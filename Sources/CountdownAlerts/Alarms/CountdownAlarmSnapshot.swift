public import Foundation

/// One alarm the system holds for the app, as read at launch: AlarmKit's `Alarm`, reduced to what
/// reconciling needs.
public struct CountdownAlarmSnapshot: Hashable, Sendable {
  /// Its identifier.
  public var id: UUID
  /// Where it is.
  public var state: CountdownAlarmState

  /// A snapshot of the alarm `id` in `state`.
  public init(id: UUID, state: CountdownAlarmState) {
    self.id = id
    self.state = state
  }
}
