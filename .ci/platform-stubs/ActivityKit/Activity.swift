// Apple: https://developer.apple.com/documentation/activitykit/activity
// Apple: https://developer.apple.com/documentation/activitykit/activity/request(attributes:content:pushtype:)
// Apple: https://developer.apple.com/documentation/activitykit/activity/update(_:)
// Apple: https://developer.apple.com/documentation/activitykit/activity/end(_:dismissalpolicy:)
// Apple: https://developer.apple.com/documentation/activitykit/activity/pushtoken
// Apple: https://developer.apple.com/documentation/activitykit/activity/pushtokenupdates-swift.property
// Apple: https://developer.apple.com/documentation/activitykit/activity/activityupdates-swift.type.property
// Apple: https://developer.apple.com/documentation/activitykit/activity/activitystateupdates-swift.property

public import Foundation

/// ActivityKit's `Activity`: a Live Activity the app started. Not `Sendable`: Apple's documentation
/// shows no such conformance, and Swift 6 apps report "sending 'activity' risks causing data races"
/// when they use one again after handing it to `update`.
@available(iOS 16.1, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public class Activity<Attributes>: Identifiable where Attributes: ActivityAttributes {
  public typealias ContentState = Attributes.ContentState
  public typealias ID = String

  /// The activity's identifier.
  final public let id: String
  /// The fixed data it was started with.
  final public let attributes: Attributes

  private init(id: String, attributes: Attributes) {
    self.id = id
    self.attributes = attributes
  }

  /// Where it is in its life cycle.
  public var activityState: ActivityState { fatalError("platform stub: Activity.activityState") }

  /// Its current content.
  @available(iOS 16.2, *)
  public var content: ActivityContent<Activity<Attributes>.ContentState> {
    fatalError("platform stub: Activity.content")
  }

  /// The app's activities of this kind.
  public static var activities: [Activity<Attributes>] { fatalError("platform stub: Activity.activities") }

  /// Its push token, once the system issued one (an activity requested with `pushType: .token`).
  public var pushToken: Data? { fatalError("platform stub: Activity.pushToken") }

  /// Each push token the system issues it, as it changes.
  public var pushTokenUpdates: Activity<Attributes>.PushTokenUpdates {
    fatalError("platform stub: Activity.pushTokenUpdates")
  }

  /// Its states, as they change.
  public var activityStateUpdates: Activity<Attributes>.ActivityStateUpdates {
    fatalError("platform stub: Activity.activityStateUpdates")
  }

  /// The activities of this kind as they start (and change).
  public static var activityUpdates: Activity<Attributes>.ActivityUpdates {
    fatalError("platform stub: Activity.activityUpdates")
  }

  /// Starts a Live Activity (from the foreground only).
  @available(iOS 16.2, *)
  public static func request(
    attributes: Attributes, content: ActivityContent<Activity<Attributes>.ContentState>, pushType: PushType? = nil
  ) throws -> Activity<Attributes> {
    fatalError("platform stub: Activity.request(attributes:content:pushType:)")
  }

  /// Shows new content.
  @available(iOS 16.2, *)
  public func update(_ content: ActivityContent<Activity<Attributes>.ContentState>) async {
    fatalError("platform stub: Activity.update(_:)")
  }

  /// Shows new content, with an alert.
  @available(iOS 16.2, *)
  public func update(
    _ content: ActivityContent<Activity<Attributes>.ContentState>, alertConfiguration: AlertConfiguration? = nil
  ) async {
    fatalError("platform stub: Activity.update(_:alertConfiguration:)")
  }

  /// Ends it, with its last content, removed from the screen as the policy says.
  @available(iOS 16.2, *)
  public func end(
    _ content: ActivityContent<Activity<Attributes>.ContentState>?,
    dismissalPolicy: ActivityUIDismissalPolicy = .default
  ) async {
    fatalError("platform stub: Activity.end(_:dismissalPolicy:)")
  }
}
