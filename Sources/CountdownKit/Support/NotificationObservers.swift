package import Foundation

/// Observers added to one notification center, removed from it together and once: by
/// ``removeAll()`` or when this is released. `package`: the integration products observe the
/// system's notifications (a change of the device's clock) with it too.
package final class NotificationObservers: Sendable {
  /// The tokens `NotificationCenter.addObserver(forName:object:queue:using:)` returned.
  private struct Tokens: @unchecked Sendable {
    // @unchecked Sendable: the tokens are opaque; nothing reads or changes them, they are only
    // handed back to `NotificationCenter.removeObserver(_:)`, which may be called from any thread.
    // They are kept in a `LockedState`, so they are taken out exactly once.
    var tokens: [any NSObjectProtocol]
  }

  private let center: NotificationCenter
  private let tokens: LockedState<Tokens>

  /// Observes `names` on `center`, running `body` on the posting thread for each.
  package init(
    observing names: [Notification.Name], on center: NotificationCenter, run body: @escaping @Sendable () -> Void
  ) {
    self.center = center
    let tokens = names.map { name in
      center.addObserver(forName: name, object: nil, queue: nil) { _ in body() }
    }
    self.tokens = LockedState(Tokens(tokens: tokens))
  }

  /// Removes the observers from the center; later calls do nothing.
  package func removeAll() {
    let tokens = self.tokens.withLock { tokens in
      defer { tokens.tokens = [] }
      return tokens.tokens
    }
    for token in tokens {
      center.removeObserver(token)
    }
  }

  deinit {
    removeAll()
  }
}
