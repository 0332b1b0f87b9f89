public import Foundation

/// Countdowns for apps: any number of them, keyed by the object that shows them, driven by one timer,
/// delivered on the main actor.
///
/// ```swift
/// // In a table view cell's configuration (called again on reuse):
/// try CountdownManager.shared.start(cell, until: item.saleEnd) { cell, remaining, stop in
///   cell.timeLabel.text = RemainingTime(seconds: remaining).formatted()
/// }
/// ```
///
/// Starting a receiver again replaces its countdown; receivers are held weakly; callbacks run on
/// the main actor, one batch per tick; values come from a clock that counts through sleep. The
/// methods that hand a receiver to a callback (`start(_:…)`, `listen(_:…)`) are main-actor
/// isolated; all others may be called from any thread.
public final class CountdownManager: Sendable {
  /// The manager most apps use: a 1-second interval on the continuous clock, all values flipping
  /// together.
  ///
  /// From its first use, it suspends and resumes with the app by itself, not on macOS and Linux
  /// (see the article *Time semantics*, "The background"); an app that keeps working in the
  /// background turns that off with ``suspendsInBackground``.
  public static let shared: CountdownManager = {
    // Constant, valid arguments: this cannot throw.
    let manager = try! CountdownManager()
    manager.suspendsInBackground = true
    return manager
  }()

  /// The engine underneath, for statistics or for registrations with a custom handler.
  public let engine: CountdownEngine
  let wallClock: @Sendable () -> Date
  /// What the handlers of its countdowns share: the engine, its call readings, the wall clock.
  let callContext: ManagerCallContext
  let state = LockedState(ManagerState())

  /// Creates a manager.
  ///
  /// ```swift
  /// let quizClock = try CountdownManager(interval: .milliseconds(100))
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The step of every countdown of this manager.
  ///   - alignment: ``CountdownCore/CountdownAlignment/shared`` (default: all values flip together) or
  ///     ``CountdownCore/CountdownAlignment/perCountdown(tolerance:)``.
  ///   - endTolerance: The most a countdown's final `0` comes after its deadline; `nil` (default):
  ///     5 % of the interval (50 ms for 1 s). With per-countdown alignment every change, the end
  ///     included, comes within the tolerance, so the end tolerance is the tolerance: one given must
  ///     be at least that, and the engine's ``CountdownCore/CountdownEngine/endTolerance`` then
  ///     reports the tolerance, the tighter promise.
  ///   - clock: The continuous clock by default; a ``CountdownCore/ManualCountdownClock`` in tests.
  ///   - wallClock: Today's date; inject one in tests to simulate the user changing the clock.
  /// - Throws: ``CountdownCore/CountdownError/invalidInterval`` for a zero or negative interval, a tolerance
  ///   outside `0 < tolerance <= interval` or an end tolerance outside `0 < endTolerance <= interval`;
  ///   ``CountdownCore/CountdownError/invalidCombination`` for an end tolerance below the
  ///   per-countdown tolerance; ``CountdownCore/CountdownError/outOfRange`` for an interval beyond
  ///   292 years.
  public init(
    interval: Duration = .seconds(1),
    alignment: CountdownAlignment = .shared,
    endTolerance: Duration? = nil,
    clock: any CountdownClock = .continuous,
    wallClock: @escaping @Sendable () -> Date = { Date() }
  ) throws(CountdownError) {
    engine = try CountdownEngine(
      interval: interval, alignment: alignment, endTolerance: endTolerance, clock: clock, deliveryQueue: .main)
    self.wallClock = wallClock
    callContext = ManagerCallContext(engine: engine, wallClock: wallClock)
    callContext.manager = self
  }
}
