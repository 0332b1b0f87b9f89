// Apple: https://developer.apple.com/documentation/swiftui/color

/// SwiftUI's `Color`, as AlarmKit's tint and button colors, with the system colors the package's
/// AlarmKit code and samples use. Not `Codable`, as SwiftUI's `Color` is not; SwiftUI's is also a
/// `View`, which no code here needs (a `View` conformance would make it main-actor isolated in
/// this stand-in).
public struct Color: Hashable, Sendable {
  public static let accentColor = Color()
  public static let orange = Color()
  public static let white = Color()

  private init() {}
}
