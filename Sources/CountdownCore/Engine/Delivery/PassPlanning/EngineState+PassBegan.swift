// Under the lock: a pass begins. Its kind is taken from what is due (a tick, a window pass, ends,
// prompt deliveries), the pass marked as running, and its first chunk prepared.

extension EngineState {
  /// A queued pass began on the delivery queue, with the clock reading `now`. Prepares its first
  /// chunk into `chunk` with `context` (the handlers of registrations the preparation removed go
  /// to `garbage`), unless there is nothing to deliver or a pass runs further up this thread's
  /// stack (a callback advanced a manual clock): its work is then left to a queued pass. Returns the
  /// pass begun, if any, for the caller to run, and whether to queue a pass.
  mutating func passBegan(
    _ context: DeliveryContext, at now: Int64, into chunk: inout DeliveryChunk, garbage: inout [CountdownHandler]
  ) -> (begun: (PassKind, PassProgress)?, queuePass: Bool) {
    pendingWork.notePassDequeued()
    guard delivery == nil else { return (nil, requestPass()) }
    guard hasPendingWork else { return (nil, false) }
    return (beginPass(context, at: now, into: &chunk, garbage: &garbage), false)
  }

  /// Takes the pass's kind from the state, marks the pass as running and prepares its first chunk,
  /// with the clock reading `now` (the handlers of registrations the preparation removed go to
  /// `garbage`). The state has pending work and no pass runs. A wakeup on the delivery queue
  /// begins its pass here too, in the lock that notes it (``timerFired(at:onDeliveryQueue:context:into:garbage:)``).
  mutating func beginPass(
    _ context: DeliveryContext, at now: Int64, into chunk: inout DeliveryChunk, garbage: inout [CountdownHandler]
  ) -> (PassKind, PassProgress) {
    pendingWork.notePassDequeued()
    let kind = takePassKind(context, startedAt: now)
    var progress = PassProgress(kind)
    prepareChunk(kind, &progress, into: &chunk, context: context, preparedAt: now, garbage: &garbage)
    return (kind, progress)
  }

  /// The pass's kind, the pass marked as running.
  private mutating func takePassKind(_ context: DeliveryContext, startedAt: Int64) -> PassKind {
    beginPass(context)
    defer { pendingWork.noteTickAndEndsTaken() }
    if pendingWork.tickDue {
      let pending = takeAwaitingPromptDelivery()
      let tick = tickInstant(passStartedAt: startedAt, window: window)
      if wheel != nil {
        // The windows through the tick are this pass's: a change noted while it runs waits in a
        // later one (``noteInWheel(_:at:changeAt:)``).
        defer { noteWheelVisited(through: tick) }
        if let pending, holdWindows(through: tick) {
          return .windows(tick, pending)
        }
        // Rebuilt by this walk.
        clearWheel()
        wheelCursor.noteWalked()
      }
      // The walk delivers prompt deliveries and due ends too.
      return .tick(tick)
    }
    if pendingWork.endsDue {
      // Prompt deliveries owed meanwhile get a pass of their own, right after this one.
      return .ends(takeDueEnds())
    }
    let pending = takeAwaitingPromptDelivery()
    // Looking a registration up costs cache misses in the buckets and the pool; the walk reads
    // the pool in order. Past an eighth of the table, walking is cheaper
    // (``takeAwaitingPromptDelivery()``).
    return pending.map(PassKind.promptDeliveries) ?? .promptDeliveriesByWalk
  }

  /// Marks the start of a delivery pass: changes noted from now on are kept apart for it.
  mutating func beginPass(_ context: DeliveryContext) {
    context.noteBegan()
    pass.begin(context)
    changeBound.notePassBegan()
  }
}
