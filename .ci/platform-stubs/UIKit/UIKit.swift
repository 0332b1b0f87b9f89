// UIKit (iOS, iPadOS, tvOS, visionOS, Mac Catalyst) for `.ci/check-platforms`. UIKit re-exports
// Foundation.
@_exported import Foundation
