#if canImport(WidgetKit)
  import WidgetKit

  /// WidgetKit's `WidgetCenter.shared`, as ``CountdownWidgets`` uses it.
  ///
  /// ```swift
  /// let widgets = CountdownWidgets(String.self, center: WidgetKitCenter(), kind: "Timers")
  /// ```
  ///
  /// WidgetKit is on iOS, iPadOS, Mac Catalyst, macOS, watchOS and visionOS 26; not on tvOS.
  @available(tvOS, unavailable)
  @available(visionOS 26.0, *)
  public struct WidgetKitCenter: CountdownWidgetCenter {
    /// WidgetKit's center.
    public init() {}

    public func reloadTimelines(ofKind kind: String) {
      // Fetched for each call: `WidgetCenter` is not `Sendable`.
      WidgetCenter.shared.reloadTimelines(ofKind: kind)
    }
  }
#endif
