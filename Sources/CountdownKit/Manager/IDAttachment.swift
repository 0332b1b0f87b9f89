import CountdownCore

/// What a start of another kind keeps with its id (``IDRegistry/Record/attachment``) and the
/// manager's own operations on the id reach: ``CountdownManager/pause(id:)``,
/// ``CountdownManager/resume(id:)``, ``CountdownManager/addTime(_:id:)`` and
/// ``CountdownManager/cancel(id:)`` act through it, so that what it keeps stays in step with its
/// engine registration. Each method is called with no lock held, at `now` on the manager's clock,
/// and is O(1).
package protocol IDAttachment: AnyObject, Sendable {
  /// Freezes it; whether it was running.
  func pause(at now: Int64, on engine: CountdownEngine) -> Bool
  /// Continues it from where it was frozen; whether it was paused.
  func resume(at now: Int64, on engine: CountdownEngine) -> Bool
  /// Adds `time` (negative: takes it), in nanoseconds; whether it had time to change.
  func addTime(_ time: Int64, at now: Int64, on engine: CountdownEngine) -> Bool
  /// The length, start to end, of what its registration counts now (the span of
  /// ``CountdownManager/timerDates(id:)``, as a single countdown's length is); `nil` once it has
  /// nothing to count (detached, or ended).
  var countedLength: Duration? { get }
  /// Whether what it counts ran out (a plan past its last end), asked once its handler set the
  /// stop flag: the id's observers hear of it as of a countdown's `0`, not of a stop.
  var hasRunOut: Bool { get }
  /// The id no longer has it (cancelled, started again or ended): it registers nothing more and
  /// calls no handler after this returns.
  func detach()
}
