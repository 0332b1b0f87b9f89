// AppKit (macOS) for `.ci/check-platforms`. AppKit re-exports Foundation. Mac Catalyst imports an
// AppKit too (`canImport(AppKit)` is true there) whose `NSApplication` and `NSAccessibility` are
// not available: every declaration here is macOS only.
// Apple: https://developer.apple.com/documentation/appkit
@_exported import Foundation
