// WidgetKit for `.ci/check-platforms`: what the documentation's widget samples use (timelines) and
// what the package's widget mirror calls (`WidgetCenter`), with WidgetKit's names, shapes and
// per-platform availability. A type-checking stand-in: nothing here runs.
// Apple: https://developer.apple.com/documentation/widgetkit
//
// Apple's pages list iOS 14, iPadOS 14, Mac Catalyst (no version of its own: iOS's), macOS 11,
// watchOS 9 and visionOS 26.0 for every declaration here, and no tvOS: each is
// `@available(tvOS, unavailable)`, and visionOS 26.0 is above the package's visionOS 1.0, so an
// unguarded use on visionOS does not compile. Where Apple's pages show no conformance the stricter
// reading is declared: `WidgetCenter`, `WidgetInfo` and `WidgetFamily` are not `Sendable` (Apple
// prints `@preconcurrency` on the latter two without listing their conformances), nothing is
// `@MainActor`. `TimelineReloadPolicy` is `Equatable` only, as Apple lists it. It does not re-export
// Foundation: import it as an app does.
