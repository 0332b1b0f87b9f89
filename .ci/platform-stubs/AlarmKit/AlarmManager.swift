public import Foundation

// Apple: https://developer.apple.com/documentation/alarmkit/alarmmanager
// Apple: https://developer.apple.com/documentation/alarmkit/alarmmanager/shared

/// AlarmKit's `AlarmManager`: schedules, pauses, resumes and cancels the app's alarms. Not
/// `Sendable` and not `final`, as Apple's SDK declares it.
@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public class AlarmManager {
  /// The app's alarm manager. (`nonisolated(unsafe)`: a Swift 6 module cannot declare a shared
  /// instance of a class that is not `Sendable` otherwise; Apple's is built in Swift 5 mode.)
  nonisolated(unsafe) public static let shared = AlarmManager()

  private init() {}

  /// Schedules an alarm with this identifier; fails if authorization was denied, or with
  /// `AlarmError.maximumLimitReached`.
  public func schedule<Metadata>(
    id: Alarm.ID, configuration: AlarmManager.AlarmConfiguration<Metadata>
  ) async throws -> Alarm where Metadata: AlarmMetadata {
    fatalError("platform stub: AlarmManager.schedule(id:configuration:)")
  }

  /// Moves an alerting alarm back to its countdown (a snooze or repeat).
  public func countdown(id: Alarm.ID) throws { fatalError("platform stub: AlarmManager.countdown(id:)") }

  /// Cancels an alarm, repeating or not.
  public func cancel(id: Alarm.ID) throws { fatalError("platform stub: AlarmManager.cancel(id:)") }

  /// Stops an alarm: a one-shot one is removed, a repeating one scheduled again.
  public func stop(id: Alarm.ID) throws { fatalError("platform stub: AlarmManager.stop(id:)") }

  /// Pauses an alarm in its countdown.
  public func pause(id: Alarm.ID) throws { fatalError("platform stub: AlarmManager.pause(id:)") }

  /// Resumes a paused alarm.
  public func resume(id: Alarm.ID) throws { fatalError("platform stub: AlarmManager.resume(id:)") }

  /// The app's alarms, fetched from the system.
  public var alarms: [Alarm] {
    get throws { fatalError("platform stub: AlarmManager.alarms") }
  }

  /// The app's alarms, each time they change. (Apple's sequence type is `AlarmManager.AlarmUpdates`,
  /// behind this opaque type: do not name it.)
  public var alarmUpdates: some AsyncSequence<Array<Alarm>, Never> {
    AsyncStream<[Alarm]> { $0.finish() }
  }

  /// Whether the app may schedule alarms.
  public var authorizationState: AlarmManager.AuthorizationState {
    fatalError("platform stub: AlarmManager.authorizationState")
  }

  /// The authorization state, each time it changes.
  public var authorizationUpdates: some AsyncSequence<AlarmManager.AuthorizationState, Never> {
    AsyncStream<AlarmManager.AuthorizationState> { $0.finish() }
  }

  /// Asks the person for permission, if not asked before.
  public func requestAuthorization() async throws -> AlarmManager.AuthorizationState {
    fatalError("platform stub: AlarmManager.requestAuthorization()")
  }
}
