import CountdownCore
import Foundation

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension ObservableCountdown {
  /// Counts again as `plan` says (a restored countdown, checked already), replacing the current
  /// countdown; the values and dates follow at once.
  func restart(_ plan: RestorePlan) {
    let target: CountdownTarget
    switch plan.target {
    case .deadline(let deadline): target = .deadline(deadline)
    case .duration(let duration): target = .duration(duration)
    case .countingUp: return  // refused before any row was touched: a model counts down only
    }
    do {
      // Paused as of the plan's reading, under the registration's lock: frozen at what was saved.
      let pausedAt = plan.isPaused ? CountdownInstant(nanosecondsSinceOrigin: plan.reading) : nil
      try calling { () throws(CountdownError) in
        try manager.startWeakReceiver(
          handle, target, plan.policy, delivering: plan.deliveries, pastTheEnd: plan.ending, pausedAt: pausedAt
        ) {
          [weak self] _, value, _ in
          self?.delivered(value)
        }
      }
    } catch {
      return  // ruled out by the plan's checks, which are the engine's own
    }
    ending = plan.ending
    length = plan.length
    setPolicy(plan.policy)
    showCurrentValue(paused: plan.isPaused)
    if let end = plan.endedAt {
      setDates(CountdownTimerDates(timerInterval: end...end), end: end)
    } else {
      refreshDates()
    }
  }

  /// A snapshot of this countdown under `id`: encode it, and restore it after a relaunch with
  /// ``CountdownManager/countdown(restoring:id:)``.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(resend.snapshot(id: "resend"))
  /// ```
  ///
  /// A countdown that ended is kept with the date it ended (it restores ended, as it shows now);
  /// one that was cancelled, or never started, is left out.
  public func snapshot<ID: Hashable & Sendable & Codable>(id: ID) -> CountdownSnapshot<ID> {
    manager.snapshot(of: [snapshotSource(id: id)])
  }

  func snapshotSource<ID>(id: ID) -> CountdownManager.SnapshotSource<ID> {
    CountdownManager.SnapshotSource(id: id, receiver: handle, length: length, endedAt: hasEnded ? endDate : nil)
  }
}
