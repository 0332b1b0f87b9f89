import Foundation

extension CountdownManager {
  /// A new observable countdown restored from the entry of `id` in a snapshot (one taken by
  /// ``ObservableCountdown/snapshot(id:)``, or any snapshot of countdowns), with its value at once.
  ///
  /// ```swift
  /// let snapshot = try CountdownSnapshot<String>(decoding: data)
  /// let resend = try manager.countdown(restoring: snapshot, id: "resend")
  /// ```
  ///
  /// Only the entry of `id` is restored and checked (a manager-wide snapshot may hold count-ups of
  /// other ids); its date, deliveries and ending are restored as by ``restore(_:_:)``. A
  /// countdown that ran out while the app was not running shows `0`, ``ObservableCountdown/hasEnded``
  /// and the date it ended.
  /// - Returns: The countdown, or `nil` if the snapshot has no entry for `id` (nothing changes then:
  ///   not even the calibration).
  /// - Throws: A ``CountdownSnapshotError`` (nothing changes then); also
  ///   ``CountdownSnapshotError/unsupportedEntry(index:)`` if the entry of `id` is a count-up.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public func countdown<ID: Hashable & Sendable & Codable>(
    restoring snapshot: CountdownSnapshot<ID>, id: ID
  ) throws(CountdownSnapshotError) -> ObservableCountdown? {
    try snapshot.validate()
    guard let index = snapshot.entries.firstIndex(where: { $0.id == id }) else { return nil }
    let plans = try restorePlans(for: snapshot, at: [index], allowsCountingUp: false)
    adoptServerOffset(of: snapshot)
    let countdown = ObservableCountdown(manager: self)
    countdown.restart(plans[0])
    return countdown
  }
}
