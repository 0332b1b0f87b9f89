/// SwiftUI's `Color`, as AlarmKit's tint and button colors, with the system colors Apple's AlarmKit
/// samples use. Not `Codable`, as SwiftUI's `Color` is not; SwiftUI's is also a `View`, which no
/// code here needs (a `View` conformance would make it main-actor isolated in this stand-in).
public struct Color: Hashable, Sendable {
  public static let accentColor = Color()
  public static let black = Color()
  public static let blue = Color()
  public static let green = Color()
  public static let orange = Color()
  public static let red = Color()
  public static let white = Color()

  private init() {}
}
