#if canImport(AlarmKit)
  public import AlarmKit
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
  /// Each alarm is a timer (`AlarmConfiguration.timer(duration:attributes:)`): it counts down from
  /// the moment it is scheduled, so that it can be paused and resumed as the countdown is, and its
  /// end is the countdown's, read from the same deadline on the same clock. AlarmKit's calls are
  /// made one after the other on tasks of their own (its `schedule` is `async`), in the order
  /// ``CountdownAlarms`` makes them; what the person does to the alarms is read from
  /// `AlarmManager.shared.alarmUpdates`. `maximumLimitReached` is reported as
  /// ``CountdownAlertError/alarmLimitReached``, a failure while alarms are denied as
  /// ``CountdownAlertError/notAuthorized``. Asking for authorization is the app's:
  /// `AlarmManager.shared.requestAuthorization()` (and `NSAlarmKitUsageDescription` in its
  /// Info.plist).
  @available(iOS 26.0, *)
  @available(macCatalyst, unavailable)
  @available(macOS, unavailable)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  @available(visionOS, unavailable)
  public struct AlarmKitCenter<Metadata: AlarmMetadata>: CountdownAlarmCenter {
    private let attributes: @Sendable (_ countdownID: String) -> AlarmAttributes<Metadata>
    private let tasks = SerialTasks()

    /// The system's alarms, showing `attributes` for the countdown of each id (described).
    public init(attributes: @escaping @Sendable (_ countdownID: String) -> AlarmAttributes<Metadata>) {
      self.attributes = attributes
    }

    public func schedule(_ request: CountdownAlarmRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {
      let attributes = attributes(request.countdownID)
      tasks.run {
        do {
          let configuration = AlarmManager.AlarmConfiguration<Metadata>.timer(
            duration: request.duration, attributes: attributes)
          _ = try await AlarmManager.shared.schedule(id: request.id, configuration: configuration)
          completion(nil)
        } catch {
          completion(Self.typed(error))
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

    /// Runs a synchronous call of AlarmManager's after the calls made before it.
    private func run(
      _ completion: @escaping @Sendable ((any Error)?) -> Void, _ call: @escaping @Sendable () throws -> Void
    ) {
      tasks.run {
        do {
          try call()
          completion(nil)
        } catch {
          completion(Self.typed(error))
        }
      }
    }

    /// AlarmKit's errors that ``CountdownAlarms`` tells apart, as ``CountdownAlertError``s.
    static func typed(_ error: any Error) -> any Error {
      if let error = error as? AlarmManager.AlarmError, error == .maximumLimitReached {
        return CountdownAlertError.alarmLimitReached
      }
      if AlarmManager.shared.authorizationState == .denied { return CountdownAlertError.notAuthorized }
      return error
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
