/// UIKit's `UILabel`.
@MainActor
open class UILabel: UIView {
  /// The text shown.
  open var text: String?
}
