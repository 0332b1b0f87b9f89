import CountdownCore
import Foundation

/// How one snapshot entry is counted again on a manager: worked out, and checked, for every entry
/// before the first is registered, so a restore that throws changes nothing.
struct RestorePlan: Sendable {
  enum Target: Sendable {
    case deadline(CountdownInstant)
    case duration(Duration)
    case countingUp(from: CountdownInstant)
  }

  var target: Target
  var policy: SuspensionPolicy
  var deliveries: CountdownDeliveries
  /// Whether it counts on past its deadline.
  var ending = CountdownEnding.stops
  var isPaused: Bool
  /// The clock reading the target was worked out at: a paused plan is registered and paused at it.
  var reading: Int64
  /// For a countdown that ran out while the app was not running: when, on the device's clock.
  var endedAt: Date?
  /// A countdown's length, start to end (at least what it has left); `nil` for a count-up.
  var length: Duration?

  var isCountdown: Bool {
    if case .countingUp = target { return false }
    return true
  }

  /// Whether it delivers milestones only (its read-aloud then reads the time left, not the value).
  var deliversMilestones: Bool {
    deliveries.milestones != nil
  }

  /// Whether its 0 ends it: a countdown's, unless it counts overtime.
  var endsAtZero: Bool { isCountdown && ending == .stops }

  /// Counts the plan again for `receiver` on `engine`; paused, if it was, as of the reading the
  /// plan was worked out at (so it is frozen at exactly what was saved).
  ///
  /// - Throws: What the engine's `register` throws, which the plan's checks rule out.
  func restore(_ receiver: AnyObject, on engine: CountdownEngine, handler: @escaping CountdownHandler)
    throws(CountdownError)
  {
    let pausedAt = isPaused ? CountdownInstant(nanosecondsSinceOrigin: reading) : nil
    switch target {
    case .deadline(let deadline):
      let request = try RegistrationRequest(
        .deadline(deadline), whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
      try engine.register(receiver, request, pausedAt: pausedAt, handler: handler)
    case .duration(let duration):
      let request = try RegistrationRequest(
        .duration(duration), whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
      try engine.register(receiver, request, pausedAt: pausedAt, handler: handler)
    case .countingUp(let start):
      engine.register(receiver, countingUpFrom: start, whileSuspended: policy, pausedAt: pausedAt, handler: handler)
    }
  }
}
