// AlarmKit (iOS 26, iPadOS 26) for `.ci/check-platforms`: the alarm and timer API an adapter calls,
// declared as Apple documents it, every symbol `@available(iOS 26.0, *)` and unavailable on Mac
// Catalyst, macOS, tvOS, watchOS and visionOS. A type-checking stand-in: nothing here runs (every
// body traps).
// Apple: https://developer.apple.com/documentation/alarmkit
//
// Mac Catalyst: Apple's pages list Mac Catalyst 26.0 (26.1 for `Alert.init(title:secondaryButton:
// secondaryButtonBehavior:)`), while readers of the SDK's interface report AlarmKit unavailable on
// Mac Catalyst; its `AlarmAttributes` is an ActivityKit `ActivityAttributes`, which is unavailable on
// Mac Catalyst. The stricter reading is declared: unavailable on Mac Catalyst. The module exists in
// the iOS 26 SDK only (no macOS, tvOS, watchOS or visionOS framework).
//
// Its API names types of other frameworks, which it does not re-export (import them as an app
// must): ActivityKit's `ActivityAttributes` and `AlertConfiguration.AlertSound`, SwiftUI's `Color`,
// AppIntents' `LiveActivityIntent`, Foundation's `LocalizedStringResource` (re-exported here from
// the Foundation additions stub, as Foundation itself would provide it).
//
// Where Apple's documentation does not show a conformance, the stricter reading is declared, so
// that code compiling here also compiles against the SDK: `AlarmManager`, `Alarm`, `Alarm.State`,
// `Alarm.CountdownDuration` and `AlarmManager.AuthorizationState` are not `Sendable`; map what you
// read to your own values at once. Only `schedule(id:configuration:)` and
// `requestAuthorization()` are `async`; `pause`, `resume`, `countdown`, `stop` and `cancel` are
// synchronous and throw. The enums here are not resilient as the SDK's are: a `switch` over one needs
// `@unknown default` on the SDK, which this stub cannot ask for.
@_exported public import FoundationExtras
