/// UIKit's `UIView`: its designated initializers.
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
