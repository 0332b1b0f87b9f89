// WatchKit (watchOS) for `.ci/check-platforms`. WatchKit re-exports Foundation.
@_exported import Foundation
