// The platform stubs' self-test (see README.md beside the stubs): AlarmKit called as an adapter
// calls it. Compiled by `.ci/check-platforms` where AlarmKit exists with its types (iOS; Mac
// Catalyst's SDK is taken to import it without them); never run.
#if canImport(AlarmKit) && !targetEnvironment(macCatalyst)
  import ActivityKit  // AlertConfiguration.AlertSound: AlarmKit does not re-export ActivityKit
  import AlarmKit
  import Foundation
  import SwiftUI  // Color

  /// What an app's alarm UI knows of the countdown it stands for.
  @available(iOS 26.0, *)
  struct CountdownAlarmMetadata: AlarmMetadata {
    var countdownID: String
  }

  /// A reconciler's calls on AlarmKit. Only `schedule` and `requestAuthorization` are `async`;
  /// moving an alarm's end is cancel + schedule (AlarmKit has no update).
  @available(iOS 26.0, *)
  enum AlarmsUsage {
    /// A timer of `seconds` from now, which the person can pause.
    static func scheduleTimer(id: Alarm.ID, seconds: TimeInterval, title: LocalizedStringResource) async throws -> Alarm.ID {
      let alert: AlarmPresentation.Alert
      if #available(iOS 26.1, *) {
        alert = AlarmPresentation.Alert(title: title)
      } else {
        alert = AlarmPresentation.Alert(
          title: title, stopButton: AlarmButton(text: "Stop", textColor: .white, systemImageName: "stop.circle"))
      }
      let presentation = AlarmPresentation(
        alert: alert,
        countdown: AlarmPresentation.Countdown(
          title: title, pauseButton: AlarmButton(text: "Pause", textColor: .orange, systemImageName: "pause.circle")),
        paused: AlarmPresentation.Paused(
          title: "Paused", resumeButton: AlarmButton(text: "Resume", textColor: .orange, systemImageName: "play.circle")))
      let attributes = AlarmAttributes(
        presentation: presentation, metadata: CountdownAlarmMetadata(countdownID: "tea"), tintColor: .orange)
      let configuration = AlarmManager.AlarmConfiguration.timer(
        duration: seconds, attributes: attributes, stopIntent: nil, secondaryIntent: nil, sound: .default)
      let alarm = try await AlarmManager.shared.schedule(id: id, configuration: configuration)
      return alarm.id
    }

    /// An alarm at an instant, counting down for its last `countdown` seconds, with a sound of the
    /// app; with the system's stop button (iOS 26.1).
    @available(iOS 26.1, *)
    static func schedule(id: Alarm.ID, at end: Date, countdown: TimeInterval) async throws -> Bool {
      let attributes = AlarmAttributes<CountdownAlarmMetadata>(
        presentation: AlarmPresentation(alert: AlarmPresentation.Alert(title: "Time is up")), tintColor: .accentColor)
      let configuration = AlarmManager.AlarmConfiguration(
        countdownDuration: Alarm.CountdownDuration(preAlert: countdown, postAlert: nil),
        schedule: .fixed(end), attributes: attributes, sound: .named("chime.caf"))
      do {
        _ = try await AlarmManager.shared.schedule(id: id, configuration: configuration)
        return true
      } catch AlarmManager.AlarmError.maximumLimitReached {
        return false
      }
    }

    /// Pause, resume and cancel follow the countdown's own.
    static func follow(id: Alarm.ID, paused: Bool?) throws {
      switch paused {
      case true?: try AlarmManager.shared.pause(id: id)
      case false?: try AlarmManager.shared.resume(id: id)
      case nil: try AlarmManager.shared.cancel(id: id)
      }
    }

    /// The alarms the system still holds, at launch: each one's identifier and whether it was paused.
    static func heldAlarms() throws -> [Alarm.ID: Bool] {
      let alarms = try AlarmManager.shared.alarms
      return Dictionary(uniqueKeysWithValues: alarms.map { ($0.id, $0.state == .paused) })
    }

    /// The alarms that are alerting, each time the set changes; what is read is mapped to
    /// `Sendable` values at once (`Alarm` is not `Sendable`).
    static func watchAlerting(_ report: @escaping @Sendable ([Alarm.ID]) -> Void) async {
      for await alarms in AlarmManager.shared.alarmUpdates {
        report(alarms.filter { $0.state == .alerting }.map(\.id))
      }
    }

    /// Authorization, asked if not determined. The SDK's enum is resilient: `@unknown default`.
    static func authorize() async throws -> Bool {
      switch AlarmManager.shared.authorizationState {
      case .authorized: return true
      case .denied: return false
      case .notDetermined: return try await AlarmManager.shared.requestAuthorization() == .authorized
      @unknown default: return false
      }
    }

    /// Authorization changes, as booleans.
    static func watchAuthorization(_ report: @escaping @Sendable (Bool) -> Void) async {
      for await state in AlarmManager.shared.authorizationUpdates {
        report(state == .authorized)
      }
    }

    /// The end an alarm's presentation state shows: the same dates a countdown hands out.
    static func fireDate(of state: AlarmPresentationState) -> Date? {
      switch state.mode {
      case .countdown(let countdown): countdown.fireDate
      case .paused, .alert: nil
      }
    }

    /// The instant an alarm alerts at, if scheduled at one.
    static func instant(of alarm: Alarm) -> Date? {
      guard case .fixed(let date)? = alarm.schedule else { return nil }
      return alarm.countdownDuration?.preAlert.map { _ in date } ?? date
    }
  }
#endif
