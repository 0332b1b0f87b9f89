#if canImport(AlarmKit)
  import ActivityKit  // AlertConfiguration.AlertSound: AlarmKit does not re-export ActivityKit
  public import AlarmKit
  import AppIntents
  import CountdownCore
  public import Foundation

  /// The system's alarms, `AlarmManager.shared` (AlarmKit, iOS 26), as ``CountdownAlarms`` uses
  /// them. The app says what each alarm shows (its `AlarmAttributes`: title, buttons, tint, the
  /// app's metadata), from the countdown's id.
  ///
  /// ```swift
  /// struct TimerMetadata: AlarmMetadata { var countdownID: String }
  ///
  /// let center = AlarmKitCenter<TimerMetadata> { id in
  ///   var alert = AlarmPresentation.Alert(
  ///     title: "\(id) is done", stopButton: AlarmButton(text: "Stop", textColor: .white, systemImageName: "stop"))
  ///   if #available(iOS 26.1, *) { alert = AlarmPresentation.Alert(title: "\(id) is done") }  // the system's stop button
  ///   return AlarmAttributes(
  ///     presentation: AlarmPresentation(
  ///       alert: alert,
  ///       countdown: AlarmPresentation.Countdown(title: "\(id)"),
  ///       paused: AlarmPresentation.Paused(
  ///         title: "Paused", resumeButton: AlarmButton(text: "Resume", textColor: .orange, systemImageName: "play"))),
  ///     metadata: TimerMetadata(countdownID: id), tintColor: .orange)
  /// }
  /// let alarms = try CountdownAlarms(String.self, center: center)
  /// ```
  ///
  /// Each alarm is a timer (`AlarmConfiguration.timer(duration:attributes:stopIntent:secondaryIntent:sound:)`,
  /// or, with a snooze duration, `AlarmConfiguration(countdownDuration:…)` with its `postAlert`,
  /// which every request of ``CountdownAlarms`` has: the app's, or the countdown's length):
  /// it counts down from the moment it is scheduled, so that it can be paused and resumed as the
  /// countdown is, and its end is the countdown's, read from the same deadline on the same clock
  /// when AlarmKit's call is made. AlarmKit's calls are made one after the other on tasks of their
  /// own (its `schedule` is `async`), in the order ``CountdownAlarms`` makes them; what the person
  /// does to the alarms is read from `AlarmManager.shared.alarmUpdates`, the authorization from
  /// `authorizationState` and `authorizationUpdates` (the latest heard wins: `authorizationState`
  /// read `.notDetermined` after a grant in early iOS 26 releases). The request's
  /// ``CountdownAlarmOptions`` give the alarm the app's `LiveActivityIntent`s, sound and snooze.
  /// `maximumLimitReached` is reported as ``CountdownAlertError/alarmLimitReached``, a failure while
  /// alarms are denied or not determined as ``CountdownAlertError/notAuthorized``, an intent that
  /// is not a `LiveActivityIntent` as ``CountdownAlertError/invalidAlarmOptions`` (the alarm is
  /// scheduled without it). The app asks for authorization when it chooses, with
  /// ``CountdownAlarms/requestAuthorization()``, and names why in its Info.plist's
  /// `NSAlarmKitUsageDescription`; AlarmKit shows the countdown in a Live Activity that the app's
  /// widget extension draws (an `ActivityConfiguration(for: AlarmAttributes<Metadata>.self)`).
  @available(iOS 26.0, *)
  @available(macCatalyst, unavailable)
  @available(macOS, unavailable)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  @available(visionOS, unavailable)
  public struct AlarmKitCenter<Metadata: AlarmMetadata>: CountdownAlarmCenter {
    private let attributes: @Sendable (_ countdownID: String) -> AlarmAttributes<Metadata>
    private let tasks = SerialTasks()
    /// The authorization last heard from `authorizationUpdates` or `requestAuthorization()`, if any.
    private let heardAuthorization = LockedState<CountdownAlarmAuthorization?>(nil)

    /// The system's alarms, showing `attributes` for the countdown of each id (described).
    public init(attributes: @escaping @Sendable (_ countdownID: String) -> AlarmAttributes<Metadata>) {
      self.attributes = attributes
    }

    public func schedule(_ request: CountdownAlarmRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {
      let attributes = attributes(request.countdownID)
      tasks.run {
        let options = request.options
        let stopIntent = options.stopIntent.flatMap { $0 as? any LiveActivityIntent }
        let secondaryIntent = options.secondaryIntent.flatMap { $0 as? any LiveActivityIntent }
        let sound = options.soundName.map { AlertConfiguration.AlertSound.named($0) } ?? .default
        // Read now, after the calls before it: the time left to the deadline.
        let duration = request.duration
        let configuration: AlarmManager.AlarmConfiguration<Metadata>
        if let postAlert = options.postAlert {
          configuration = AlarmManager.AlarmConfiguration(
            countdownDuration: Alarm.CountdownDuration(preAlert: duration, postAlert: postAlert),
            attributes: attributes,
            stopIntent: stopIntent, secondaryIntent: secondaryIntent, sound: sound)
        } else {
          configuration = .timer(
            duration: duration, attributes: attributes, stopIntent: stopIntent, secondaryIntent: secondaryIntent,
            sound: sound)
        }
        do {
          _ = try await AlarmManager.shared.schedule(id: request.id, configuration: configuration)
          let dropped =
            (options.stopIntent != nil && stopIntent == nil)
            || (options.secondaryIntent != nil && secondaryIntent == nil)
          completion(dropped ? CountdownAlertError.invalidAlarmOptions : nil)
        } catch {
          completion(typed(error))
        }
      }
    }

    public func pause(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
      run(completion) { try AlarmManager.shared.pause(id: id) }
    }

    public func resume(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
      run(completion) { try AlarmManager.shared.resume(id: id) }
    }

    public func cancel(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
      run(completion) { try AlarmManager.shared.cancel(id: id) }
    }

    public func alarms(_ completion: @escaping @Sendable (Result<[CountdownAlarmSnapshot], any Error>) -> Void) {
      tasks.run {
        do {
          let alarms = try AlarmManager.shared.alarms
          completion(.success(alarms.map { CountdownAlarmSnapshot(id: $0.id, state: Self.state($0.state)) }))
        } catch {
          completion(.failure(error))
        }
      }
    }

    /// Iterates `AlarmManager.shared.alarmUpdates` on a task of its own, which the observation
    /// cancels (a ``CountdownAlarms`` cancels it when it goes); each element is mapped to
    /// snapshots at once (`Alarm` is not `Sendable`).
    public func observeAlarms(_ onChange: @escaping @Sendable ([CountdownAlarmSnapshot]) -> Void)
      -> CountdownAlarmObservation
    {
      let task = Task {
        for await alarms in AlarmManager.shared.alarmUpdates {
          onChange(alarms.map { CountdownAlarmSnapshot(id: $0.id, state: Self.state($0.state)) })
        }
      }
      return CountdownAlarmObservation { task.cancel() }
    }

    /// The latest authorization heard from `authorizationUpdates` or `requestAuthorization()`,
    /// else `authorizationState`.
    public var authorization: CountdownAlarmAuthorization {
      heardAuthorization.withLock { $0 } ?? Self.authorization(AlarmManager.shared.authorizationState)
    }

    public func requestAuthorization() async throws -> CountdownAlarmAuthorization {
      let authorization = Self.authorization(try await AlarmManager.shared.requestAuthorization())
      heardAuthorization.withLock { $0 = authorization }
      return authorization
    }

    /// Iterates `AlarmManager.shared.authorizationUpdates` on a task of its own, which the
    /// observation cancels.
    public func observeAuthorization(_ onChange: @escaping @Sendable (CountdownAlarmAuthorization) -> Void)
      -> CountdownAlarmObservation
    {
      let heard = heardAuthorization
      let task = Task {
        for await state in AlarmManager.shared.authorizationUpdates {
          let authorization = Self.authorization(state)
          heard.withLock { $0 = authorization }
          onChange(authorization)
        }
      }
      return CountdownAlarmObservation { task.cancel() }
    }

    /// Runs a synchronous call of AlarmManager's after the calls made before it.
    private func run(
      _ completion: @escaping @Sendable ((any Error)?) -> Void, _ call: @escaping @Sendable () throws -> Void
    ) {
      tasks.run {
        do {
          try call()
          completion(nil)
        } catch {
          completion(typed(error))
        }
      }
    }

    /// AlarmKit's errors that ``CountdownAlarms`` tells apart, as ``CountdownAlertError``s.
    func typed(_ error: any Error) -> any Error {
      if let error = error as? AlarmManager.AlarmError, error == .maximumLimitReached {
        return CountdownAlertError.alarmLimitReached
      }
      if !authorization.allowsAlarms { return CountdownAlertError.notAuthorized }
      return error
    }

    /// The system's authorization as ours (the SDK's enum may gain cases: read as authorized, as
    /// the notifications' are).
    static func authorization(_ state: AlarmManager.AuthorizationState) -> CountdownAlarmAuthorization {
      switch state {
      case .notDetermined: .notDetermined
      case .denied: .denied
      case .authorized: .authorized
      @unknown default: .authorized
      }
    }

    /// The system's state as ours (the SDK's enum may gain cases: read as scheduled).
    static func state(_ state: Alarm.State) -> CountdownAlarmState {
      switch state {
      case .scheduled: .scheduled
      case .countdown: .countdown
      case .paused: .paused
      case .alerting: .alerting
      @unknown default: .scheduled
      }
    }
  }
#endif
