public import ActivityKit
public import SwiftUI

// Apple: https://developer.apple.com/documentation/alarmkit/alarmattributes

/// AlarmKit's `AlarmAttributes`: everything the system's alarm UI shows (the Live Activity AlarmKit
/// starts for the alarm; the app never requests it).
@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public struct AlarmAttributes<Metadata>: ActivityAttributes, Sendable where Metadata: AlarmMetadata {
  public typealias ContentState = AlarmPresentationState

  public var presentation: AlarmPresentation
  public var metadata: Metadata?
  public var tintColor: Color

  public init(presentation: AlarmPresentation, metadata: Metadata? = nil, tintColor: Color) {
    self.presentation = presentation
    self.metadata = metadata
    self.tintColor = tintColor
  }

  // `Color` is not `Codable`: Apple's type encodes it its own way.
  public init(from decoder: any Decoder) throws { fatalError("platform stub: AlarmAttributes.init(from:)") }
  public func encode(to encoder: any Encoder) throws { fatalError("platform stub: AlarmAttributes.encode(to:)") }
}
