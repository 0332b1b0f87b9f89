import CountdownKit
import Foundation

/// What a follower (``CountdownNotifications``, ``CountdownAlarms``, ``CountdownLiveActivities``,
/// ``CountdownWidgets``) observes with: the manager's changes of ids, and what may have moved the
/// device's clock (``resyncNames``). Made when the follower starts, kept behind its lock, ended by
/// its deinit.
struct FollowerObservation: Sendable {
  private var observerKey: Int?
  private var clockObservers: NotificationObservers?

  /// The name of `NSSystemClockDidChange`, spelled by its value so that it reads the same on
  /// every platform.
  static let systemClockDidChange = Notification.Name("NSSystemClockDidChangeNotification")

  /// UIKit's `UIApplication.significantTimeChangeNotification`, by its value: unlike
  /// `NSSystemClockDidChange`, the system queues it for a suspended app until the app comes back.
  static let significantTimeChange = Notification.Name("UIApplicationSignificantTimeChangeNotification")

  /// What a follower re-syncs every countdown on, as after a change of the device's clock, each
  /// spelled by its value (a platform that lacks one never posts it):
  /// - ``systemClockDidChange``, on every platform: a suspended app runs no code to hear it, and
  ///   Apple does not say it is kept for later;
  /// - ``significantTimeChange`` (iOS, iPadOS, Mac Catalyst, tvOS, visionOS): queued for a
  ///   suspended app, posted once it comes back;
  /// - the app's coming back to the foreground, which a change of the clock while it was suspended
  ///   may have preceded unannounced: UIKit's
  ///   ``CountdownKit/LifecycleObservation/applicationWillEnterForeground`` (iOS, iPadOS, Mac
  ///   Catalyst, tvOS, visionOS) and WatchKit's
  ///   ``CountdownKit/LifecycleObservation/watchKitApplicationWillEnterForeground`` (watchOS).
  ///
  /// A Mac app is not suspended as an iOS app is, so `NSSystemClockDidChange` reaches it: nothing
  /// more is observed there.
  static let resyncNames = [
    systemClockDidChange, significantTimeChange, LifecycleObservation.applicationWillEnterForeground,
    LifecycleObservation.watchKitApplicationWillEnterForeground,
  ]

  /// Nothing observed.
  init() {}

  /// Starts observing `manager` for the countdowns of ids of type `ID` that `isFollowed` accepts,
  /// and `clockChanges` for ``resyncNames``.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids followed.
  ///   - manager: The manager whose countdowns are followed.
  ///   - clockChanges: The center that posts ``resyncNames``.
  ///   - isFollowed: Whether an id's changes are followed; the app's code.
  ///   - idsChanged: Called with the ids of type `ID` that changed (never none), split by
  ///     `isFollowed` into those it accepts and those it rejects, on the thread of the change,
  ///     after `isFollowed` (the app's code) was asked with no lock of the follower's held. The
  ///     rejected ones come too, so that an id that stops being followed has what the system
  ///     holds for it removed rather than stranded; `ranOut`, whether the change is their
  ///     countdowns running out (their `0`), not a cancel. Capture the follower weakly: releasing
  ///     it ends the observation (``end(on:)``).
  ///   - clockChanged: Called, on the posting thread, when any of ``resyncNames`` is posted;
  ///     capture the follower weakly too. A burst of them that arrives while the follower's drain
  ///     runs joins one turn (the queue keeps one flag).
  ///   - suspended: Called, on the thread of the change, when the manager suspends its ticking
  ///     (`true`: the app left the foreground, for a manager that follows its lifecycle) or resumes
  ///     it (`false`); `nil` for a follower that does not hear it.
  ///   - phasesEnded: Called, on the main queue, with the followed ids (those `isFollowed` accepts,
  ///     never none) whose countdown in phases moved on to its next phase; `nil` for a follower that
  ///     does not hear it.
  init<ID: Hashable & Sendable & CustomStringConvertible>(
    _ idType: ID.Type, manager: CountdownManager, clockChanges: NotificationCenter,
    isFollowed: @escaping @Sendable (ID) -> Bool,
    idsChanged: @escaping @Sendable (_ followed: [IDKey], _ unfollowed: [IDKey], _ ranOut: Bool) -> Void,
    clockChanged: @escaping @Sendable () -> Void, suspended: (@Sendable (_ suspended: Bool) -> Void)? = nil,
    phasesEnded: (@Sendable (_ followed: [IDKey]) -> Void)? = nil
  ) {
    clockObservers = NotificationObservers(observing: Self.resyncNames, on: clockChanges, run: clockChanged)
    var phaseEndsHeard: (@Sendable ([IDKey]) -> Void)?
    if let phasesEnded {
      phaseEndsHeard = { keys in
        let followed = Self.split(keys, of: ID.self, isFollowed: isFollowed).followed
        if !followed.isEmpty { phasesEnded(followed) }
      }
    }
    observerKey = manager.addIDObserver(
      { keys, ranOut in
        let (followed, unfollowed) = Self.split(keys, of: ID.self, isFollowed: isFollowed)
        if !followed.isEmpty || !unfollowed.isEmpty { idsChanged(followed, unfollowed, ranOut) }
      }, suspended: suspended, phasesEnded: phaseEndsHeard)
  }

  /// The keys of `keys` that are of ids of type `ID`, split into those `isFollowed` accepts and
  /// those it rejects; keys of other types are in neither.
  static func split<ID: Hashable & Sendable>(
    _ keys: [IDKey], of type: ID.Type, isFollowed: @Sendable (ID) -> Bool
  ) -> (followed: [IDKey], unfollowed: [IDKey]) {
    let type = ObjectIdentifier(ID.self)
    var followed: [IDKey] = []
    var unfollowed: [IDKey] = []
    for key in keys where key.type == type {
      guard let id = key.id(as: ID.self) else { continue }
      if isFollowed(id) { followed.append(key) } else { unfollowed.append(key) }
    }
    return (followed, unfollowed)
  }

  /// Hands over what observes, leaving nothing: for the follower's deinit to end after its lock
  /// (``end(on:)``).
  mutating func take() -> FollowerObservation {
    defer { self = FollowerObservation() }
    return self
  }

  /// Stops observing `manager` and the clock's notifications.
  func end(on manager: CountdownManager) {
    if let observerKey { manager.removeIDObserver(observerKey) }
    clockObservers?.removeAll()
  }
}
