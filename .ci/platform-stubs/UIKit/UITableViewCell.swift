/// UIKit's `UITableViewCell`.
@MainActor
open class UITableViewCell: UIView {}
