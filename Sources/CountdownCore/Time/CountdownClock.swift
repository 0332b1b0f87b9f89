public import Dispatch

/// The time source and wakeup mechanism of a ``CountdownEngine``.
///
/// The library ships two: ``ContinuousCountdownClock`` (the default: it keeps counting while the
/// device sleeps and ignores wall-clock changes, like Swift's `ContinuousClock`, and wakes the engine
/// with one `DispatchSourceTimer`) and ``ManualCountdownClock`` (time moves only when a test says so,
/// and the engine's deliveries happen synchronously inside ``ManualCountdownClock/advance(by:)``).
public protocol CountdownClock: Sendable {
  /// The current instant.
  var now: CountdownInstant { get }

  /// Makes the one timer an engine uses for all its countdowns.
  ///
  /// - Parameters:
  ///   - queue: The serial queue the handler runs on (clocks that drive time by hand may run it on
  ///     the thread that advances time instead).
  ///   - handler: Called with ``CountdownTimerEvent/fired`` when an armed deadline is reached, and
  ///     with ``CountdownTimerEvent/settle`` by clocks that advance by hand, after advancing, so the
  ///     engine can deliver what is pending.
  func makeTimer(
    on queue: DispatchQueue,
    handler: @escaping @Sendable (CountdownTimerEvent) -> Void
  ) -> any CountdownTimer
}

/// A one-shot, re-armable timer made by a ``CountdownClock``; it may also repeat.
///
/// Each arming says how late the timer may fire (its *leeway*): the engine asks for as much as its
/// promises allow, so that a system timer can coalesce the wakeup with other work and save
/// energy. A timer may fire anywhere from its deadline to `leeway` after it; one that cannot
/// coalesce ignores the leeway and fires at the deadline. A timer never fires before its deadline.
public protocol CountdownTimer: Sendable {
  /// Arms the timer to fire once at `deadline` (at once if it has passed), or up to `leeway` after
  /// it, replacing any earlier deadline or repeating schedule; a `nil` deadline disarms it.
  func schedule(at deadline: CountdownInstant?, leeway: Duration)
  /// Whether ``schedule(at:repeating:leeway:)`` makes this timer fire again and again. Read once,
  /// when the engine gets the timer; `false` unless the timer says otherwise.
  var supportsRepeating: Bool { get }
  /// Arms the timer to fire at `deadline` (at once if it has passed) and then every `interval`
  /// after it, each fire up to `leeway` late, skipping the fires it could not make on time rather
  /// than catching up, until it is re-armed, disarmed or cancelled. A timer that cannot repeat
  /// fires once, at `deadline`.
  func schedule(at deadline: CountdownInstant, repeating interval: Duration, leeway: Duration)
  /// Stops the timer for good. It never fires after this returns.
  func cancel()
}

extension CountdownTimer {
  /// A timer repeats only when it says so.
  public var supportsRepeating: Bool { false }

  /// One fire at `deadline`, up to `leeway` late: what a timer that cannot repeat does.
  public func schedule(at deadline: CountdownInstant, repeating interval: Duration, leeway: Duration) {
    schedule(at: deadline, leeway: leeway)
  }
}

/// What a ``CountdownTimer`` reports to its engine.
///
/// An enum, complete by design: a timer either fires at its deadline or is settled by hand (a
/// test clock moved), so no case can come; a clock's timer only makes these, the engine alone
/// reads them.
public enum CountdownTimerEvent: Sendable {
  /// The armed deadline was reached.
  case fired
  /// Time was advanced by hand; deliver whatever is pending now.
  case settle
}

/// A clock whose timers call their handler on the queue they were made with, and nowhere else
/// (a `DispatchSourceTimer` on that queue, or a hop onto it). The engine makes its timer on its
/// delivery queue, so a wakeup from such a clock is known to run there without asking Dispatch
/// (`DispatchQueue.getSpecific`, a lookup through the queue's context on every wakeup).
///
/// A manual clock's timers fire on the thread that advances it: it is not one of these.
package protocol TimersFireOnTheirQueue {}

extension ContinuousCountdownClock: TimersFireOnTheirQueue {}
extension AdaptedCountdownClock: TimersFireOnTheirQueue {}
