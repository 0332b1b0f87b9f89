import CountdownCore
import Foundation

/// The values' handler of a countdown in phases' one registration, a walk of the plan's segments
/// (its segment calls are the walk's own: ``PhaseSequence/segmentChanged(_:stop:)``).
///
/// A value's call makes its update from the phase the last segment call told
/// (``PhaseSequence/told``), the engine's reading of the call and the batch's wall-clock date: one
/// closure's, as a single countdown's is, reading no lock, no clock and nothing of the engine's. A
/// segment call (a phase's end, the plan's end, a move, a resume, time added, the first delivery)
/// moves ``PhaseSequence/told`` on and makes the update with the ends it tells; the followers hear
/// of phase ends before the app's handler. Each is called once per change: the engine makes the
/// one or the other, never both.
///
/// It captures the sequence alone, which is then its context: a start allocates nothing for it.
/// A value's update holds one reference, the plan's layout, and plain values
/// (``CountdownPhaseUpdate/Basis``); the layout is lent from the sequence for the call
/// (``withPlan(of:_:)``) and borrowed by the update's init, with no retain and no release. (Read
/// as a field, or taken as an owned argument, it was retained and released around each call: a
/// fifth of a value's instructions by id, a tenth by receiver.)
enum PhaseHandlers {
  /// The values' handler of an id's walk, capturing `delivery` alone.
  static func values<ID: Sendable>(of delivery: IDPhaseDelivery<ID>) -> CountdownHandler {
    let values = MainQueueHandler.make { value, stop in
      let (remaining, read) = reading(of: delivery, likely: value)
      HandlerDelivery.call(marking: delivery.token) {
        withPlan(of: delivery) { plan in
          delivery.update(delivery.id, CountdownPhaseUpdate(remaining: remaining, read, plan: plan), &stop)
        }
      }
      if stop { delivery.ended(ranOut: false) }
    }
    return kept(values, of: delivery)
  }

  /// The values' handler of a receiver's walk, capturing `delivery` alone.
  static func values(of delivery: ReceiverPhaseDelivery) -> CountdownHandler {
    let values = MainQueueHandler.make { value, stop in
      guard let receiver = delivery.receiver else {
        stop = true
        return
      }
      let (remaining, read) = reading(of: delivery, likely: value)
      withPlan(of: delivery) { plan in
        HandlerDelivery.call(marking: receiver) {
          delivery.update(receiver, CountdownPhaseUpdate(remaining: remaining, read, plan: plan), &stop)
        }
      }
    }
    return kept(values, of: delivery)
  }

  /// What a value's call reads: the phase's time left at the call's reading, in the manager's
  /// intervals (`value`, the engine's, likely), and the reading with the phase the last segment
  /// call told.
  @inline(__always)
  private static func reading(of sequence: PhaseSequence, likely value: Int) -> (Int, CountdownPhaseUpdate.Reading) {
    let context = sequence.context
    let (reading, batch) = context.callReading.pointee
    let told = sequence.told
    let now = batch != 0 ? reading : context.clock.now.nanosecondsSinceOrigin
    let wallNow = batch != 0 ? context.wallDate(ofBatch: batch) : context.wallClock()
    let remaining = Self.remaining(of: told.timing, at: now, interval: context.intervalNanoseconds, likely: value)
    return (remaining, CountdownPhaseUpdate.Reading(cursor: told, now: now, wallNow: wallNow))
  }

  /// A phase's time left at `now` in whole intervals of `interval` nanoseconds, rounded up, timed
  /// by `timing`, where `value` (above 0) is likely it: the engine's value of the registration,
  /// which it works out for the instant its tick stands for. It is the time left at the reading
  /// too unless the wakeup came early or late across a change of the value; checked with one
  /// product, so that a value's call divides only then (a 64-bit division was the slowest
  /// instruction of the call).
  @inline(__always)
  static func remaining(of timing: SegmentCursor.Timing, at now: Int64, interval: Int64, likely value: Int) -> Int {
    // ceil(left ÷ interval) is `value` exactly when (value − 1) · interval < left ≤ value · interval;
    // in unsigned arithmetic, where a deadline not before `now` leaves an exact difference.
    if case .running(let deadline) = timing, deadline >= now {
      let left = UInt64(bitPattern: deadline &- now)
      let step = UInt64(bitPattern: interval)
      let (upper, overflow) = UInt64(bitPattern: Int64(value)).multipliedReportingOverflow(by: step)
      if !overflow, left <= upper, left > upper &- step { return value }
    }
    return PhaseSequence.remaining(of: timing, at: now, interval: interval)
  }

  /// Calls `body` with the plan's layout of `sequence`, lent: the sequence, the handler's
  /// context, keeps it alive through the call, and never changes it (a constant).
  @inline(__always)
  private static func withPlan(of sequence: PhaseSequence, _ body: (PlanLayout) -> Void) {
    Unmanaged.passUnretained(sequence.plan.layout)._withUnsafeGuaranteedRef(body)
  }

  /// `values`, kept forever with `sequence` where the lifetime tests' self-test planted the fault
  /// `sequenceKeepsItsHandler` (builds with internal checks).
  private static func kept(_ values: @escaping CountdownHandler, of sequence: PhaseSequence) -> CountdownHandler {
    #if COUNTDOWN_CHECK_INVARIANTS
      if PlantedFault.current == .sequenceKeepsItsHandler {
        keptByAPlantedFault.withLock { $0 += [sequence, values] }
      }
    #endif
    return values
  }

  #if COUNTDOWN_CHECK_INVARIANTS
    /// What the planted fault `sequenceKeepsItsHandler` keeps: never freed.
    private static let keptByAPlantedFault = LockedState<[any Sendable]>([])
  #endif
}
