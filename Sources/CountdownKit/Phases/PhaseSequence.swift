import CountdownCore
import Foundation

/// A countdown in phases as a manager runs it under an id: its plan, where it is (its cursor) and
/// what makes the handlers of its one engine registration, behind one lock.
///
/// One registration walks the whole plan: it counts down to the current phase's end, and at that
/// end (its `0`) the handler moves the cursor on (``PhaseCursor/advanced(to:in:)``, which reports
/// every end passed, in order and bounded) and registers the same token again toward the next
/// phase's end, before it calls the app: a re-registration replaces the node in place, O(1), with
/// a handler that keeps the new cursor (``HandlerMaker``). Kept with the id
/// (``IDRegistry/Record/attachment``), so it goes with the id's next start, cancel or end; the
/// handlers hold it, and it holds what makes them, to register again, until it is detached
/// (``detach()``), which lets go of that.
///
/// The manager's own `pause(id:)`, `resume(id:)`, `addTime(_:id:)` and `cancel(id:)` reach it as
/// an ``IDAttachment``: each changes the cursor first, then hands the phase to the engine
/// (``handOver(on:written:onMainThread:)``: one thread at a time, again while changes come, so that from
/// several threads at once the engine still ends with the latest cursor), and the cursor and the
/// registration never disagree on the phase's end once the changes are handed over. Its time keeps running while the
/// manager is suspended (``CountdownCore/SuspensionPolicy/keepsRunning``), or freezes as a single
/// countdown's does (``CountdownCore/SuspensionPolicy/pauses``): the engine then moves its
/// registration's deadline by each suspension, and the cursor takes the phase's deadline back from
/// the engine (``followEngine(_:)``) before it is read or changed, rather than keeping a clock of its
/// own.
///
/// Two objects: the sequence, and its state in one buffer with the mutex that guards it
/// (``InlineLockedState``), the state's flags packed after the cursor.
final class PhaseSequence: IDAttachment, @unchecked Sendable {
  // @unchecked Sendable: `state` is read and written only under its own mutex (its `withLock`);
  // every other property is a constant.
  struct State: Sendable {
    var cursor: PhaseCursor
    /// The id no longer has this sequence: nothing is registered or delivered for it any more.
    var detached = false
    /// A thread is handing the cursor to the engine (``handOver(on:written:onMainThread:)``), and hands every change
    /// made meanwhile too: while it does, the engine's registration may count a phase the cursor
    /// has left, and is not read back. A new sequence starts with it set: its start hands it over.
    var handingOver = true
    /// Whether the thread handing over is the main thread, whose first delivery may call the app,
    /// which may change the sequence again from inside the hand-over: that change does not wait,
    /// it writes itself (``deliverChange(of:handsOver:on:)``).
    /// Set by the start's registration too (``registerFirst(_:handlers:on:_:)``), whose first call
    /// comes inside it.
    var handingOverOnMainThread = false
    var token: IDRegistry.Token?
    /// Makes the handler of each registration written, for the cursor it registers.
    var handlers: HandlerMaker?
    /// Counts the changes of the cursor that the engine must be given (each start, operation and
    /// phase end): the hand-over compares it before and after its engine write, to see whether a
    /// later change came meanwhile.
    var generation: UInt64 = 0
    /// The latest generation the hand-over wrote to the engine: a change waits for it (or the
    /// hand-over's end) before it returns (``awaitHandOver(of:)``).
    var written: UInt64 = 0
  }

  /// Makes the handler of a registration of the sequence, for the cursor the registration counts:
  /// the handler keeps that cursor, so that a value's call reads the phase it counts with no lock
  /// and no look at the sequence (``PhaseHandlers``). A handler per registration, made at each
  /// write (a start, an operation, a phase end), not per value.
  typealias HandlerMaker = @Sendable (_ cursor: PhaseCursor) -> CountdownHandler

  let plan: CountdownPlan
  /// Whether the plan walks on or freezes while the manager is suspended.
  let policy: SuspensionPolicy
  let deliveries: CountdownDeliveries
  let state: InlineLockedState<State>
  /// What the manager's sequences share: its engine, wall clock and interval.
  let context: ManagerCallContext
  /// The manager's engine: its clock times the calls, and it runs the registration.
  var engine: CountdownEngine { context.engine }
  #if COUNTDOWN_CHECK_INVARIANTS
    /// Tests only, in builds with internal checks: called with the cursor about to be handed to the
    /// engine, with no lock held, just before the engine is written to, so that a test can hold a
    /// hand-over there while another change of the cursor passes it.
    let beforeEngineWrite = LockedState<(@Sendable (PhaseCursor) -> Void)?>(nil)
    /// Tests only, in builds with internal checks: called, with no lock held, by an operation of
    /// the manager that ended the plan (a skip of its last phase), after its change of the cursor
    /// and before the id is freed, so that a test can start the id again at that point.
    let beforeEndingTheID = LockedState<(@Sendable () -> Void)?>(nil)
  #endif

  init(
    plan: CountdownPlan, policy: SuspensionPolicy, deliveries: CountdownDeliveries, startingAt now: Int64,
    context: ManagerCallContext
  ) {
    self.plan = plan
    self.policy = policy
    self.deliveries = deliveries
    self.context = context
    state = InlineLockedState.make(State(cursor: PhaseCursor(startingAt: now, in: plan.layout)))
  }

  /// Whether `cursor` is past the plan's last phase. O(1): no copy of the plan's arithmetic.
  func isEnded(_ cursor: PhaseCursor) -> Bool {
    plan.storage.layout.isEnded(cursor.ordinal)
  }

  /// The current phase's time left at `now` in whole intervals, rounded up; 0 once the plan has
  /// ended. O(1): the position is not worked out for it. Inlined: each value's call works it out,
  /// and a call of it was 20 of that call's 623 instructions (callgrind).
  @inline(__always)
  func remaining(of cursor: PhaseCursor, at now: Int64) -> Int {
    guard !isEnded(cursor) else { return 0 }
    return Self.remaining(of: cursor.timing, at: now, interval: context.intervalNanoseconds)
  }

  /// A phase's time left at `now` in whole intervals of `interval` nanoseconds, rounded up, timed
  /// by `timing`, where `value` (above 0) is likely it: the engine's value of the registration,
  /// which it works out for the instant its tick stands for. It is the time left at the reading
  /// too unless the wakeup came early or late across a change of the value; checked with one
  /// product, so that a value's call divides only then (a 64-bit division was the slowest
  /// instruction of the call).
  @inline(__always)
  static func remaining(of timing: PhaseCursor.Timing, at now: Int64, interval: Int64, likely value: Int) -> Int {
    // ceil(left ÷ interval) is `value` exactly when (value − 1) · interval < left ≤ value · interval;
    // in unsigned arithmetic, where a deadline not before `now` leaves an exact difference.
    if case .running(let deadline) = timing, deadline >= now {
      let left = UInt64(bitPattern: deadline &- now)
      let step = UInt64(bitPattern: interval)
      let (upper, overflow) = UInt64(bitPattern: Int64(value)).multipliedReportingOverflow(by: step)
      if !overflow, left <= upper, left > upper &- step { return value }
    }
    return remaining(of: timing, at: now, interval: interval)
  }

  /// A phase's time left at `now` in whole intervals of `interval` nanoseconds, rounded up, timed
  /// by `timing`.
  @inline(__always)
  static func remaining(of timing: PhaseCursor.Timing, at now: Int64, interval: Int64) -> Int {
    let left: Int64
    switch timing {
    case .running(let deadline): left = max(0, deadline.subtractingSaturated(now))
    case .paused(let frozen): left = frozen
    }
    return Int(left / interval + (left % interval > 0 ? 1 : 0))
  }

  /// What a value's call reads for a plan frozen while suspended, whose phase's end the engine
  /// moves (a plan that keeps running reads the cursor its handler keeps, ``PhaseHandlers``): the
  /// cursor as it stands, its deadline the engine's, under one lock (a change on its way to the
  /// engine included: the call then shows the changed phase, as the next one will), with the engine's reading of the batch of callbacks
  /// being called and its wall-clock date (``ManagerCallContext/wallDate(ofBatch:)``), so that
  /// the call reads no clock; with it, the phase's time left at the reading in whole intervals,
  /// rounded up (``remaining(of:at:)``, not the engine's value, which a wakeup early or late works
  /// out for the instant it stands for). `nil` when the id no longer has the sequence, after the
  /// plan's end, and outside a batch:
  /// ``CountdownManager/phaseSequence(_:of:delivered:_:phasesEnded:update:)`` makes those calls.
  /// Only inside the handler's call.
  @inline(__always)
  func valueReading() -> (CountdownPhaseUpdate.Reading, remaining: Int)? {
    let (reading, batch) = context.callReading.pointee
    guard batch != 0 else { return nil }
    // A plan frozen while suspended: its phase's end is where the engine moved it.
    if policy == .pauses { followEngine(context.engine) }
    guard let cursor = currentCursor else { return nil }
    return (
      .init(cursor: cursor, now: reading, wallNow: context.wallDate(ofBatch: batch)),
      remaining(of: cursor, at: reading)
    )
  }

  /// The instant of the handler's call on the manager's clock, and its wall-clock date: the
  /// engine's reading of the batch of callbacks being called, or, outside one, the clocks read now.
  func callInstant() -> (now: Int64, wallNow: Date) {
    let (reading, batch) = context.callReading.pointee
    guard batch != 0 else { return (context.engine.clock.now.nanosecondsSinceOrigin, context.wallClock()) }
    return (reading, context.wallDate(ofBatch: batch))
  }

  /// The app's handler set its stop flag: the sequence ends here. The registration its call
  /// belongs to may have been replaced by the next phase's, so the id's token is ended, and a
  /// hand-over still on its way ends what it registers.
  func stopped() {
    detach()
    if let token = state.withLock({ $0.token }) { engine.cancel(token) }
  }

  /// The cursor as it stands while the id has this sequence and its plan goes on; `nil` once it
  /// is detached or its plan ended.
  var currentCursor: PhaseCursor? {
    guard let cursor = state.withLock({ $0.detached ? nil : $0.cursor }), !isEnded(cursor) else { return nil }
    return cursor
  }

  /// Whether the id still has this sequence.
  var isDetached: Bool {
    state.withLock { $0.detached }
  }

  /// Whether the plan ended: its last phase's end passed.
  var isPlanEnded: Bool {
    state.withLock { $0.cursor.isEnded(in: plan.layout) }
  }

  /// The plan's end is its running out, as a single countdown's `0` is.
  var hasRunOut: Bool { isPlanEnded }

  /// What the engine should count toward: the current phase's deadline, or its frozen time.
  func target(of cursor: PhaseCursor) -> (target: CountdownTarget, paused: Bool) {
    switch cursor.timing {
    case .running(let deadline): (.deadline(CountdownInstant(nanosecondsSinceOrigin: deadline)), false)
    case .paused(let left): (.duration(.nanoseconds(left)), true)
    }
  }

  /// Counts a change of the cursor just made (under the lock, in `state`) that the engine must be
  /// given; whether the caller is now the one to hand it over (``handOver(on:written:onMainThread:)``), or another
  /// thread that is handing over will hand it too.
  static func changed(_ state: inout State) -> Bool {
    state.generation &+= 1
    defer { state.handingOver = true }
    return !state.handingOver
  }

  /// Hands the latest cursor to the engine: the token registered again toward its phase's end
  /// (paused, if it is), replacing the registration in place, or ended with the plan. Called with
  /// no lock held by the thread that counted a change and found nobody handing over
  /// (``changed(_:)``), or by the start that registered `written`, the generation it registered
  /// (`onMainThread`: whether this is the main thread, which that start read already).
  ///
  /// Two changes from two threads each change the cursor under the lock, but only one thread at a
  /// time writes to the engine, and it writes again as long as a change came during its write:
  /// so the engine always ends with the latest cursor, whatever order the changes came in, and no
  /// lock is held while the engine is called (its first delivery may run the handler inline).
  /// A change made meanwhile by another thread has its cursor handed by this one, and waits for
  /// it (``awaitHandOver(of:)``). A sequence the id no longer has ends what this registered.
  func handOver(on engine: CountdownEngine, written: UInt64? = nil, onMainThread: Bool = MainThreadMark.isMainThread) {
    var written = written
    while true {
      // What to write (the latest cursor, its generation, the token and handler), or what to end.
      let (write, end) = state.withLock {
        state -> (write: (PhaseCursor, UInt64, IDRegistry.Token, HandlerMaker)?, end: IDRegistry.Token?) in
        // Never back: a write made inside this one's (``writeWithinOwnHandOver(on:)``) came later.
        if let written { state.written = max(state.written, written) }
        state.handingOverOnMainThread = onMainThread
        let ended = state.cursor.isEnded(in: plan.layout)
        guard let token = state.token, let handlers = state.handlers, !state.detached, !ended,
          state.written != state.generation
        else {
          state.handingOver = false
          // Detached, or ended with the plan: a write of this thread's may be left, which the
          // cancel or the end did not see; the token is this sequence's alone, so it is ended.
          return (nil, state.detached || ended ? state.token : nil)
        }
        return ((state.cursor, state.generation, token, handlers), nil)
      }
      guard let (cursor, generation, token, handlers) = write else {
        if let end { engine.cancel(end) }
        return
      }
      #if COUNTDOWN_CHECK_INVARIANTS
        beforeEngineWrite.withLock { $0 }?(cursor)
      #endif
      writePhase(of: cursor, token: token, handler: handlers(cursor), on: engine)
      written = generation
    }
  }

  /// Registers `token` again toward `cursor`'s phase: its deadline, or its frozen time, paused.
  private func writePhase(
    of cursor: PhaseCursor, token: IDRegistry.Token, handler: @escaping CountdownHandler, on engine: CountdownEngine
  ) {
    let (target, paused) = target(of: cursor)
    // A deadline or frozen time the plan already checked: this cannot throw. A paused phase
    // with time left is registered and paused under one acquisition of the engine's lock, so
    // that a clock moving between two calls takes nothing off its frozen time; one with none
    // left is registered running, not paused, for its `0` to end it (the handler then moves the
    // plan on to the next phase, waiting paused): at once, from the pass up this thread's stack
    // right after its call, or at the delivery queue's next turn. Paused, that `0` would never
    // come when it was not made at once.
    if paused, case .paused(let left) = cursor.timing, left > 0,
      let request = try? RegistrationRequest(target, whileSuspended: policy, delivering: deliveries)
    {
      try? engine.submit(token, request, pausedAt: engine.clock.now, handler: handler)
    } else {
      try? engine.register(token, target, whileSuspended: policy, delivering: deliveries, handler: handler)
    }
  }

  /// For a change met inside this thread's own hand-over, on the main thread: a phase end (a change
  /// whose write delivered the phase's `0` at once, as time taken past its end does), or an
  /// operation made by the app's handler from a call that write made (a start's first call, the
  /// ends a restore reports). Writes the cursor as it stands to the engine now: before the
  /// followers hear of the end, so that they find the next phase, not the id's registration ended;
  /// and before the registration it replaces makes a call that would show the cursor as it was (a
  /// first value the pass up the stack owes it). The hand-over up the stack still owns the
  /// engine's writes (nothing else can write meanwhile: it is this thread); this write counts as
  /// its own (``State/written``), so it writes again only what changed after. Nothing for a
  /// detached sequence or an ended plan, which that hand-over ends.
  func writeWithinOwnHandOver(on engine: CountdownEngine) {
    guard
      let (cursor, generation, token, handlers) = state.withLock({
        state -> (PhaseCursor, UInt64, IDRegistry.Token, HandlerMaker)? in
        guard !state.detached, !state.cursor.isEnded(in: plan.layout), let token = state.token,
          let handlers = state.handlers
        else { return nil }
        return (state.cursor, state.generation, token, handlers)
      })
    else { return }
    writePhase(of: cursor, token: token, handler: handlers(cursor), on: engine)
    state.withLock { $0.written = max($0.written, generation) }
  }

  /// Gets a change just counted (``changed(_:)``, `generation`) to the engine: hands it over if it
  /// is this thread's to (`handsOver`); on the main thread inside its own hand-over (the app's
  /// handler, called by that hand-over's write, up this stack), writes it at once
  /// (``writeWithinOwnHandOver(on:)``); otherwise waits for the thread handing over to hand it.
  func deliverChange(of generation: UInt64, handsOver: Bool, on engine: CountdownEngine) {
    if handsOver { return handOver(on: engine) }
    if MainThreadMark.isMainThread, state.withLock({ $0.handingOver && $0.handingOverOnMainThread }) {
      writeWithinOwnHandOver(on: engine)
    } else {
      awaitHandOver(of: generation)
    }
  }

  /// Returns once the engine holds the change of the cursor counted as `generation`, which another
  /// thread, handing over, hands to it (``changed(_:)`` returned `false`): so that what the
  /// engine says of the id (its time left, its dates, whether it is paused) is the change's as
  /// soon as the operation that made it returns. Also once the hand-over ended (the sequence
  /// detached, or its plan ended). Never for a change inside this thread's own hand-over, which
  /// ``deliverChange(of:handsOver:on:)`` writes itself. The hand-over writes with no lock held and
  /// calls no user code on another thread, so the wait is short.
  private func awaitHandOver(of generation: UInt64) {
    while !state.withLock({ state in !state.handingOver || state.written >= generation || state.detached }) {
      sched_yield()
    }
  }

  /// Registers this new sequence under `token` (the id's claim): `register` writes `cursor` to the
  /// engine with `handler`, the one `handlers` makes for it (`unchanged`: the cursor is the one the
  /// sequence was made with, no other thread changed it yet). The sequence was made handing over, so changes
  /// from other threads that find it before this registration only count themselves, and the
  /// hand-over after it registers them; a rejected registration leaves the sequence detached,
  /// never run. `engine` is the manager's, given by the caller, which holds it: read through the
  /// context here, it was retained, and the engine's weak references make that the runtime's slow
  /// path (callgrind).
  func registerFirst(
    _ token: IDRegistry.Token, handlers: @escaping HandlerMaker, on engine: CountdownEngine,
    _ register: (_ cursor: PhaseCursor, _ unchanged: Bool, _ handler: @escaping CountdownHandler) throws(CountdownError)
      -> Void
  ) throws(CountdownError) {
    // The registration's first call may come inside it, on this thread, and change the sequence:
    // on the main thread, that change must not wait for this thread's hand-over, up its stack.
    let onMainThread = MainThreadMark.isMainThread
    let (cursor, generation) = state.withLock { state in
      state.token = token
      state.handlers = handlers
      state.handingOverOnMainThread = onMainThread
      return (state.cursor, state.generation)
    }
    do throws(CountdownError) {
      try register(cursor, generation == 0, handlers(cursor))
    } catch {
      let handlers = state.withLock { state in
        state.detached = true
        state.handingOver = false
        defer { state.handlers = nil }
        return state.handlers
      }
      // Released after the lock: it holds the app's handler, whose captures may run a deinit.
      _ = consume handlers
      throw error
    }
    handOver(on: engine, written: generation, onMainThread: onMainThread)
  }

  /// For a plan that freezes while the manager is suspended, sets the running phase's deadline to
  /// the engine's: the engine moves its registration's deadline by each suspension (one in course
  /// as if it ended now), and the cursor follows it, so that after a suspension the phase has the
  /// time left it had before, and every later end moves with it. Called before the cursor is read
  /// or changed, with no lock held; nothing for a plan that keeps running, a paused phase, or while
  /// a change of the cursor is on its way to the engine (the registration may be of another phase).
  func followEngine(_ engine: CountdownEngine) {
    #if COUNTDOWN_CHECK_INVARIANTS
      if PlantedFault.current == .frozenPlanNotFollowed { return }
    #endif
    guard policy == .pauses,
      let (token, cursor) = state.withLock({ state in
        state.detached || state.handingOver ? nil : state.token.map { ($0, (state.cursor, state.generation)) }
      }),
      case .running = cursor.0.timing,
      let end = engine.endInstant(of: token)
    else { return }
    state.withLock { state in
      // Changed meanwhile: that change registered its own deadline, which the next read follows.
      guard state.generation == cursor.1, !state.handingOver else { return }
      state.cursor.timing = .running(deadline: end)
    }
  }

  // MARK: The manager's operations on the id

  func pause(at now: Int64, on engine: CountdownEngine) -> Bool {
    change(on: engine) { cursor in
      guard case .running = cursor.timing else { return false }
      cursor.pause(at: now)
      return true
    }
  }

  func resume(at now: Int64, on engine: CountdownEngine) -> Bool {
    change(on: engine) { cursor in
      guard case .paused = cursor.timing else { return false }
      cursor.resume(at: now)
      return true
    }
  }

  func addTime(_ time: Int64, at now: Int64, on engine: CountdownEngine) -> Bool {
    change(on: engine) { cursor in
      cursor.addTime(time, at: now, in: plan.layout)
      return true
    }
  }

  /// The id no longer has this sequence: it registers nothing more, calls nothing, and lets go of
  /// what makes its handlers, which hold it (``PhaseHandlers``): with the engine's registration
  /// ended, all are freed. Idempotent.
  func detach() {
    let handlers = state.withLock { state -> HandlerMaker? in
      state.detached = true
      #if COUNTDOWN_CHECK_INVARIANTS
        // The lifetime tests' self-test: the handler kept, and with it the sequence.
        if PlantedFault.current == .sequenceKeepsItsHandler { return nil }
      #endif
      defer { state.handlers = nil }
      return state.handlers
    }
    // Released after the lock: it holds the app's handler, whose captures may run a deinit.
    _ = consume handlers
  }

  /// The current phase's length: its registration counts that phase.
  var countedLength: Duration? {
    guard let cursor = currentCursor else { return nil }
    return .nanoseconds(plan.layout.duration(ofOrdinal: cursor.ordinal))
  }

  /// Changes the cursor with `change` and, if it changed, hands the phase to the engine (or waits
  /// for the thread handing over to hand it).
  private func change(on engine: CountdownEngine, _ change: (inout PhaseCursor) -> Bool) -> Bool {
    followEngine(engine)
    let changed = state.withLock { state -> (handsOver: Bool, generation: UInt64)? in
      guard !state.detached, !state.cursor.isEnded(in: plan.layout), change(&state.cursor) else { return nil }
      return (Self.changed(&state), state.generation)
    }
    guard let (handsOver, generation) = changed else { return false }
    deliverChange(of: generation, handsOver: handsOver, on: engine)
    return true
  }
}

extension PhaseSequence {
  /// A sequence restored from a snapshot: `cursor`, where the snapshot left it.
  convenience init(
    plan: CountdownPlan, policy: SuspensionPolicy, deliveries: CountdownDeliveries, cursor: PhaseCursor,
    context: ManagerCallContext
  ) {
    self.init(plan: plan, policy: policy, deliveries: deliveries, startingAt: 0, context: context)
    state.withLock { $0.cursor = cursor }
  }
}
