// Apple's Foundation (iOS 16, macOS 13) has `LocalizedStringResource`; swift-corelibs-foundation
// does not. The stub modules whose API takes one (AppIntents, ActivityKit, AlarmKit) re-export this
// module, so that code importing them sees the type as it would through Apple's Foundation.
// A type-checking stand-in for `.ci/check-platforms`: nothing here runs.

/// Foundation's `LocalizedStringResource`: a key to look up in a table when the text is shown.
/// Built from a string literal or interpolation, as Apple's samples do (`AlarmButton(text: "Repeat", …)`).
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Codable, Hashable, Sendable {
  /// The key (and default value) to look up.
  public var key: String

  public init(stringLiteral value: String) { key = value }

  public init(stringInterpolation: DefaultStringInterpolation) {
    key = String(stringInterpolation: stringInterpolation)
  }
}
