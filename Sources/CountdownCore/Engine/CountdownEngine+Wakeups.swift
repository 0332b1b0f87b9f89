import Dispatch

// The timer's side: its reports (a wakeup, a manual clock's settling) and what the engine does
// with the timer once the lock is released (make, arm or disarm).

extension CountdownEngine {
  private func timerDidReport(_ event: CountdownTimerEvent) {
    guard case .fired = event else { return settle() }
    // Which arming this fire is, read before anything else: another thread may re-arm the timer
    // while this one reads the clock or waits for the lock.
    let generation = armingStamp.value
    // The wakeup's one clock reading: its pass's instants and its re-arm use it too.
    let now = clock.now.nanosecondsSinceOrigin
    // Asked of the queue, not of ``isOnDeliveryQueue``: a clock whose timers fire on the thread
    // that advances it (a manual clock) runs a wakeup's pass only in the delivery queue's own
    // blocks; inside another queue's `sync`, even on the main thread, it is queued.
    let onDeliveryQueue = wakeupsRunOnDeliveryQueue || DispatchQueue.getSpecific(key: deliveryQueueKey) == true
    let context = onDeliveryQueue ? passScratch.takeContext() : DeliveryContext()
    var chunk = onDeliveryQueue ? passScratch.takeChunk() : DeliveryChunk(capacity: 0)
    var wakeup = state.withLock {
      $0.timerFired(at: now, generation: generation, onDeliveryQueue: onDeliveryQueue, context: context, into: &chunk)
    }
    // Moved out, not copied: a copy of the pass retains its arrays and leaves them shared, a copy
    // of the actions retains the timer an arming holds.
    let (actions, pass) = (wakeup.actions.take(), wakeup.pass.take())
    _ = consume wakeup  // what it released goes here, outside the lock
    perform(actions)
    var workLeft = false
    if var pass {
      workLeft = runPass(&pass, &chunk, context: context, reading: now)
    }
    if onDeliveryQueue {
      handBack(chunk, context)
    }
    if workLeft {
      // What its callbacks left (a registration's first value): right after it, at the same instant.
      deliverPending()
    }
  }

  /// A clock advanced by hand settles its timers once per step: what is pending is delivered now,
  /// on the delivery queue, or queued there.
  private func settle() {
    let onDeliveryQueue = DispatchQueue.getSpecific(key: deliveryQueueKey) == true
    let settling = state.withLock { $0.timerSettled(onDeliveryQueue: onDeliveryQueue) }
    perform(EngineActions(queuePass: settling.queuePass))
    guard settling.deliverHere else { return }
    deliverPending()
    // Work a pass leaves (a first delivery owed by one of its callbacks) runs right after it, at
    // the same instant, as on a real delivery queue.
    while state.withLock({ $0.pass.context == nil && !$0.pendingWork.isEmpty }) {
      deliverPending()
    }
  }

  /// Makes, arms or disarms the timer, outside the lock; after arming, applies a newer arming
  /// another thread decided meanwhile, so that the latest decision is the timer's last.
  func performTimer(_ action: TimerAction) {
    var action = action
    while true {
      switch action {
      case .none:
        return
      case .make:
        // On the delivery queue: a wakeup then runs its pass where it fires, instead of handing it
        // to another thread. A late wakeup (the queue was busy) is corrected like any other.
        let reference = WeakEngineReference(self)
        let timer = clock.makeTimer(on: deliveryQueue) { event in
          reference.engine?.timerDidReport(event)
        }
        let repeats = timer.supportsRepeating
        let now = clock.now.nanosecondsSinceOrigin
        action = state.withLock { $0.install(timer, repeats: repeats, now: now) }
      case .arm(let handle, let deadline, let period, let leeway, let generation):
        let timer = handle.timer
        // Before the timer is armed, never after (``ArmingStamp``).
        armingStamp.store(generation)
        if let deadline, let period {
          timer.schedule(
            at: CountdownInstant(nanosecondsSinceOrigin: deadline), repeating: .nanoseconds(period),
            leeway: .nanoseconds(leeway))
        } else {
          timer.schedule(at: deadline.map(CountdownInstant.init(nanosecondsSinceOrigin:)), leeway: .nanoseconds(leeway))
        }
        action = state.withLock { $0.arming.currentArming(ifNewerThan: generation) }
      }
    }
  }
}

/// What the engine's timer holds to reach the engine: a weak reference, so the timer (kept by the
/// engine) never keeps it alive. A `[weak self]` capture would be a mutable box read through the
/// runtime's exclusivity check on every wakeup; this is a plain load.
///
/// A `weak let` (SE-0481) with compilers from 6.3 on; before, which reject it, a `weak var` set
/// once in `init` and read without the exclusivity check.
#if compiler(>=6.3)
  final class WeakEngineReference: Sendable {
    weak let engine: CountdownEngine?

    init(_ engine: CountdownEngine) {
      self.engine = engine
    }
  }
#else
  final class WeakEngineReference: @unchecked Sendable {
    // @unchecked Sendable: `engine` is written once, in `init`, before the reference is shared, and
    // loading a weak reference is atomic.
    @exclusivity(unchecked) private(set) weak var engine: CountdownEngine?

    init(_ engine: CountdownEngine) {
      self.engine = engine
    }
  }
#endif
