// Apple: https://developer.apple.com/documentation/uikit/uitableviewcell

/// UIKit's `UITableViewCell`.
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor
open class UITableViewCell: UIView {}
