// UIKit on watchOS for `.ci/check-platforms`: it exists (colors, images, fonts) but has no
// `UIApplication` and no views, so none are declared here. UIKit re-exports Foundation.
@_exported import Foundation
