import CountdownCore

/// One step of a model-based simulation run: an operation on the engine or the clock. Steps name
/// receiver slots, not objects, so that a run can be replayed, and shortened, from its steps alone.
indirect enum SimulationStep: CustomStringConvertible, Sendable {
  case countdown(slot: Int, milliseconds: Int64, pauses: Bool)
  case deadline(slot: Int, millisecondsFromNow: Int64)
  case countUp(slot: Int)
  /// A countdown that delivers only its end (``CountdownDeliveries/onlyTheEnd``).
  case oneShot(slot: Int, milliseconds: Int64, pauses: Bool)
  /// A countdown delivered at milestones (``CountdownDeliveries/milestones(_:)``): those of
  /// ``SimulationModel/milestones`` that are below its length.
  case milestones(slot: Int, milliseconds: Int64, pauses: Bool)
  /// A count-up that would deliver only its end: rejected, and the slot's registration untouched.
  case oneShotCountUp(slot: Int)
  /// A countdown that counts on past its deadline (``CountdownEnding/countsOvertime``).
  case overtime(slot: Int, milliseconds: Int64, pauses: Bool)
  case cancel(slot: Int)
  /// Time added to the slot's registration (taken, when negative): a count-up's is rejected, and
  /// `Int64.max` ns ends beyond the clock and is rejected too, either leaving it untouched.
  case addTime(slot: Int, nanoseconds: Int64)
  case pause(slot: Int)
  case resume(slot: Int)
  case release(slot: Int)
  case suspend
  case resumeAll
  case cancelAll
  /// Advance by at most one interval: every wakeup moves each countdown by exactly one.
  case advance(milliseconds: Int64)
  /// A device waking from sleep: whole intervals missed at once.
  case jump(milliseconds: Int64)
  /// Advance by one interval and perform `step` from the first callback of that advance's pass
  /// (see ``SimulationRun``): between the chunks of a crowded pass; on another thread while the
  /// callback waits for it, if `offThread`; after the advance, if no pass ran.
  case duringPass(SimulationStep, offThread: Bool)
  /// Perform `step`, with `preemptedBy` performed right after the engine's first clock reading in
  /// it, before it takes its lock: as if its thread were preempted there.
  case preempted(SimulationStep, by: SimulationStep)
  /// A registration walking `plan`'s segments from segment `from` (past the last, the plan ends at
  /// once), with `leftMilliseconds` to go in it (its length when `nil`; at or below 0, its end
  /// passed that long ago), registered paused if `paused`.
  case walk(
    slot: Int, plan: SimulationPlan, from: Int, leftMilliseconds: Int64?, pauses: Bool,
    deliveries: CountdownDeliveries, paused: Bool)
  /// A move of the slot's walk; a seek with an invalid ordinal or offset throws its error and
  /// changes nothing, and a move of anything but a walk finds none.
  case move(slot: Int, SegmentMove)

  var description: String {
    switch self {
    case .countdown(let slot, let ms, let pauses): "countdown(slot: \(slot), \(ms) ms\(pauses ? ", pauses" : ""))"
    case .deadline(let slot, let ms): "deadline(slot: \(slot), now + \(ms) ms)"
    case .countUp(let slot): "countUp(slot: \(slot))"
    case .oneShot(let slot, let ms, let pauses): "oneShot(slot: \(slot), \(ms) ms\(pauses ? ", pauses" : ""))"
    case .milestones(let slot, let ms, let pauses): "milestones(slot: \(slot), \(ms) ms\(pauses ? ", pauses" : ""))"
    case .oneShotCountUp(let slot): "oneShotCountUp(slot: \(slot))"
    case .overtime(let slot, let ms, let pauses): "overtime(slot: \(slot), \(ms) ms\(pauses ? ", pauses" : ""))"
    case .cancel(let slot): "cancel(slot: \(slot))"
    case .addTime(let slot, let ns): "addTime(slot: \(slot), \(ns / 1_000_000) ms)"
    case .pause(let slot): "pause(slot: \(slot))"
    case .resume(let slot): "resume(slot: \(slot))"
    case .release(let slot): "release(slot: \(slot))"
    case .suspend: "suspend"
    case .resumeAll: "resumeAll"
    case .cancelAll: "cancelAll"
    case .advance(let ms): "advance(\(ms) ms)"
    case .jump(let ms): "jump(\(ms) ms)"
    case .duringPass(let step, let offThread): "duringPass(\(step)\(offThread ? ", off thread" : ""))"
    case .preempted(let step, let other): "preempted(\(step), by: \(other))"
    case .walk(let slot, let plan, let from, let left, let pauses, let deliveries, let paused):
      "walk(slot: \(slot), \(plan), from: \(from)\(left.map { ", left \($0) ms" } ?? "")\(pauses ? ", pauses" : "")"
        + "\(deliveries.isEveryChange ? "" : ", \(deliveries)")\(paused ? ", paused" : ""))"
    case .move(let slot, let move): "move(slot: \(slot), \(move))"
    }
  }

  /// A random step, weighted toward advancing time. A crowded run (see ``SimulationRun``) has no
  /// `cancelAll`, which would end its crowd. With `mostlyOneShots`, countdowns and count-ups are
  /// started as one-shots of at most half a second: a one-shot's only callback is its end, after
  /// which the engine may have nothing else to wake for.
  static func random(
    slots: Int, crowded: Bool = false, mostlyOneShots: Bool = false, using generator: inout SplitMix64
  ) -> SimulationStep {
    let slot = Int(generator.next() % UInt64(slots))
    // Walks have slots of their own after the others (``SimulationRun/walkSlots``), where nothing
    // else is registered but from a callback: a walk there lives long enough to pass its segments
    // and be moved. One operation on a slot in four is on one of them.
    let walkSlot = slots + Int(generator.next() % UInt64(SimulationRun.walkSlots))
    let target = generator.next() % 4 == 0 ? walkSlot : slot
    let pick = generator.next() % 100
    if crowded, pick == 37 {
      // Whole intervals (0 included): a value taken at another instant than the registration's
      // shows at once at a boundary.
      return .duringPass(
        .countdown(slot: slot, milliseconds: 100 * Int64(generator.next() % 31), pauses: false), offThread: false)
    }
    switch pick {
    case 0..<11: return start(slot: slot, pausesOneIn: 4, mostlyOneShots: mostlyOneShots, using: &generator)
    case 11..<14:
      return .overtime(slot: slot, milliseconds: Int64(generator.next() % 1_500), pauses: generator.next() % 4 == 0)
    case 14..<18: return .deadline(slot: slot, millisecondsFromNow: Int64(generator.next() % 3_000) - 500)
    case 18..<20:
      return mostlyOneShots
        ? .oneShot(slot: slot, milliseconds: Int64(generator.next() % 500), pauses: false) : .countUp(slot: slot)
    case 20..<24: return .cancel(slot: target)
    case 24..<27: return .pause(slot: target)
    case 27..<30: return .resume(slot: target)
    case 30..<33: return .release(slot: target)
    case 33..<35: return .suspend
    case 35..<37: return .resumeAll
    case 37: return .cancelAll
    case 38..<40: return .jump(milliseconds: 100 + Int64(generator.next() % 2_000))
    case 40..<45:
      return .oneShot(slot: slot, milliseconds: Int64(generator.next() % 3_000), pauses: generator.next() % 4 == 0)
    case 45: return .oneShotCountUp(slot: slot)
    case 62..<67:
      return .milestones(slot: slot, milliseconds: Int64(generator.next() % 4_000), pauses: generator.next() % 4 == 0)
    case 46..<54:
      return .duringPass(
        operation(
          slot: target, walkSlot: walkSlot, crowded: crowded, mostlyOneShots: mostlyOneShots, using: &generator),
        offThread: generator.next() % 3 == 0)
    case 54..<58:
      let interruption: SimulationStep =
        switch generator.next() % 4 {
        case 0: .suspend
        case 1: .resumeAll
        default: .advance(milliseconds: 1 + Int64(generator.next() % 100))
        }
      return .preempted(
        operation(
          slot: target, walkSlot: walkSlot, crowded: crowded, mostlyOneShots: mostlyOneShots, using: &generator),
        by: interruption)
    case 58..<62: return addTime(slot: target, using: &generator)
    case 67..<69: return walk(slot: walkSlot, using: &generator)
    case 69..<73: return move(slot: walkSlot, using: &generator)
    default: return .advance(milliseconds: 1 + Int64(generator.next() % 100))
    }
  }

  /// Up to 3 s added or taken, in one step of twenty an end beyond the clock.
  private static func addTime(slot: Int, using generator: inout SplitMix64) -> SimulationStep {
    guard generator.next() % 20 != 0 else { return .addTime(slot: slot, nanoseconds: .max) }
    return .addTime(slot: slot, nanoseconds: (Int64(generator.next() % 6_001) - 3_000) * 1_000_000)
  }

  /// A countdown of up to 3 s on `slot`, on running time one time in `pausesOneIn`; in a quiet run,
  /// a one-shot of up to half a second instead, so that one often ends in the interval a pass is
  /// held in.
  private static func start(
    slot: Int, pausesOneIn: UInt64, mostlyOneShots: Bool, using generator: inout SplitMix64
  ) -> SimulationStep {
    let milliseconds = Int64(generator.next() % (mostlyOneShots ? 500 : 3_000))
    let pauses = generator.next() % pausesOneIn == 0
    return mostlyOneShots
      ? .oneShot(slot: slot, milliseconds: milliseconds, pauses: pauses)
      : .countdown(slot: slot, milliseconds: milliseconds, pauses: pauses)
  }

  /// A random operation that moves no time (a walk or a move on `walkSlot`): what a callback, or a thread preempted in it, does.
  private static func operation(
    slot: Int, walkSlot: Int, crowded: Bool, mostlyOneShots: Bool, using generator: inout SplitMix64
  ) -> SimulationStep {
    switch generator.next() % 13 {
    case 12: return walk(slot: walkSlot, using: &generator)
    case 11: return move(slot: walkSlot, using: &generator)
    case 10: return addTime(slot: slot, using: &generator)
    case 0, 1: return start(slot: slot, pausesOneIn: 3, mostlyOneShots: mostlyOneShots, using: &generator)
    case 2:
      return generator.next() % 2 == 0
        ? .oneShot(slot: slot, milliseconds: Int64(generator.next() % 3_000), pauses: generator.next() % 3 == 0)
        : generator.next() % 2 == 0
          ? .overtime(slot: slot, milliseconds: Int64(generator.next() % 1_500), pauses: generator.next() % 3 == 0)
          : .milestones(slot: slot, milliseconds: Int64(generator.next() % 3_000), pauses: generator.next() % 3 == 0)
    case 3, 4: return .pause(slot: slot)
    case 5, 6: return .resume(slot: slot)
    case 7: return .cancel(slot: slot)
    case 8: return generator.next() % 2 == 0 ? .suspend : .resumeAll
    default: return crowded ? .cancel(slot: slot) : .cancelAll
    }
  }

  /// A walk of a random plan (``SimulationPlan/random(using:)``) from its first segment mostly,
  /// now and then a later one or past its last; now and then with a time left of its own (up to
  /// 1 s, or its end passed up to 1.5 s ago), on running time, paused; delivering every change,
  /// one time in five only its ends, and one in five at ``SimulationModel/milestones``.
  private static func walk(slot: Int, using generator: inout SplitMix64) -> SimulationStep {
    let plan = SimulationPlan.random(using: &generator)
    let from: Int
    switch generator.next() % 16 {
    case 0: from = plan.count ?? 0
    case 1..<5: from = Int(generator.next() % UInt64(min(plan.count ?? 6, 6)))
    default: from = 0
    }
    let left: Int64? = generator.next() % 5 < 2 ? Int64(generator.next() % 2_501) - 1_500 : nil
    let deliveries: CountdownDeliveries =
      switch generator.next() % 5 {
      case 0: .onlyTheEnd
      case 1: .milestones(SimulationModel.milestones)
      default: .everyChange
      }
    return .walk(
      slot: slot, plan: plan, from: from, leftMilliseconds: left, pauses: generator.next() % 4 == 0,
      deliveries: deliveries, paused: generator.next() % 6 == 0)
  }

  /// A move of the slot's walk: a skip, a restart, a back, or a seek to a segment up to the ninth,
  /// up to 0.9 s into it; one seek in ten to a negative ordinal, one in ten at a negative offset,
  /// and many past their segment's length.
  private static func move(slot: Int, using generator: inout SplitMix64) -> SimulationStep {
    switch generator.next() % 10 {
    case 0..<3: return .move(slot: slot, .skip)
    case 3: return .move(slot: slot, .restart)
    case 4, 5: return .move(slot: slot, .back)
    default:
      var ordinal = Int(generator.next() % 10)
      var offset = 100_000_000 * Int64(generator.next() % 10) - (generator.next() % 3 == 0 ? 0 : 50_000_000)
      offset = max(0, offset)
      if generator.next() % 10 == 0 { ordinal = -1 - ordinal }
      if generator.next() % 10 == 0 { offset = -1 - offset }
      return .move(slot: slot, .seek(ordinal: ordinal, offset: offset))
    }
  }
}
