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
    case 20..<24: return .cancel(slot: slot)
    case 24..<27: return .pause(slot: slot)
    case 27..<30: return .resume(slot: slot)
    case 30..<33: return .release(slot: slot)
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
        operation(slot: slot, crowded: crowded, mostlyOneShots: mostlyOneShots, using: &generator),
        offThread: generator.next() % 3 == 0)
    case 54..<58:
      let interruption: SimulationStep =
        switch generator.next() % 4 {
        case 0: .suspend
        case 1: .resumeAll
        default: .advance(milliseconds: 1 + Int64(generator.next() % 100))
        }
      return .preempted(
        operation(slot: slot, crowded: crowded, mostlyOneShots: mostlyOneShots, using: &generator), by: interruption)
    case 58..<62: return addTime(slot: slot, using: &generator)
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

  /// A random operation that moves no time: what a callback, or a thread preempted in it, does.
  private static func operation(
    slot: Int, crowded: Bool, mostlyOneShots: Bool, using generator: inout SplitMix64
  ) -> SimulationStep {
    switch generator.next() % 11 {
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
}
