// AppKit (macOS) for `.ci/check-platforms`. AppKit re-exports Foundation.
@_exported import Foundation
