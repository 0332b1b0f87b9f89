import Foundation

/// Runs a save whenever one of a set of notifications is posted, until cancelled or released: the
/// observation behind ``CountdownManager/keepSaved(_:in:savingOn:center:onFailure:_:)`` and
/// ``ObservableCountdownList/keepSaved(in:savingOn:center:onFailure:)``.
final class SavingObservation: Sendable {
  private let center: NotificationCenter
  private let observers: LockedState<ObserverTokens>

  /// Observes `names` on `center`, running `save` on the posting thread for each.
  init(names: [Notification.Name], center: NotificationCenter, save: @escaping @Sendable () -> Void) {
    self.center = center
    let tokens = names.map { name in
      center.addObserver(forName: name, object: nil, queue: nil) { _ in save() }
    }
    observers = LockedState(ObserverTokens(tokens: tokens))
  }

  /// Stops observing.
  func cancel() {
    let tokens = observers.withLock { observers in
      defer { observers.tokens = [] }
      return observers.tokens
    }
    for token in tokens {
      center.removeObserver(token)
    }
  }

  deinit {
    cancel()
  }
}
