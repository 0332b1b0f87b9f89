// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter
// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/shared
// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadtimelines(ofkind:)
// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadalltimelines()
// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/getcurrentconfigurations(_:)
// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/currentconfigurations()

/// WidgetKit's `WidgetCenter`: the app's configured widgets, and the reloading of their timelines.
/// Apple prints `class WidgetCenter` with no conformance and no isolation: not `Sendable` here, not
/// `@MainActor`, so reach it through `shared` where it is used rather than store or send it.
@available(iOS 14.0, macOS 11.0, watchOS 9.0, visionOS 26.0, *)
@available(tvOS, unavailable)
public class WidgetCenter {
  /// The shared widget center. (`nonisolated(unsafe)`: a Swift 6 module cannot declare a shared
  /// instance of a class that is not `Sendable` otherwise.)
  nonisolated(unsafe) public static let shared = WidgetCenter()

  private init() {}

  /// Reloads the timelines of every widget of this kind.
  public func reloadTimelines(ofKind kind: String) {
    fatalError("platform stub: WidgetCenter.reloadTimelines(ofKind:)")
  }

  /// Reloads the timelines of every configured widget of the app.
  public func reloadAllTimelines() { fatalError("platform stub: WidgetCenter.reloadAllTimelines()") }

  /// The widgets the person configured; the completion may run on any thread.
  @preconcurrency
  public func getCurrentConfigurations(_ completion: @escaping @Sendable (Result<[WidgetInfo], any Error>) -> Void) {
    fatalError("platform stub: WidgetCenter.getCurrentConfigurations(_:)")
  }

  /// The widgets the person configured (iOS 18, macOS 15, watchOS 11, visionOS 26).
  @available(iOS 18.0, macOS 15.0, watchOS 11.0, visionOS 26.0, *)
  public func currentConfigurations() async throws -> [WidgetInfo] {
    fatalError("platform stub: WidgetCenter.currentConfigurations()")
  }
}
