// ActivityKit (iOS 16.1, iPadOS 16.1) for `.ci/check-platforms`: the Live Activity API an adapter
// calls, declared as Apple documents it. A type-checking stand-in: nothing here runs (every body
// traps).
// Apple: https://developer.apple.com/documentation/activitykit
//
// Apple's symbol pages list iOS and iPadOS only, so every type here is unavailable on Mac Catalyst,
// macOS, tvOS, watchOS and visionOS. The module itself imports on Mac Catalyst (`canImport` is true
// there, its types are not available), so a `canImport(ActivityKit)` branch must also keep to iOS.
// Two initializers' pages (`ActivityContent.init(state:staleDate:relevanceScore:)`,
// `AlertConfiguration.init(title:body:sound:)`) add Mac Catalyst and macOS 27.3 where their types'
// pages do not: the stricter reading (unavailable there) is declared.
//
// Where Apple's documentation does not show a conformance, the stricter reading is declared, so
// that code compiling here also compiles against the SDK: `Activity` is not `Sendable` (keep it
// where it was made, and read what you need from it before handing it to `update` or `end`),
// `ActivityUIDismissalPolicy` neither. ActivityKit's `AlertConfiguration` takes a
// `LocalizedStringResource`, re-exported here from the Foundation additions stub. It does not
// re-export Foundation: import it as Apple's samples do. The enums here are not resilient as the
// SDK's are: a `switch` over one needs `@unknown default` on the SDK, which this stub cannot ask for.
@_exported public import FoundationExtras
