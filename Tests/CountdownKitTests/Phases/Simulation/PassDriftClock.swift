import CountdownCore
import Dispatch

/// A manual clock that is late and early as ``ManualCountdownClock``'s jitter makes it, and whose
/// reads move time on (up to `drift` each) only while it is advanced: time moves during a pass, as a
/// real clock's does, but a call the simulation makes between two advances reads the instant the
/// simulation knows, so the reference model knows each operation's instant exactly.
///
/// The reads' drift is kept as an offset above the base clock; a timer armed for an instant is armed
/// on the base clock that much earlier (``ShiftedTimer``), so it fires at that instant as this
/// clock reads it, or later by what the reads drifted since.
final class PassDriftClock: CountdownClock, Sendable {
  struct State {
    var offset: Int64 = 0
    var drifting = false
    var generator: SplitMix64
  }

  let base: ManualCountdownClock
  let drift: Int64
  private let state: LockedState<State>

  init(seed: UInt64, late: Duration, early: Duration, drift: Int64) throws {
    base = try ManualCountdownClock(jitter: .init(late: late, early: early, seed: seed))
    self.drift = drift
    state = LockedState(State(generator: SplitMix64(seed: seed ^ 0xD21F_7C10_CE00_0001)))
  }

  var now: CountdownInstant {
    let base = base.now.nanosecondsSinceOrigin
    let drift = drift
    return CountdownInstant(
      nanosecondsSinceOrigin: state.withLock { state in
        if state.drifting { state.offset += state.generator.upTo(drift) }
        return base + state.offset
      })
  }

  /// The instant now, read without moving it.
  var current: Int64 {
    base.now.nanosecondsSinceOrigin + state.withLock { $0.offset }
  }

  func makeTimer(on queue: DispatchQueue, handler: @escaping @Sendable (CountdownTimerEvent) -> Void)
    -> any CountdownTimer
  {
    ShiftedTimer(base: base.makeTimer(on: queue, handler: handler), clock: self)
  }

  /// How far this clock's reads are ahead of the base clock's.
  var offset: Int64 {
    state.withLock { $0.offset }
  }

  /// Advances by `nanoseconds` with drifting reads: every wakeup on the way fires.
  func advance(by nanoseconds: Int64) throws {
    try drifting { try base.advance(by: .nanoseconds(nanoseconds)) }
  }

  /// Jumps by `nanoseconds` as a machine waking from sleep (each timer fires once, late), with
  /// drifting reads.
  func jump(by nanoseconds: Int64) throws {
    try drifting { try base.jump(by: .nanoseconds(nanoseconds)) }
  }

  /// Runs `body` with reads that do not move time, as between two advances: an operation made
  /// from inside a call during a pass then happens at the instant ``current`` read before it.
  func holdingStill<T>(_ body: () throws -> T) rethrows -> T {
    let wasDrifting = state.withLock { state in
      defer { state.drifting = false }
      return state.drifting
    }
    defer { state.withLock { $0.drifting = wasDrifting } }
    return try body()
  }

  private func drifting(_ body: () throws -> Void) throws {
    state.withLock { $0.drifting = true }
    defer { state.withLock { $0.drifting = false } }
    try body()
  }
}
