/// The engine's lock and the state it guards, counting how often it is taken: what a wakeup costs
/// beyond the timer's own is mostly that, which tests count (``CountdownEngine/lockEntries``).
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
