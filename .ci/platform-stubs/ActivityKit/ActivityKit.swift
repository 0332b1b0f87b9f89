// ActivityKit (iOS 16.1) for `.ci/check-platforms`: the Live Activity API an adapter calls, declared
// as Apple documents it. A type-checking stand-in: nothing here runs (every body traps).
//
// Where Apple's documentation does not show a conformance, the stricter reading is declared, so
// that code compiling here also compiles against the SDK: `Activity` is not `Sendable` (keep it
// where it was made, and read what you need from it before handing it to `update` or `end`),
// `ActivityUIDismissalPolicy` neither. ActivityKit's `AlertConfiguration` takes a
// `LocalizedStringResource`, re-exported here from the Foundation additions stub. It does not
// re-export Foundation: import it as Apple's samples do. The enums here are not resilient as the
// SDK's are: a `switch` over one needs `@unknown default` on the SDK, which this stub cannot ask for.
@_exported public import FoundationExtras
