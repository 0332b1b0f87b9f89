import CountdownCore

/// What the countdown of an id is doing now, as a system alert mirrors it.
///
/// The integration products read it with ``CountdownManager/idPhase(of:)``.
package enum IDPhase: Hashable, Sendable {
  /// Running: it ends at `deadline` on the manager's clock
  /// (``CountdownCore/CountdownEngine/clock``), the instant its `0` is delivered; `dates` are the
  /// device dates of ``CountdownManager/timerDates(id:)``.
  case running(dates: CountdownTimerDates, deadline: CountdownInstant)
  /// Frozen (paused, or ``CountdownCore/SuspensionPolicy/pauses`` while suspended): no end.
  case frozen(dates: CountdownTimerDates)
  /// No countdown: none was started, it ended, was cancelled, or the id counts up.
  case gone
}
