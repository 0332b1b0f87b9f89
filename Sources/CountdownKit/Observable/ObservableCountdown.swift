public import Foundation
public import Observation

/// One countdown as an observable model: a SwiftUI view (or any `withObservationTracking` code)
/// that reads ``remaining``, ``hasEnded`` or ``remainingTime`` is updated when, and only when, the
/// value it read changes.
///
/// ```swift
/// let countdown = try CountdownManager.shared.countdown(for: .seconds(30))
/// countdown.remaining       // 30, then 29, ... 0, on the main actor
/// countdown.hasEnded        // false until the 0
/// try countdown.restart(for: .seconds(30))  // the same model counts again
/// ```
///
/// Made by ``CountdownManager/countdown(for:whileSuspended:)`` or
/// ``CountdownManager/countdown(until:whileSuspended:)`` and driven by that manager's one timer,
/// like every other countdown of it: values follow its clock (right after background and sleep)
/// and flip together with the rest.
///
/// The model owns its countdown: releasing it ends the countdown; restarting it replaces the
/// countdown, never adds a second one. ``CountdownManager/cancelAll()`` ends it too, leaving the
/// last value it showed.
///
/// In SwiftUI, keep it where it survives the view's re-creation: in `@State` (made once, in an
/// action or `.task`, since a `@State` initial value is evaluated again whenever the view is
/// re-created) or in your own observable model.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
@Observable
public final class ObservableCountdown {
  /// The remaining whole intervals of the manager (seconds, for a 1-second manager), rounded up:
  /// never less than what is left. Changes once per step, to `0` last.
  public private(set) var remaining: Int

  /// Whether the countdown reached `0`. Changes only when that happens (or on a restart), so a
  /// view reading only this is not updated on every step.
  public private(set) var hasEnded: Bool

  /// Whether ``pause()`` froze the countdown (until ``resume()`` or a restart).
  public private(set) var isPaused = false

  /// ``remaining`` as a time to format (``remaining`` intervals of the manager):
  /// `Text(countdown.remainingTime, format: .countdown)`.
  public var remainingTime: RemainingTime {
    RemainingTime(interval * remaining)
  }

  /// The manager that drives it; its interval is the step of ``remaining``.
  @ObservationIgnored public let manager: CountdownManager
  /// The key of this model's registration with the manager: a handle, so that `deinit`, which is
  /// not on the main actor, can end the countdown through it.
  @ObservationIgnored private let handle: CountdownHandle
  @ObservationIgnored private let interval: Duration

  init(manager: CountdownManager) {
    self.manager = manager
    handle = CountdownHandle(engine: manager.engine)
    interval = manager.engine.interval
    remaining = 0
    hasEnded = false
  }

  /// Counts down again, for `duration` from now, replacing the current countdown (running or
  /// ended); ``remaining`` and ``hasEnded`` take the new countdown's values at once.
  ///
  /// - Throws: ``CountdownCore/CountdownError/negativeDuration`` or
  ///   ``CountdownCore/CountdownError/outOfRange``; the current countdown and the values are then
  ///   left as they were.
  public func restart(for duration: Duration, whileSuspended policy: SuspensionPolicy = .keepsRunning) throws(CountdownError) {
    try manager.start(handle, for: duration, whileSuspended: policy) { [weak self] _, value, _ in
      self?.show(value)
    }
    showCurrentValue()
  }

  /// Counts down again, to `date`, replacing the current countdown (running or ended).
  ///
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` or
  ///   ``CountdownCore/CountdownError/nonFiniteValue``; the current countdown and the values are
  ///   then left as they were.
  public func restart(until date: Date, whileSuspended policy: SuspensionPolicy = .keepsRunning) throws(CountdownError) {
    try manager.start(handle, until: date, whileSuspended: policy) { [weak self] _, value, _ in
      self?.show(value)
    }
    showCurrentValue()
  }

  /// Freezes the countdown where it is (a quiz's hint screen); ``resume()`` continues it from the
  /// same value.
  ///
  /// - Returns: Whether it was running (or already paused).
  @discardableResult
  public func pause() -> Bool {
    let found = manager.pause(handle)
    if found && !isPaused { isPaused = true }
    return found
  }

  /// Continues a countdown frozen by ``pause()``.
  ///
  /// - Returns: Whether it was running or paused.
  @discardableResult
  public func resume() -> Bool {
    let found = manager.resume(handle)
    if isPaused { isPaused = false }
    return found
  }

  /// Ends the countdown where it is, without changing the values.
  ///
  /// - Returns: Whether it was still running.
  @discardableResult
  public func cancel() -> Bool {
    manager.cancel(handle)
  }

  /// Whether the countdown is running (or paused by the manager), not ended or cancelled. Asked
  /// of the manager on each read, so not observed: observe ``hasEnded``.
  public var isActive: Bool {
    handle.isActive
  }

  /// The values right after a (re)start, which replaced any paused countdown, so a view never
  /// shows the previous countdown's value until the first callback.
  private func showCurrentValue() {
    if isPaused { isPaused = false }
    show(manager.engine.value(for: handle) ?? 0)
  }

  /// Writes only what changed: an observer is told once per change, never for an equal value.
  private func show(_ value: Int) {
    if remaining != value { remaining = value }
    if hasEnded != (value == 0) { hasEnded = value == 0 }
  }

  deinit {
    // Not on the main actor: the handle and the manager are Sendable, and cancelling is safe from
    // any thread.
    handle.cancel()
  }
}
