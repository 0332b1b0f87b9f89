// UIKit on watchOS for `.ci/check-platforms`: it exists (colors, images, fonts) but has no
// `UIApplication` and no views, so none are declared here. UIKit re-exports Foundation.
// Apple: https://developer.apple.com/documentation/uikit (UIApplication, UIView: no watchOS)
@_exported import Foundation
