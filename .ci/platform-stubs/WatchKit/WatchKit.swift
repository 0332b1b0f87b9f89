// WatchKit (watchOS) for `.ci/check-platforms`. WatchKit re-exports Foundation. `WKApplication`
// (watchOS 7) is watchOS only; the iOS SDK's WatchKit is unavailable when building for iOS.
// Apple: https://developer.apple.com/documentation/watchkit
@_exported import Foundation
