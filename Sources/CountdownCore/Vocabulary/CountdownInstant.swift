/// A moment on a ``CountdownClock``, counted in nanoseconds from the clock's own origin.
///
/// Instants of different clocks are not comparable in any meaningful way; an engine only ever
/// compares instants read from its own clock.
///
/// ```swift
/// let clock = ManualCountdownClock()
/// let deadline = try clock.now.exactlyAdvanced(by: .seconds(30))
/// ```
///
/// It is an `InstantProtocol` instant, so a ``ManualCountdownClock`` is a Swift `Clock` too.
public struct CountdownInstant: InstantProtocol, Sendable, CustomStringConvertible {
  /// Nanoseconds since the clock's origin.
  public var nanosecondsSinceOrigin: Int64

  /// Creates an instant the given number of nanoseconds after the clock's origin.
  public init(nanosecondsSinceOrigin: Int64) {
    self.nanosecondsSinceOrigin = nanosecondsSinceOrigin
  }

  /// The clock's origin.
  public static let zero = CountdownInstant(nanosecondsSinceOrigin: 0)

  /// The instant `duration` after this one, held at the first or last instant a clock can
  /// represent (about ±292 years from its origin) where it would lie beyond; see
  /// ``exactlyAdvanced(by:)`` to be told instead.
  public func advanced(by duration: Duration) -> CountdownInstant {
    CountdownInstant(nanosecondsSinceOrigin: nanosecondsSinceOrigin.addingSaturated(duration.nanosecondsSaturating))
  }

  /// The instant `duration` after this one.
  ///
  /// - Throws: ``CountdownError/outOfRange`` when the result is not representable
  ///   (about ±292 years from the origin).
  public func exactlyAdvanced(by duration: Duration) throws(CountdownError) -> CountdownInstant {
    let offset = try duration.countdownNanoseconds()
    let (sum, overflow) = nanosecondsSinceOrigin.addingReportingOverflow(offset)
    guard !overflow else { throw .outOfRange }
    return CountdownInstant(nanosecondsSinceOrigin: sum)
  }

  /// The duration from this instant to `other` (negative when `other` is earlier).
  public func duration(to other: CountdownInstant) -> Duration {
    .nanoseconds(other.nanosecondsSinceOrigin) - .nanoseconds(nanosecondsSinceOrigin)
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: CountdownInstant, rhs: CountdownInstant) -> Bool {
    lhs.nanosecondsSinceOrigin < rhs.nanosecondsSinceOrigin
  }

  /// The time since the origin, such as `1.5 seconds`.
  public var description: String { "\(Duration.nanoseconds(nanosecondsSinceOrigin))" }
}
