// AppIntents for `.ci/check-platforms`: only the intent protocols that AlarmKit's API names, as
// `(any LiveActivityIntent)?`. The app writes the intents (with `perform()`); the package only
// passes them on, so `perform()` and `IntentResult` are not stubbed. A type-checking stand-in:
// nothing here runs.
// Apple: https://developer.apple.com/documentation/appintents/appintent
// Apple: https://developer.apple.com/documentation/appintents/systemintent
// Apple: https://developer.apple.com/documentation/appintents/liveactivityintent
//
// `AppIntent` and `SystemIntent`: iOS 16, macOS 13, tvOS 16, watchOS 9, Mac Catalyst and visionOS
// (listed without versions of their own). `LiveActivityIntent`: iOS and iPadOS 17, Mac Catalyst and
// visionOS; not macOS, tvOS or watchOS.
@_exported public import FoundationExtras

/// AppIntents' `AppIntent` (iOS 16): an action the system can run; Sendable, built with `init()`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public protocol AppIntent: Sendable {
  /// The intent's name, as the system shows it.
  static var title: LocalizedStringResource { get }
  init()
}

/// AppIntents' `SystemIntent`: an intent of a kind the system knows.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public protocol SystemIntent: AppIntent {}

/// AppIntents' `LiveActivityIntent` (iOS 17): an intent that starts, pauses or otherwise changes a
/// Live Activity; AlarmKit runs one for an alarm's stop and secondary buttons.
@available(iOS 17.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public protocol LiveActivityIntent: SystemIntent {}
