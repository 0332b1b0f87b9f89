/// The engine's lock and the state it guards, counting how often it is taken: what a wakeup costs
/// beyond the timer's own is mostly how many times it takes this lock, which tests count
/// (``CountdownEngine/lockEntries``). The count lives in the state, so it costs an increment of a
/// field already in the cache.
struct EngineLock: Sendable {
  private let locked: LockedState<EngineState>

  init(_ state: EngineState) {
    locked = LockedState(state)
  }

  @inline(__always)
  func withLock<Result>(_ body: (inout EngineState) throws -> Result) rethrows -> Result {
    try locked.withLock { state in
      state.countLockEntry()
      return try body(&state)
    }
  }

  /// The lock, not counted: for what only builds with internal checks do under it, and for
  /// reading the count itself.
  func withUncountedLock<Result>(_ body: (inout EngineState) throws -> Result) rethrows -> Result {
    try locked.withLock(body)
  }
}

/// What the timer must do, decided under the engine's lock and done after it is released: making,
/// arming and cancelling a timer are calls into the clock's code, which may block or call back
/// into the engine (a timer may fire at once when armed for an instant that has passed).
enum TimerAction {
  case none
  /// Make the engine's timer, then install it (``EngineState/install(_:repeats:now:)``).
  case make
  /// Arm `timer` for `at` (`nil`: disarm), to repeat every `repeating` nanoseconds if given, each
  /// fire up to `leeway` nanoseconds late, then check that no newer arming was decided meanwhile
  /// (``EngineState/currentArming(ifNewerThan:)``): if one was, apply that one too, so the last
  /// decision always wins, whatever order the callers run in.
  case arm(any CountdownTimer, at: Int64?, repeating: Int64?, leeway: Int64, generation: UInt64)
  /// Cancel `timer` and release it.
  case cancel(any CountdownTimer)
}

/// What an engine call must do with the timer and the delivery queue once its lock is released.
/// A transition's result carries it beside what else the call needs (the handlers it freed, to
/// release after the lock: `TransitionResults.swift`).
struct EngineActions {
  var timer: TimerAction = .none
  /// Queue a delivery pass on the delivery queue.
  var queuePass = false

  static let none = EngineActions()

  /// Moves the actions out of a transition's result, leaving none there, as `Optional.take()`
  /// does: copying them out instead would retain the timer an arming holds, and the result's
  /// release would release it again.
  mutating func take() -> EngineActions {
    let taken = consume self
    self = EngineActions()
    return taken
  }
}
