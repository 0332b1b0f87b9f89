import Observation

/// Counts the changes `withObservationTracking` reports for what `read` reads, re-arming at once
/// after each one (a tracking fires once), so that every later change is counted too.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
final class ObservationCounter {
  private(set) var changes = 0
  private let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    track()
  }

  private func track() {
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      // Called before the change is applied (willSet), on the thread that makes it: the main
      // actor here, where the manager delivers.
      MainActor.assumeIsolated {
        guard let self else { return }
        self.changes += 1
        self.track()
      }
    }
  }
}
