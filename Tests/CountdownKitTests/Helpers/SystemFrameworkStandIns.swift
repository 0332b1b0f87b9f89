// Just enough of ActivityKit, WidgetKit and UserNotifications for the documentation's samples to
// compile where those frameworks do not exist or lack what the samples use (Linux; Live Activities
// but on iOS and iPadOS; widgets on tvOS and before visionOS 26; notifications' text on tvOS); where they do,
// the samples compile against the frameworks themselves. Nothing here reaches a system: the
// samples' behaviour is tested through what they hand over.
import Foundation

#if !(canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst))
  protocol ActivityAttributes {
    associatedtype ContentState: Codable & Hashable
  }

  struct ActivityContent<State> {
    var state: State
    var staleDate: Date?
    init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
      self.state = state
      self.staleDate = staleDate
    }
  }

  final class Activity<Attributes: ActivityAttributes> {
    let attributes: Attributes
    let content: ActivityContent<Attributes.ContentState>

    private init(attributes: Attributes, content: ActivityContent<Attributes.ContentState>) {
      self.attributes = attributes
      self.content = content
    }

    static func request(attributes: Attributes, content: ActivityContent<Attributes.ContentState>) throws -> Activity {
      Activity(attributes: attributes, content: content)
    }
  }
#endif

#if !(canImport(WidgetKit) && !os(tvOS) && !os(visionOS))
  protocol TimelineEntry {
    var date: Date { get }
  }

  struct Timeline<Entry: TimelineEntry> {
    enum ReloadPolicy { case atEnd, never }
    let entries: [Entry]
    let policy: ReloadPolicy
  }
#endif

#if !(canImport(UserNotifications) && !os(tvOS))
  class UNNotificationContent {}

  final class UNMutableNotificationContent: UNNotificationContent {
    var title = ""
  }

  final class UNTimeIntervalNotificationTrigger {
    let timeInterval: TimeInterval
    init(timeInterval: TimeInterval, repeats: Bool) {
      // As the real one: a trigger must lie in the future.
      precondition(timeInterval > 0, "time interval must be greater than 0")
      self.timeInterval = timeInterval
    }
  }

  final class UNNotificationRequest {
    let identifier: String
    let content: UNNotificationContent
    let trigger: UNTimeIntervalNotificationTrigger?
    init(identifier: String, content: UNNotificationContent, trigger: UNTimeIntervalNotificationTrigger?) {
      self.identifier = identifier
      self.content = content
      self.trigger = trigger
    }
  }

  final class UNUserNotificationCenter: @unchecked Sendable {
    // @unchecked Sendable: `lock` guards `requests`, the only mutable state.
    private let lock = NSLock()
    private var requests: [UNNotificationRequest] = []
    private static let shared = UNUserNotificationCenter()

    static func current() -> UNUserNotificationCenter { shared }

    func add(_ request: UNNotificationRequest, withCompletionHandler completion: (((any Error)?) -> Void)? = nil) {
      lock.withLock { requests.append(request) }
      completion?(nil)
    }

    /// The requests added so far: what the tests read.
    var pendingRequests: [UNNotificationRequest] { lock.withLock { requests } }

    func removeAll() { lock.withLock { requests = [] } }
  }
#endif
