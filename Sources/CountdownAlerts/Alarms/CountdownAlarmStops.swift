public import Foundation

/// Where the alarms the person stopped while no ``CountdownAlarms`` was there to hear it are
/// kept for the next launch (keys of `UserDefaults`), so that a countdown whose alarm was stopped
/// is cancelled rather than given its alarm again.
///
/// The app's stop intent (``CountdownAlarmOptions/stopIntent``) records the stop in its
/// `perform()`, which AlarmKit runs in the app's process, launched in the background if need be:
///
/// <!-- sample: not compiled: AppIntents' `@Parameter`, `perform()` and `IntentResult`, which the platform stubs do not declare -->
/// ```swift
/// struct StopTimerIntent: LiveActivityIntent {
///   static let title: LocalizedStringResource = "Stop"
///   @Parameter(title: "Alarm") var alarmID: String
///   init() {}
///   init(alarmID: UUID) { self.alarmID = alarmID.uuidString }
///   func perform() async throws -> some IntentResult {
///     if let id = UUID(uuidString: alarmID) { CountdownAlarmStops().record(alarmID: id) }
///     return .result()
///   }
/// }
/// ```
///
/// A ``CountdownAlarms`` given the same stops, made after the countdowns are restored, cancels
/// each restored countdown whose alarm has a stop recorded, before anything is scheduled, and
/// forgets every stop of its namespace (those of another namespace are left for it). A stop
/// recorded while the alarms run is heard from AlarmKit's update of the alarms as well: the
/// countdown is cancelled when that update reaches the app, which AlarmKit does not promise to be
/// at once (`alarmUpdates` emits when the set of alarms changes; an app the system suspended hears
/// it when it runs again, and ``CountdownAlertsTesting/FakeAlarmCenter`` delivers it at its next
/// call or read). Until then the stop stays recorded, so a launch that comes first cancels the
/// countdown. A new alarm scheduled for the same countdown forgets it, so that it never cancels a
/// countdown started after it: a start under the same id makes its alarm anew, even for the same
/// end, and a stop heard from AlarmKit's update after that start was of the alarm it replaced, and
/// cancels nothing.
public struct CountdownAlarmStops: Sendable {
  /// The prefix of the defaults' keys, followed by the alarm's UUID.
  static let keyPrefix = "CountdownAlarms.stopped."

  private let suiteName: String?

  /// The stops kept in the standard `UserDefaults`, or in those of the suite `suiteName` (an app
  /// group's, if the stop intent may run in another process of the app).
  public init(suiteName: String? = nil) {
    self.suiteName = suiteName
  }

  /// Records that the person stopped the alarm `alarmID` (``CountdownAlarms/alarmID(for:)``).
  public func record(alarmID: UUID) {
    defaults?.set(Date().timeIntervalSince1970, forKey: Self.key(for: alarmID))
  }

  /// Whether a stop of `alarmID` is recorded and not forgotten yet.
  public func isRecorded(alarmID: UUID) -> Bool {
    defaults?.object(forKey: Self.key(for: alarmID)) != nil
  }

  /// Forgets the stop of `alarmID`, if one is recorded: a new alarm replaces the stopped one.
  func forget(alarmID: UUID) {
    let key = Self.key(for: alarmID)
    guard let defaults, defaults.object(forKey: key) != nil else { return }
    defaults.removeObject(forKey: key)
  }

  /// The alarms with a stop recorded that `isOwn` accepts; their records are removed.
  func take(where isOwn: (UUID) -> Bool) -> Set<UUID> {
    guard let defaults else { return [] }
    var taken: Set<UUID> = []
    for key in defaults.dictionaryRepresentation().keys where key.hasPrefix(Self.keyPrefix) {
      guard let id = UUID(uuidString: String(key.dropFirst(Self.keyPrefix.count))), isOwn(id) else { continue }
      taken.insert(id)
      defaults.removeObject(forKey: key)
    }
    return taken
  }

  /// The key of the alarm `alarmID`'s stop.
  private static func key(for alarmID: UUID) -> String {
    keyPrefix + alarmID.uuidString
  }

  /// The defaults, made on each use: `UserDefaults` is thread-safe, but a value of it cannot be
  /// held by a `Sendable` type.
  private var defaults: UserDefaults? {
    suiteName.map(UserDefaults.init(suiteName:)) ?? .standard
  }
}
