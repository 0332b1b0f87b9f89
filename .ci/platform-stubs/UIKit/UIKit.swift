// UIKit (iOS, iPadOS, tvOS, visionOS, Mac Catalyst) for `.ci/check-platforms`. UIKit re-exports
// Foundation. The views and `UIApplication` are not on macOS (no UIKit there) or watchOS (the
// UIKit-watchOS stub): marked unavailable there; `UIAccessibility` exists on watchOS too.
// Apple: https://developer.apple.com/documentation/uikit
@_exported import Foundation
