public import Foundation

// Countdowns that count on past their deadline: a delivery that is late, a talk that runs over,
// an auction that ended a minute ago. The same countdown goes on below 0 on the manager's grid;
// an app no longer cancels at 0 and starts a count-up by hand.
extension CountdownManager {
  /// Starts (or replaces) the countdown shown by `receiver`, for `duration`, counting on past its
  /// end if `ending` says so.
  ///
  /// ```swift
  /// try manager.start(orderCell, for: .seconds(20 * 60), pastTheEnd: .countsOvertime) { cell, remaining, _ in
  ///   cell.etaLabel.text = RemainingTime(seconds: remaining).formatted()  // "20:00" … "0:00", then "−0:01", …
  /// }
  /// ```
  ///
  /// With ``CountdownCore/CountdownEnding/countsOvertime`` the `0` comes at the deadline as usual,
  /// then `-1` once a whole interval has passed since it, `-2` after two, and so on, on the same
  /// grid as every other value, until `stop` is set, the countdown is cancelled or replaced, or the
  /// receiver goes away.
  /// - Throws: ``CountdownCore/CountdownError/negativeDuration`` or
  ///   ``CountdownCore/CountdownError/outOfRange``; an existing countdown of `receiver` is then left
  ///   untouched.
  /// - SeeAlso: ``start(_:for:whileSuspended:_:)``
  @MainActor
  public func start<Receiver: AnyObject>(
    _ receiver: Receiver,
    for duration: Duration,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    pastTheEnd ending: CountdownEnding,
    _ update: @escaping @MainActor (_ receiver: Receiver, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    try register(receiver, .duration(duration), policy, ending: ending, update)
  }

  /// Starts (or replaces) the countdown shown by `receiver`, to `date`, counting on past it if
  /// `ending` says so. A date already passed starts in overtime: its first value is the whole
  /// intervals since it, negated.
  ///
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` or
  ///   ``CountdownCore/CountdownError/nonFiniteValue``.
  /// - SeeAlso: ``start(_:until:whileSuspended:_:)``
  @MainActor
  public func start<Receiver: AnyObject>(
    _ receiver: Receiver,
    until date: Date,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    pastTheEnd ending: CountdownEnding,
    _ update: @escaping @MainActor (_ receiver: Receiver, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    let deadline = try deadline(for: date, keepingThePast: ending == .countsOvertime)
    try register(receiver, .deadline(deadline), policy, ending: ending, update)
  }

  /// Starts (or replaces) the countdown for an id, for `duration`, counting on past its end if
  /// `ending` says so: the id's countdown then lives until `stop` is set or ``cancel(id:)``.
  ///
  /// ```swift
  /// try manager.start(id: "keynote", for: .seconds(25 * 60), pastTheEnd: .countsOvertime) { id, remaining, _ in
  ///   overrun[id] = remaining < 0
  /// }
  /// ```
  /// - Throws: ``CountdownCore/CountdownError/negativeDuration`` or
  ///   ``CountdownCore/CountdownError/outOfRange``; an existing countdown of `id` is then left
  ///   untouched.
  public func start<ID: Hashable & Sendable>(
    id: ID,
    for duration: Duration,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    pastTheEnd ending: CountdownEnding,
    _ update: @escaping @MainActor (_ id: ID, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    try start(id: id, .duration(duration), policy, pastTheEnd: ending, update)
  }

  /// Starts (or replaces) the countdown for an id, to `date`, counting on past it if `ending`
  /// says so.
  ///
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` or
  ///   ``CountdownCore/CountdownError/nonFiniteValue``.
  public func start<ID: Hashable & Sendable>(
    id: ID,
    until date: Date,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    pastTheEnd ending: CountdownEnding,
    _ update: @escaping @MainActor (_ id: ID, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    try start(id: id, .deadline(deadline(for: date, keepingThePast: ending == .countsOvertime)), policy, pastTheEnd: ending, update)
  }

  /// The values of a new countdown, as an asynchronous sequence; with
  /// ``CountdownCore/CountdownEnding/countsOvertime`` it goes on past `0` with `-1`, `-2`, … and
  /// finishes only when the consuming task is cancelled, the sequence is dropped, or the countdown
  /// is removed otherwise (the manager deallocated, or the engine's `cancelAll()`).
  ///
  /// ```swift
  /// for await remaining in try manager.values(for: .seconds(10), pastTheEnd: .countsOvertime) {
  ///   if remaining < -60 { break }  // ends the countdown
  /// }
  /// ```
  /// - Throws: ``CountdownCore/CountdownError/negativeDuration`` or
  ///   ``CountdownCore/CountdownError/outOfRange``.
  public func values(
    for duration: Duration, whileSuspended policy: SuspensionPolicy = .keepsRunning, pastTheEnd ending: CountdownEnding
  ) throws(CountdownError) -> AsyncStream<Int> {
    try stream(.duration(duration), policy, ending: ending)
  }

  /// The values of a new countdown to `date`, going on past it with ``CountdownCore/CountdownEnding/countsOvertime``.
  ///
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` or
  ///   ``CountdownCore/CountdownError/nonFiniteValue``.
  public func values(
    until date: Date, whileSuspended policy: SuspensionPolicy = .keepsRunning, pastTheEnd ending: CountdownEnding
  ) throws(CountdownError) -> AsyncStream<Int> {
    try stream(.deadline(deadline(for: date, keepingThePast: ending == .countsOvertime)), policy, ending: ending)
  }
}
