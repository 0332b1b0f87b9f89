// Apple: https://developer.apple.com/documentation/uikit/uiview

/// UIKit's `UIView`: its designated initializers.
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor
open class UIView {
  /// A view with the given frame.
  public init(frame: CGRect) {}

  /// A view decoded from an archive.
  public required init?(coder: NSCoder) {}

  /// A view with a zero frame (`NSObject`'s `init()` in UIKit).
  public convenience init() {
    self.init(frame: .zero)
  }
}
