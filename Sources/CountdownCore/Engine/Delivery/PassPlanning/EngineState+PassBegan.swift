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
    let (kind, walked) = takePassKind(context, startedAt: now)
    var progress = PassProgress(kind)
    progress.allowance = walked
    prepareChunk(kind, &progress, into: &chunk, context: context, preparedAt: now, garbage: &garbage)
    return (kind, progress)
  }

  /// The pass's kind, the pass marked as running, and the registrations it may look at beyond
  /// what it delivers and one chunk (the engine's cost rule: ``checkWakeupCost(_:)``): the table,
  /// for a walk that is due (``walkIsDue(at:)``) or one cheaper than looking up the prompt
  /// deliveries owed; the entries it takes from an index, or the registrations it looks up.
  private mutating func takePassKind(_ context: DeliveryContext, startedAt: Int64) -> (PassKind, allowance: Int) {
    beginPass(context)
    defer { pendingWork.noteTickAndEndsTaken() }
    if pendingWork.tickDue {
      let tick = tickInstant(passStartedAt: startedAt, window: window)
      let walkIsDue = walkIsDue(at: tick)
      guard walkIsDue else {
        // No value on the grid changes by this grid instant: an end or a milestone woke the
        // engine (or the change a wakeup was due for was seen by a pass that ran meanwhile). Its
        // ends come from the ends to come; prompt deliveries owed get a pass of their own.
        let due = takeDueEnds()
        return (.ends(due, labels: tick), due.count)
      }
      // The cost rule's allowance, taken apart from the decision above, which it checks.
      let walked = walkIsDue ? table.count : 0
      let pending = takeAwaitingPromptDelivery()
      if wheel != nil {
        // The windows through the tick are this pass's: a change noted while it runs waits in a
        // later one (``noteInWheel(_:at:changeAt:)``).
        defer { noteWheelVisited(through: tick) }
        if let pending, holdWindows(through: tick) {
          // The entries held are looked at as the pass visits them (``prepareWheel(_:progress:into:)``).
          return (.windows(tick, pending), pending.count)
        }
        // Rebuilt by this walk.
        clearWheel()
        wheelCursor.noteWalked()
      }
      // The walk delivers prompt deliveries and due ends too.
      return (.tick(tick), walked)
    }
    if pendingWork.endsDue {
      // Prompt deliveries owed meanwhile get a pass of their own, right after this one.
      let due = takeDueEnds()
      return (.ends(due, labels: tickInstant(passStartedAt: startedAt, window: window)), due.count)
    }
    let pending = takeAwaitingPromptDelivery()
    // Looking a registration up costs cache misses in the buckets and the pool; the walk reads
    // the pool in order. Past an eighth of the table, walking is cheaper
    // (``takeAwaitingPromptDelivery()``).
    return pending.map { (.promptDeliveries($0), $0.count) } ?? (.promptDeliveriesByWalk, table.count)
  }

  /// Whether a tick standing for grid instant `tick` walks the table: with the wheel (a tick then
  /// rebuilds it), with ends on the interval's grid (the walk finds them), after a resume of the
  /// engine (every value is owed), or when a value on the grid changes by `tick`: the earliest
  /// change is a lower bound at any time, a pass running or not (a walk only moves what it passes
  /// to later changes, and every change noted lowers it), so none does before it.
  func walkIsDue(at tick: Int64) -> Bool {
    wheel != nil || !separateEnds || pendingWork.everyValueOwed || changeBound.earliestChange <= tick
  }

  /// Marks the start of a delivery pass: changes noted from now on are kept apart for it.
  mutating func beginPass(_ context: DeliveryContext) {
    context.noteBegan()
    pass.begin(context)
    changeBound.notePassBegan()
  }
}
