import CountdownKit
import Foundation

/// What a follower (``CountdownNotifications``, ``CountdownAlarms``, ``CountdownLiveActivities``)
/// observes with: the manager's changes of ids and the device's changes of clock. Made when the
/// follower starts, kept behind its lock, ended by its deinit.
struct FollowerObservation: Sendable {
  private var observerKey: Int?
  private var clockObservers: NotificationObservers?

  /// The name of `NSSystemClockDidChange`, spelled by its value so that it reads the same on
  /// every platform.
  static let systemClockDidChange = Notification.Name("NSSystemClockDidChangeNotification")

  /// Nothing observed.
  init() {}

  /// Starts observing `manager` for the countdowns of ids of type `ID` that `isFollowed` accepts,
  /// and `clockChanges` for ``systemClockDidChange``.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids followed.
  ///   - manager: The manager whose countdowns are followed.
  ///   - clockChanges: The center that posts `NSSystemClockDidChange`.
  ///   - isFollowed: Whether an id's changes are followed; the app's code.
  ///   - idsChanged: Called with the followed ids that changed (never none), on the thread of the
  ///     change, after `isFollowed` (the app's code) was asked with no lock of the follower's
  ///     held. Capture the follower weakly: releasing it ends the observation (``end(on:)``).
  ///   - clockChanged: Called when the device's clock changed; capture the follower weakly too.
  init<ID: Hashable & Sendable & CustomStringConvertible>(
    _ idType: ID.Type, manager: CountdownManager, clockChanges: NotificationCenter,
    isFollowed: @escaping @Sendable (ID) -> Bool,
    idsChanged: @escaping @Sendable ([IDKey]) -> Void, clockChanged: @escaping @Sendable () -> Void
  ) {
    clockObservers = NotificationObservers(
      observing: [Self.systemClockDidChange], on: clockChanges, run: clockChanged)
    observerKey = manager.addIDObserver { keys in
      let followed = Self.followed(keys, of: ID.self, isFollowed: isFollowed)
      if !followed.isEmpty { idsChanged(followed) }
    }
  }

  /// The keys of `keys` that are of ids of type `ID` which `isFollowed` accepts.
  static func followed<ID: Hashable & Sendable>(
    _ keys: [IDKey], of type: ID.Type, isFollowed: @Sendable (ID) -> Bool
  ) -> [IDKey] {
    let type = ObjectIdentifier(ID.self)
    return keys.filter { key in
      guard key.type == type, let id = key.id(as: ID.self) else { return false }
      return isFollowed(id)
    }
  }

  /// Hands over what observes, leaving nothing: for the follower's deinit to end after its lock
  /// (``end(on:)``).
  mutating func take() -> FollowerObservation {
    defer { self = FollowerObservation() }
    return self
  }

  /// Stops observing `manager` and the clock.
  func end(on manager: CountdownManager) {
    if let observerKey { manager.removeIDObserver(observerKey) }
    clockObservers?.removeAll()
  }
}
