// Apple: https://developer.apple.com/documentation/uikit/uilabel

/// UIKit's `UILabel`.
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor
open class UILabel: UIView {
  /// The text shown.
  open var text: String?
}
