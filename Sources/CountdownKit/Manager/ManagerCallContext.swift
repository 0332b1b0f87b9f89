import CountdownCore
import Foundation

/// What the handlers of one manager's countdowns share, kept once per manager rather than in each
/// countdown: the engine's clock, its reading of the calls it makes, the wall clock their
/// dates come from, the interval their values count, and the manager; and, for their calls, the
/// wall-clock date of the engine's reading of the callbacks being called, read once per batch of
/// callbacks rather than once per call. Its users now are the countdowns in phases
/// (``PhaseSequence``).
final class ManagerCallContext: @unchecked Sendable {
  // @unchecked Sendable: `clock`, `callReadings`, `callReading`, `wallClock` and
  // `intervalNanoseconds` are constants (what `callReading` points to is read only on the engine's
  // delivery queue, where the engine writes it); `manager` is written once before any other
  // thread can see this object; the pairing
  // (`pairedBatch`, `pairedDate`) is read and written only inside the engine's handler calls, on its
  // delivery queue, the main queue (``wallDate(ofBatch:)``).
  // Unchecked exclusivity: each access is one short read or write on that one queue, so the
  // runtime's dynamic check (a thread-local lookup per access) can never fire.

  /// The engine's clock, which times a call outside a batch. Not the engine: the engine holds the
  /// handlers that hold this, which would hold the engine in turn.
  let clock: any CountdownClock
  /// The engine's reading of the callbacks it is calling: the instant of a handler's call
  /// (``CountdownCore/CallReadings``), kept so that ``callReading`` stays valid.
  let callReadings: CallReadings
  /// The reading and batch of the callbacks being called, read with one load at each call; only
  /// on the delivery queue.
  let callReading: UnsafePointer<(reading: Int64, batch: UInt64)>
  /// The manager's wall clock, for the dates of the updates.
  let wallClock: @Sendable () -> Date
  /// The manager, for the followers its phase ends are told to: weak, as the manager holds this.
  /// Set once, by the manager's initializer, before any sequence can read it.
  weak var manager: CountdownManager?
  /// The engine's interval in nanoseconds (at least 1): a phase's value counts these.
  let intervalNanoseconds: Int64
  /// The batch of callbacks ``pairedDate`` is the wall clock's date of.
  @exclusivity(unchecked) private var pairedBatch: UInt64 = 0
  @exclusivity(unchecked) private var pairedDate = Date.distantPast

  init(engine: CountdownEngine, wallClock: @escaping @Sendable () -> Date) {
    clock = engine.clock
    callReadings = engine.callReadings
    callReading = callReadings.current
    self.wallClock = wallClock
    intervalNanoseconds = max(1, (try? engine.interval.countdownNanoseconds()) ?? 1)
  }

  /// The wall-clock date of the batch `batch` of callbacks being called, whose instant on the
  /// manager's clock is the engine's reading of it (``CountdownCore/CallReadings``):
  /// the wall clock read at the batch's first call, just after that reading, and kept for the
  /// batch's other calls, so that every update of the batch dates its instants from one pair of
  /// readings. Only inside a handler's call.
  func wallDate(ofBatch batch: UInt64) -> Date {
    if batch == pairedBatch { return pairedDate }
    let date = wallClock()
    (pairedBatch, pairedDate) = (batch, date)
    return date
  }
}
