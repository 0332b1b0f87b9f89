// Apple: https://developer.apple.com/documentation/alarmkit/alarmpresentation
// Apple: https://developer.apple.com/documentation/alarmkit/alarmpresentation/alert-swift.struct
// Apple: https://developer.apple.com/documentation/alarmkit/alarmpresentation/alert-swift.struct/init(title:secondarybutton:secondarybuttonbehavior:)
// Apple: https://developer.apple.com/documentation/alarmkit/alarmpresentation/alert-swift.struct/init(title:stopbutton:secondarybutton:secondarybuttonbehavior:)

/// AlarmKit's `AlarmPresentation`: the texts and buttons of an alarm's alert, countdown and pause.
@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
// The presentation and its parts are `Sendable` on the SDK though `LocalizedStringResource` is not:
// `@unchecked` here (AlarmKit is not built in Swift 6 mode; a Swift 6 stub cannot declare it otherwise).
public struct AlarmPresentation: Codable, Sendable {
  public var alert: AlarmPresentation.Alert
  public var countdown: AlarmPresentation.Countdown?
  public var paused: AlarmPresentation.Paused?

  public init(
    alert: AlarmPresentation.Alert, countdown: AlarmPresentation.Countdown? = nil, paused: AlarmPresentation.Paused? = nil
  ) {
    self.alert = alert
    self.countdown = countdown
    self.paused = paused
  }

  /// AlarmKit's `AlarmPresentation.Alert`: what the alerting alarm shows.
  public struct Alert: Codable, @unchecked Sendable {
    public var title: LocalizedStringResource
    public var secondaryButton: AlarmButton?
    public var secondaryButtonBehavior: AlarmPresentation.Alert.SecondaryButtonBehavior?

    @available(*, deprecated, message: "This property is not used anymore and will be removed.")
    public var stopButton: AlarmButton {
      get { fatalError("platform stub: AlarmPresentation.Alert.stopButton") }
      set { fatalError("platform stub: AlarmPresentation.Alert.stopButton") }
    }

    /// An alert; the system provides the stop button (iOS 26.1).
    @available(iOS 26.1, *)
    public init(
      title: LocalizedStringResource,
      secondaryButton: AlarmButton? = nil,
      secondaryButtonBehavior: AlarmPresentation.Alert.SecondaryButtonBehavior? = nil
    ) {
      self.title = title
      self.secondaryButton = secondaryButton
      self.secondaryButtonBehavior = secondaryButtonBehavior
    }

    /// An alert with the app's stop button (iOS 26.0 only; call it in the `else` of an
    /// `if #available(iOS 26.1, *)`).
    @available(iOS, introduced: 26.0, deprecated: 26.1, message: "stopButton is deprecated and will no longer be used")
    public init(
      title: LocalizedStringResource,
      stopButton: AlarmButton,
      secondaryButton: AlarmButton? = nil,
      secondaryButtonBehavior: AlarmPresentation.Alert.SecondaryButtonBehavior? = nil
    ) {
      self.title = title
      self.secondaryButton = secondaryButton
      self.secondaryButtonBehavior = secondaryButtonBehavior
    }

    /// AlarmKit's `AlarmPresentation.Alert.SecondaryButtonBehavior`.
    public enum SecondaryButtonBehavior: Codable, Sendable {
      /// The button starts the countdown again (a repeat or snooze).
      case countdown
      /// The button runs the secondary intent.
      case custom
    }
  }

  /// AlarmKit's `AlarmPresentation.Countdown`: what the counting-down alarm shows.
  public struct Countdown: Codable, @unchecked Sendable {
    public var title: LocalizedStringResource
    public var pauseButton: AlarmButton?

    public init(title: LocalizedStringResource, pauseButton: AlarmButton? = nil) {
      self.title = title
      self.pauseButton = pauseButton
    }
  }

  /// AlarmKit's `AlarmPresentation.Paused`: what the paused alarm shows.
  public struct Paused: Codable, @unchecked Sendable {
    public var title: LocalizedStringResource
    public var resumeButton: AlarmButton

    public init(title: LocalizedStringResource, resumeButton: AlarmButton) {
      self.title = title
      self.resumeButton = resumeButton
    }
  }
}
