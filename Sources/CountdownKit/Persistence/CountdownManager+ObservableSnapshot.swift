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
  /// Every entry of the snapshot is checked, as by ``restore(_:_:)``; dates in server time are
  /// mapped the same way. A countdown that ran out while the app was not running shows `0` and
  /// ``ObservableCountdown/hasEnded``.
  /// - Returns: The countdown, or `nil` if the snapshot has no entry for `id`.
  /// - Throws: A ``CountdownSnapshotError``; also ``CountdownSnapshotError/unsupportedEntry(index:)``
  ///   for a count-up or an only-the-end entry.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public func countdown<ID: Hashable & Sendable & Codable>(
    restoring snapshot: CountdownSnapshot<ID>, id: ID
  ) throws(CountdownSnapshotError) -> ObservableCountdown? {
    let plans = try restorePlans(for: snapshot, supportsEverything: false)
    guard let index = snapshot.entries.firstIndex(where: { $0.id == id }) else { return nil }
    let countdown = ObservableCountdown(manager: self)
    countdown.restart(plans[index])
    return countdown
  }
}
