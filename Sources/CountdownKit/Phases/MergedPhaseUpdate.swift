/// The values of an update made of two (``CountdownPhaseUpdate/merged(with:)``, for a consumer of
/// an update stream that fell behind), worked out once: its ends came from two calls' readings,
/// not from the one it keeps (the newer's). Kept in ``PhaseUpdateDetails``; made only when
/// updates are merged, never at a handler's call.
struct MergedPhaseUpdate: Sendable {
  /// Where the plan is; `nil` once it has ended.
  let position: CountdownPhasePosition?
  /// The ends of both updates, oldest first, within the merged limit.
  let phaseEnds: [CountdownPhaseEnd]
  /// The ends older than ``phaseEnds``, in one summary.
  let earlierPhaseEnds: CountdownPhaseEndSummary?
  /// Whether either update ended the plan.
  let planEnded: Bool
  /// Whether the last end pauses the plan after it.
  let pausedAfterPhase: Bool
}
