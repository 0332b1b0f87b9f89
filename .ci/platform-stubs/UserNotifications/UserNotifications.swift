// UserNotifications (iOS 10, iPadOS 10, Mac Catalyst 13.1, macOS 10.14, tvOS 10, visionOS 1,
// watchOS 3) for `.ci/check-platforms`: the local-notification API an adapter calls, declared as the
// SDK imports it into Swift, with Apple's per-platform availability. A type-checking stand-in:
// nothing here runs (every body traps).
// Apple: https://developer.apple.com/documentation/usernotifications
//
// What a platform lacks, as Apple's symbol pages list it (each file names its pages): tvOS has the
// center, requests, triggers and the badge, but no alert text, sound or user info
// (`UNNotificationContent`'s and `UNMutableNotificationContent`'s `title`, `subtitle`, `body`,
// `sound`, `userInfo`, `threadIdentifier`, `categoryIdentifier`), no `UNNotificationSound`, and no
// delivered notifications (`getDeliveredNotifications`, `deliveredNotifications()`,
// `removeDeliveredNotifications`, `removeAllDeliveredNotifications`); watchOS has no
// `UNNotificationSound(named:)` nor `criticalSoundNamed(_:withAudioVolume:)`;
// `UNAuthorizationStatus.ephemeral` is iOS, Mac Catalyst and visionOS only.
//
// Where the SDK's Swift spelling is not documented, the stricter reading is declared, so that code
// compiling here also compiles against the SDK: the classes are not `Sendable` (the center either:
// re-fetch it with `current()` rather than store or send it), nothing is `@MainActor`, and the
// delegate's requirements are plain (not `@objc optional`, which Linux cannot declare) with empty
// default implementations. The enums here are not resilient as the SDK's are: a `switch` over one
// needs `@unknown default` on the SDK, which this stub does not ask for (nor warn about; a plain
// `default` after all cases warns here). UserNotifications re-exports Foundation.
@_exported public import Foundation
