import Foundation

/// Runs a save whenever one of a set of notifications is posted, until cancelled or released: the
/// observation behind ``CountdownManager/keepSaved(_:in:savingOn:center:onFailure:_:)`` and
/// ``ObservableCountdownList/keepSaved(in:savingOn:center:onFailure:)``.
final class SavingObservation: Sendable {
  private let observers: NotificationObservers

  /// Observes `names` on `center`, running `save` on the posting thread for each.
  init(names: [Notification.Name], center: NotificationCenter, save: @escaping @Sendable () -> Void) {
    let tokens = names.map { name in
      center.addObserver(forName: name, object: nil, queue: nil) { _ in save() }
    }
    observers = NotificationObservers(center: center, tokens: tokens)
  }

  /// Stops observing. Also happens when the observation is deallocated.
  func cancel() {
    observers.removeAll()
  }
}
