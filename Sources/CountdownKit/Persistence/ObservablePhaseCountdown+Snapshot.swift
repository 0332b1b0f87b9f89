import CountdownCore
import Foundation

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension ObservablePhaseCountdown {
  /// A snapshot of this countdown in phases under `id`, in its
  /// ``CountdownSnapshot/phaseEntries``: encode it, and restore it after a relaunch with
  /// ``CountdownManager/phaseCountdown(restoring:id:)``.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(workout.snapshot(id: "workout"))
  /// ```
  ///
  /// It holds the plan, the phase the model shows and that phase's end date (or, paused or
  /// started `whileSuspended: .pauses`, its time left), as the manager's
  /// ``CountdownManager/snapshot(of:)-(ID.Type)`` holds a countdown in phases: a phase end not
  /// delivered yet has not moved it, and the restore delivers it. A plan that ended is kept at its
  /// last phase with the date it ended (it restores ended, as it shows now, that end among the
  /// ends passed); one that was cancelled, or never started, is left out.
  public func snapshot<ID: Hashable & Sendable & Codable>(id: ID) -> CountdownSnapshot<ID> {
    // No single countdown: the snapshot's date and server offset, read as the manager's are.
    var snapshot = manager.snapshot(of: [CountdownManager.SnapshotSource<ID>]())
    let entries = manager.phaseEntries(of: [(id, handle)], wallNow: snapshot.takenAt, offset: snapshot.serverOffset)
    if !entries.isEmpty {
      snapshot.phaseEntries = entries
    } else if hasEnded, let endDate, let lastStart, let phaseCount = lastStart.plan.phaseCount {
      // Running to its end date, passed: the restore walks past the last phase's end and ends the
      // plan there. Written as walking on (`.keepsRunning`) whatever its policy: a frozen plan
      // counts by its time left, and would end at the restore instead.
      let offsetSeconds = snapshot.serverOffset.map(\.secondsValue) ?? 0
      snapshot.phaseEntries = [
        CountdownSnapshot<ID>.PhaseEntry(
          id: id, plan: lastStart.plan, ordinal: phaseCount - 1, deliveries: lastStart.deliveries,
          date: min(endDate, snapshot.takenAt) + offsetSeconds)
      ]
    }
    return snapshot
  }

  /// Walks the plan again as `plan` says (a restored countdown in phases, checked already),
  /// registered as of `now`, on a model that has no sequence yet: the ends passed meanwhile come
  /// inside this call, and the values and dates follow at once.
  func restart(_ plan: PhaseRestorePlan, at now: Int64) {
    let restored = manager.restorePhases(handle, plan, at: now) { [weak self] update in
      self?.show(update)
    }
    // Ruled out by the plan's checks, which are the engine's own.
    guard restored else { return }
    followSuspensions(plan.policy)
    lastStart = (plan.plan, plan.policy, plan.deliveries)
    showPosition()
  }
}
