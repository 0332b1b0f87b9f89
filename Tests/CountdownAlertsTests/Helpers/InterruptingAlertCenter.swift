import CountdownAlerts
import CountdownAlertsTesting
import CountdownCore
import Foundation

/// A notification center that runs a test's code inside its next `add`, before the call reaches
/// the fake center behind it: what that code changes arrives while the follower's drain waits on
/// the center, as another thread's changes may, so that it is all taken in the drain's next turn.
final class InterruptingAlertCenter: CountdownAlertCenter {
  /// The center the calls reach, which the test reads.
  let fake: FakeNotificationCenter
  private let interruption = LockedState<(@Sendable () -> Void)?>(nil)

  init(_ fake: FakeNotificationCenter) {
    self.fake = fake
  }

  /// Runs `body` inside the next `add`, once, before that call reaches ``fake``.
  func duringNextAdd(_ body: @escaping @Sendable () -> Void) {
    interruption.withLock { $0 = body }
  }

  func add(_ request: CountdownAlertRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {
    let body = interruption.withLock { body in
      defer { body = nil }
      return body
    }
    body?()
    fake.add(request, completion: completion)
  }

  func removePendingRequests(withIdentifiers identifiers: [String]) {
    fake.removePendingRequests(withIdentifiers: identifiers)
  }

  func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
    fake.removeDeliveredNotifications(withIdentifiers: identifiers)
  }

  func pendingRequestIdentifiers(_ completion: @escaping @Sendable ([String]) -> Void) {
    fake.pendingRequestIdentifiers(completion)
  }

  func authorizationStatus(_ completion: @escaping @Sendable (CountdownAlertAuthorization) -> Void) {
    fake.authorizationStatus(completion)
  }
}
