public import Foundation

extension CountdownManager {
  /// The remaining values of a new countdown, as an asynchronous sequence that finishes after `0`.
  ///
  /// ```swift
  /// for await remaining in try CountdownManager.shared.values(for: .seconds(10)) {
  ///   print(remaining)   // 10, 9, ..., 0
  /// }
  /// ```
  ///
  /// Cancelling the consuming task, or dropping the sequence, cancels the countdown. A consumer that
  /// falls behind gets the newest value, never a backlog; the final `0` is never dropped. The
  /// sequence also finishes, without a `0`, when the countdown ends otherwise: when the manager is
  /// deallocated, or the engine's `cancelAll()` removes it.
  ///
  /// The options are those of every start
  /// (``start(_:for:whileSuspended:delivering:pastTheEnd:_:)``): with milestones the sequence holds
  /// the milestones and the `0`; counting overtime it goes on past `0` with `-1`, `-2`, … until
  /// the consuming task is cancelled, the sequence is dropped, or the countdown is removed:
  ///
  /// ```swift
  /// for await remaining in try manager.values(for: .seconds(10), pastTheEnd: .countsOvertime) {
  ///   if remaining < -60 { break }  // ends the countdown
  /// }
  /// ```
  /// - Throws: What ``start(_:for:whileSuspended:delivering:pastTheEnd:_:)`` throws.
  public func values(
    for duration: Duration,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops
  ) throws(CountdownError) -> AsyncStream<Int> {
    try checkMilestones(deliveries, within: duration)
    return try stream(.duration(duration), policy, deliveries, ending)
  }

  /// The remaining values of a new countdown to `date`, as
  /// ``values(for:whileSuspended:delivering:pastTheEnd:)`` gives them.
  ///
  /// - Throws: What ``start(_:until:whileSuspended:delivering:pastTheEnd:_:)`` throws.
  public func values(
    until date: Date,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops
  ) throws(CountdownError) -> AsyncStream<Int> {
    try stream(target(for: date, keepingThePast: ending == .countsOvertime).target, policy, deliveries, ending)
  }

  /// Runs `action` on the main actor once `delay` has passed (within the manager's end tolerance
  /// after it, never before: 50 ms for a 1-second manager), unless cancelled first. A zero delay
  /// runs it promptly: inside this call on the main actor, else on the main queue's next turn.
  ///
  /// ```swift
  /// let hide = try manager.after(.seconds(3)) { banner.isHidden = true }
  /// hide.cancel()  // changed our mind
  /// ```
  /// - Returns: A handle that cancels the action.
  /// - Throws: ``CountdownCore/CountdownError/negativeDuration`` or ``CountdownCore/CountdownError/outOfRange``.
  @discardableResult
  public func after(_ delay: Duration, _ action: @escaping @MainActor () -> Void) throws(CountdownError)
    -> CountdownHandle
  {
    try after(.duration(delay), action)
  }

  private func after(_ target: CountdownTarget, _ action: @escaping @MainActor () -> Void) throws(CountdownError)
    -> CountdownHandle
  {
    let handle = CountdownHandle(engine: engine)
    // The handler keeps the handle (the registration's key) alive until the countdown ends. Only
    // the end is delivered: one wakeup and one main-actor call, however long the delay.
    let handler = MainQueueHandler.make { value, _ in
      guard value == 0 else { return }
      withExtendedLifetime(handle) { action() }
    }
    try engine.register(handle, target, delivering: .onlyTheEnd, handler: handler)
    return handle
  }

  /// Runs `action` on the main actor at `date` (within the manager's end tolerance after it, never
  /// before), unless cancelled first; a date in the past runs it promptly, as a zero delay does.
  ///
  /// ```swift
  /// let open = try manager.after(at: sale.startsAt) { store.isSaleOpen = true }
  /// ```
  ///
  /// The date is converted once, now, as for ``start(_:until:whileSuspended:delivering:pastTheEnd:_:)``.
  /// - Returns: A handle that cancels the action.
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` for a date too far away to represent or
  ///   ``CountdownCore/CountdownError/nonFiniteValue``.
  @discardableResult
  public func after(at date: Date, _ action: @escaping @MainActor () -> Void) throws(CountdownError) -> CountdownHandle
  {
    try after(target(for: date).target, action)
  }

  func stream(
    _ target: CountdownTarget, _ policy: SuspensionPolicy, _ deliveries: CountdownDeliveries,
    _ ending: CountdownEnding
  ) throws(CountdownError) -> AsyncStream<Int> {
    // The newest value waits in `pending`, told by a signal (`LatestValueReader` says why not a
    // stream of the values).
    let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let pending = LatestValueReader<Int>.Pending(nil)
    let handle = CountdownHandle(engine: engine)
    // Finishes the stream however the countdown ends without its final 0 (cancelled, removed by
    // `cancelAll`, or its engine deallocated with the manager): the handler holds it alone.
    let end = StreamFinisher(continuation)
    // Delivered at milestones, each value is noted with the time left then (the engine held
    // weakly: it holds the handler), for `CountdownReadAloud.read` in the task that takes it.
    let delivered = deliveries.milestones == nil ? nil : MilestoneStreamReader.Delivered(nil)
    let weakEngine = WeakReference(engine)
    try engine.register(handle, target, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending) {
      value, _ in
      withExtendedLifetime(handle) {
        delivered?.withLock { $0 = (value, weakEngine.object?.value(for: handle) ?? value) }
        pending.withLock { $0 = value }
        end.continuation.yield()
        // Counting overtime, its 0 is not its end: it finishes when cancelled.
        if value == 0, ending == .stops { end.continuation.finish() }
      }
    }
    continuation.onTermination = { _ in handle.cancel() }
    // The reader holds the signals alone: dropping the sequence ends the countdown.
    let reader = LatestValueReader(signals, pending: pending)
    let stream = AsyncStream(unfolding: { await reader.next() })
    guard let delivered else { return stream }
    let milestones = MilestoneStreamReader(stream, delivered: delivered)
    return AsyncStream(unfolding: { await milestones.next() })
  }

}
