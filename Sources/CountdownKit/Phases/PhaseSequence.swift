@_spi(Walks) import CountdownCore
import Foundation

/// A countdown in phases as the manager runs it: the engine's walk of the plan's segments
/// (``CountdownCore/SegmentWalk``, registered by
/// ``CountdownCore/CountdownEngine/register(_:walk:left:whileSuspended:paused:readAt:callsFirst:onDeliveryQueue:handler:)``)
/// under an id's token or a receiver, the one truth of where the plan is, and what the manager
/// keeps beside it in the same object: the plan with its phases and the policy, for the manager's
/// reads (a position, dates, a snapshot, found by the engine's status), and the phase the last
/// call of the walk told, which each value's call reads.
///
/// A phase's end, a move (skip, restart, back), a resume, time added and the first delivery each
/// come as the engine's one segment call (``segmentChanged(_:stop:)``), which moves ``told`` on;
/// the values within a phase come as values, and make their update from ``told`` with no lock and
/// no look at the engine (``PhaseHandlers``).
///
/// Made as an id's (``IDPhaseDelivery``) or a receiver's (``ReceiverPhaseDelivery``), with what
/// their calls need beside the plan: the values' handler captures that one object and nothing
/// else, so that it is its context, and a start allocates one object beside the registration.
class PhaseSequence: SegmentWalk, @unchecked Sendable {
  // @unchecked Sendable: the walk's own state is the engine's, under its lock (as the superclass
  // says); `told` is read and written only inside the walk's calls and values, which the engine
  // makes one at a time on its delivery queue, the main queue; the rest is constant.
  /// Whether the plan walks on or freezes while the manager is suspended. (The deliveries are the
  /// walk's own, ``CountdownCore/SegmentWalk/deliveries``, not kept twice.)
  let policy: SuspensionPolicy
  let plan: CountdownPlan
  /// The manager's clock, readings and wall clock, for the calls.
  let context: ManagerCallContext
  /// The phase the walk's last call told, and its end (or frozen time): the engine tells it again
  /// at every change of it (its end moved by time added, or by a suspension for a plan that
  /// freezes), so that a value's call reads it as it stands.
  @exclusivity(unchecked) final var told: SegmentCursor

  /// A walk of `plan` from phase `ordinal` (checked at its registration).
  init(
    plan: CountdownPlan, from ordinal: Int, policy: SuspensionPolicy, deliveries: CountdownDeliveries,
    context: ManagerCallContext
  ) {
    self.plan = plan
    self.policy = policy
    self.context = context
    // Never read as it is here: a start that knows its first phase tells it (`startsTold`), and
    // any other start's first delivery is a call, which tells it.
    told = SegmentCursor(ordinal: ordinal, timing: .paused(left: 0))
    super.init(layout: plan.layout.segments, ordinal: ordinal, deliveries: deliveries)
  }

  /// Tells a segment call of the walk (``deliver(_:stop:)``), on the main queue, where the engine
  /// makes it.
  override final func segmentChanged(_ call: SegmentCall, stop: inout Bool) {
    Self.deliverOnMain(self, call, &stop)
  }

  /// ``deliver(_:stop:)``, called as the engine calls, on the main queue: one closure for every
  /// sequence, capturing nothing, cast as ``MainQueueHandler`` casts a callback. (A closure made
  /// at each call, to run it as the main actor's, was allocated each time: about 5 % of a phase's
  /// end; `MainActor.assumeIsolated` looks the executor up: about 9 %.)
  private static let deliverOnMain: DeliverNonisolated.Call = {
    let body: DeliverIsolated.Call = { sequence, call, stop in
      #if DEBUG
        dispatchPrecondition(condition: .onQueue(.main))
      #endif
      sequence.deliver(call, stop: &stop)
    }
    return unsafeBitCast(DeliverIsolated(call: body), to: DeliverNonisolated.self).call
  }()

  private struct DeliverIsolated {
    typealias Call = @MainActor (_ sequence: PhaseSequence, _ call: SegmentCall, _ stop: inout Bool) -> Void
    let call: Call
  }

  private struct DeliverNonisolated {
    typealias Call = @Sendable (_ sequence: PhaseSequence, _ call: SegmentCall, _ stop: inout Bool) -> Void
    let call: Call
  }

  /// Takes the phase a start tells as told, where the start is the plan's first phase, running,
  /// from `readAt`, with nothing added: its first value then needs no call to tell it
  /// (`callsFirst: false` to the engine, which tells it by a call all the same where it could not
  /// know, and that call moves ``told`` on). Returns whether it did. Before the registration, so
  /// that the first value reads it.
  final func startsTold(from ordinal: Int, left: Int64?, paused: Bool, readAt: CountdownInstant?) -> Bool {
    guard ordinal == 0, left == nil, !paused, let readAt else { return false }
    told = SegmentCursor(startingAt: readAt.nanosecondsSinceOrigin, in: plan.layout)
    return true
  }

  /// Delivers a segment call of the walk: moves ``told`` on, tells the followers of the phase
  /// ends it tells, then calls the app's handler with the update (``callApp(_:stop:)``), and ends
  /// the countdown at the plan's end or when the handler stops it.
  @MainActor final func deliver(_ call: SegmentCall, stop: inout Bool) {
    let told = SegmentCursor(call)
    self.told = told
    let (reading, batch) = context.callReading.pointee
    let now = batch != 0 ? reading : call.instant
    let wallNow = batch != 0 ? context.wallDate(ofBatch: batch) : context.wallClock()
    let layout = plan.layout
    let planEnded = layout.segments.isEnded(call.ordinal)
    // Most calls tell no end (a first call, a move, a resume): they name no phase and make nothing.
    let passed = call.ends.isEmpty ? nil : Self.withPlantedFault(call.ends)
    if !planEnded, passed != nil { phasesEnded() }
    let remaining =
      planEnded ? 0 : PhaseSequence.remaining(of: told.timing, at: now, interval: context.intervalNanoseconds)
    // A plan's end with no end told (none reaches here through the engine's paths) still reads
    // as the plan's end: an update without ends reads it from its phase.
    let phaseUpdate = CountdownPhaseUpdate(
      cursor: told, now: now, wallNow: wallNow, remaining: remaining, ends: passed, plan: plan.layout)
    callApp(phaseUpdate, stop: &stop)
    if planEnded {
      ended(ranOut: true)
    } else if stop {
      ended(ranOut: false)
    }
  }

  /// Calls the app's handler with `update`, marked as its countdown's delivery.
  @MainActor func callApp(_ update: CountdownPhaseUpdate, stop: inout Bool) {
    preconditionFailure("a countdown in phases is delivered to an id or a receiver")
  }

  /// Tells the followers of the phase ends a call tells (an id's; a receiver has none).
  @MainActor func phasesEnded() {}

  /// The walk ended with a call (`ranOut`: its plan's end; else its stop flag): an id's is freed.
  @MainActor func ended(ranOut: Bool) {}

  /// The ends a call delivers: `ends`, or, in a build with internal checks where a checker's
  /// self-test planted the fault `phaseEndDeliveredTwice`, its last end twice.
  private static func withPlantedFault(_ ends: PassedSegmentEnds) -> PassedSegmentEnds {
    #if COUNTDOWN_CHECK_INVARIANTS
      if PlantedFault.current == .phaseEndDeliveredTwice, let last = ends.ends.last {
        var twice = ends
        twice.ends.append(last)
        return twice
      }
    #endif
    return ends
  }

  /// A phase's time left at `now` in whole intervals of `interval` nanoseconds, rounded up, timed
  /// by `timing`.
  @inline(__always)
  static func remaining(of timing: SegmentCursor.Timing, at now: Int64, interval: Int64) -> Int {
    let left: Int64
    switch timing {
    case .running(let deadline): left = max(0, deadline.subtractingSaturated(now))
    case .paused(let frozen): left = max(0, frozen)
    }
    return Int(left / interval + (left % interval > 0 ? 1 : 0))
  }
}

extension SegmentCursor {
  /// Where a walk stands, as the engine's status says it.
  init(_ status: SegmentStatus) {
    self.init(
      ordinal: status.ordinal,
      timing: status.isPaused || status.end == nil ? .paused(left: status.timeLeft) : .running(deadline: status.end!))
  }

  /// The phase a segment call tells.
  init(_ call: SegmentCall) {
    self.init(
      ordinal: call.ordinal,
      timing: call.isPaused || call.end == nil ? .paused(left: call.timeLeft) : .running(deadline: call.end!))
  }
}

extension SuspensionPolicy {
  /// The policy a plan's walk is registered with: this one, or, where a checker's self-test
  /// planted the fault `frozenPlanNotFollowed` (builds with internal checks), one that keeps
  /// running.
  var ofWalk: SuspensionPolicy {
    #if COUNTDOWN_CHECK_INVARIANTS
      if PlantedFault.current == .frozenPlanNotFollowed { return .keepsRunning }
    #endif
    return self
  }
}
