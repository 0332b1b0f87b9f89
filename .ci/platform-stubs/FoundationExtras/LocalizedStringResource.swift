// Apple's Foundation (iOS 16, macOS 13) has `LocalizedStringResource`; swift-corelibs-foundation
// does not. The stub modules whose API takes one (AppIntents, ActivityKit, AlarmKit) re-export this
// module, so that code importing them sees the type as it would through Apple's Foundation.
// A type-checking stand-in for `.ci/check-platforms`: nothing here runs.
// Apple: https://developer.apple.com/documentation/foundation/localizedstringresource
// Apple: https://developer.apple.com/documentation/foundation/localizedstringresource/init(stringinterpolation:)
// Apple: https://developer.apple.com/documentation/swift/string/localizationvalue
// Apple: https://developer.apple.com/forums/thread/732362 (not `Sendable`, an Apple engineer's answer)
//
// Every Apple platform: `LocalizedStringResource` iOS 16, Mac Catalyst 16, macOS 13, tvOS 16,
// watchOS 9, visionOS 1 (`String.LocalizationValue` iOS 15, macOS 12, tvOS 15, watchOS 8), none
// above the package's deployment targets.
public import Foundation

/// Foundation's `LocalizedStringResource`: a key to look up in a table when the text is shown.
/// Built from a string literal or interpolation, as Apple's samples do (`AlarmButton(text: "Repeat", …)`).
///
/// Not `Sendable`: Apple's is not ("it contains a String.LocalizationValue which can contain
/// arbitrary arguments", forum thread 732362), so code must not send one across isolation domains.
/// Its interpolation is `String.LocalizationValue.StringInterpolation`, which takes strings, numbers,
/// formatted values and other localized strings, not any value as `String`'s does.
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Codable, Hashable {
  /// The key (and default value) to look up.
  public var key: String

  public init(stringLiteral value: String) { key = value }

  public init(stringInterpolation: String.LocalizationValue.StringInterpolation) {
    key = stringInterpolation.key
  }
}

extension String {
  /// Foundation's `String.LocalizationValue`: a localizable string with interpolated arguments.
  /// Not `Sendable`, as Apple's is not.
  public struct LocalizationValue: ExpressibleByStringInterpolation, Codable, Hashable {
    var key: String

    public init(_ value: String) { key = value }

    public init(stringLiteral value: String) { key = value }

    public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.key }

    /// The interpolations a localized string takes: strings, integers, floating-point numbers,
    /// values with a format style, and localized strings.
    public struct StringInterpolation: StringInterpolationProtocol {
      var key = ""

      public init(literalCapacity: Int, interpolationCount: Int) {}

      public mutating func appendLiteral(_ literal: String) { key += literal }

      public mutating func appendInterpolation(_ string: String) { key += "%@" }

      public mutating func appendInterpolation<Value: BinaryInteger>(_ value: Value) { key += "%lld" }

      public mutating func appendInterpolation<Value: BinaryFloatingPoint>(_ value: Value) { key += "%lf" }

      public mutating func appendInterpolation<Format: FormatStyle>(
        _ input: Format.FormatInput, format: Format
      ) where Format.FormatOutput == String { key += "%@" }

      public mutating func appendInterpolation(_ resource: LocalizedStringResource) { key += "%@" }

      public mutating func appendInterpolation(_ value: String.LocalizationValue) { key += "%@" }
    }
  }
}
