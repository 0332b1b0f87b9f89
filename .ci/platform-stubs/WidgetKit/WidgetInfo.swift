// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo
// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo/kind
// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo/family
// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily

/// WidgetKit's `WidgetInfo`: one widget the person configured. Its `configuration` (a SiriKit
/// `INIntent?`) is not declared here: Intents is not stubbed. Not `Sendable` here (Apple prints
/// `@preconcurrency struct WidgetInfo` without its conformances): read `kind` and `family` into
/// values of your own inside the completion.
@available(iOS 14.0, macOS 11.0, watchOS 9.0, visionOS 26.0, *)
@available(tvOS, unavailable)
public struct WidgetInfo {
  /// The kind the widget's configuration was made with.
  public let kind: String
  /// The widget's size and shape.
  public let family: WidgetFamily
}

/// WidgetKit's `WidgetFamily`: a widget's size and shape, each case where Apple lists it. Not
/// `Sendable` here (Apple prints `@preconcurrency enum WidgetFamily` without its conformances), and
/// not resilient as Apple's is: a `switch` needs `@unknown default` on the SDK.
@available(iOS 14.0, macOS 11.0, watchOS 9.0, visionOS 26.0, *)
@available(tvOS, unavailable)
public enum WidgetFamily: Hashable {
  /// Home Screen and desktop sizes: not on watchOS. (`systemSmall` and `systemMedium` as Apple lists
  /// `systemLarge`.)
  @available(watchOS, unavailable)
  case systemSmall
  @available(watchOS, unavailable)
  case systemMedium
  @available(watchOS, unavailable)
  case systemLarge
  /// iPadOS and macOS 14 (visionOS 26).
  @available(iOS 15.0, macOS 14.0, visionOS 26.0, *)
  @available(watchOS, unavailable)
  case systemExtraLarge
  /// iOS, iPadOS and macOS 27; visionOS 26.
  @available(iOS 27.0, macOS 27.0, visionOS 26.0, *)
  @available(watchOS, unavailable)
  case systemExtraLargePortrait
  /// Lock Screen and watch complications: not on macOS; visionOS 27.
  @available(iOS 16.0, watchOS 9.0, visionOS 27.0, *)
  @available(macOS, unavailable)
  case accessoryCircular
  @available(iOS 16.0, watchOS 9.0, visionOS 27.0, *)
  @available(macOS, unavailable)
  case accessoryRectangular
  @available(iOS 16.0, watchOS 9.0, visionOS 27.0, *)
  @available(macOS, unavailable)
  case accessoryInline
  /// A watch face's corner: watchOS only.
  @available(watchOS 9.0, *)
  @available(iOS, unavailable)
  @available(macCatalyst, unavailable)
  @available(macOS, unavailable)
  @available(visionOS, unavailable)
  case accessoryCorner
}
