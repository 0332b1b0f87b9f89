public import SwiftUI

// Apple: https://developer.apple.com/documentation/alarmkit/alarmbutton

/// AlarmKit's `AlarmButton`: a button of the system's alarm UI. (There are no preset buttons.)
@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
// `@unchecked`: Apple declares `Sendable` though its `LocalizedStringResource` is not (AlarmKit is
// not built in Swift 6 mode); a Swift 6 stub cannot declare it otherwise.
public struct AlarmButton: Codable, @unchecked Sendable {
  public var text: LocalizedStringResource
  public var textColor: Color
  public var systemImageName: String

  public init(text: LocalizedStringResource, textColor: Color, systemImageName: String) {
    self.text = text
    self.textColor = textColor
    self.systemImageName = systemImageName
  }

  // `Color` is not `Codable`: Apple's type encodes it its own way.
  public init(from decoder: any Decoder) throws { fatalError("platform stub: AlarmButton.init(from:)") }
  public func encode(to encoder: any Encoder) throws { fatalError("platform stub: AlarmButton.encode(to:)") }
}
