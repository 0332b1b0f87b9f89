import CountdownCore

/// One step of a model-based simulation run: an operation on the engine or the clock. Steps name
/// receiver slots, not objects, so that a run can be replayed, and shortened, from its steps alone.
enum SimulationStep: CustomStringConvertible {
  case countdown(slot: Int, milliseconds: Int64, pauses: Bool)
  case deadline(slot: Int, millisecondsFromNow: Int64)
  case countUp(slot: Int)
  case cancel(slot: Int)
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
  /// Advance by one interval and start a countdown in the slot from the first callback of the
  /// run's crowd (see ``SimulationRun``), between the chunks of a pass (or after the advance, if
  /// no pass ran).
  case duringPass(slot: Int, milliseconds: Int64)

  var description: String {
    switch self {
    case .countdown(let slot, let ms, let pauses): "countdown(slot: \(slot), \(ms) ms\(pauses ? ", pauses" : ""))"
    case .deadline(let slot, let ms): "deadline(slot: \(slot), now + \(ms) ms)"
    case .countUp(let slot): "countUp(slot: \(slot))"
    case .cancel(let slot): "cancel(slot: \(slot))"
    case .pause(let slot): "pause(slot: \(slot))"
    case .resume(let slot): "resume(slot: \(slot))"
    case .release(let slot): "release(slot: \(slot))"
    case .suspend: "suspend"
    case .resumeAll: "resumeAll"
    case .cancelAll: "cancelAll"
    case .advance(let ms): "advance(\(ms) ms)"
    case .jump(let ms): "jump(\(ms) ms)"
    case .duringPass(let slot, let ms): "duringPass(slot: \(slot), \(ms) ms)"
    }
  }

  /// A random step, weighted toward advancing time. A crowded run (see ``SimulationRun``) has no
  /// `cancelAll`, which would end its crowd: it starts countdowns between a pass's chunks instead.
  static func random(slots: Int, crowded: Bool = false, using generator: inout SplitMix64) -> SimulationStep {
    let slot = Int(generator.next() % UInt64(slots))
    let pick = generator.next() % 100
    if crowded, pick == 37 || (40..<43).contains(pick) {
      // Whole intervals (0 included): a value taken at another instant than the registration's
      // shows at once at a boundary.
      return .duringPass(slot: slot, milliseconds: 100 * Int64(generator.next() % 31))
    }
    switch pick {
    case 0..<14: return .countdown(slot: slot, milliseconds: Int64(generator.next() % 3_000), pauses: generator.next() % 4 == 0)
    case 14..<18: return .deadline(slot: slot, millisecondsFromNow: Int64(generator.next() % 3_000) - 500)
    case 18..<20: return .countUp(slot: slot)
    case 20..<24: return .cancel(slot: slot)
    case 24..<27: return .pause(slot: slot)
    case 27..<30: return .resume(slot: slot)
    case 30..<33: return .release(slot: slot)
    case 33..<35: return .suspend
    case 35..<37: return .resumeAll
    case 37: return .cancelAll
    case 38..<40: return .jump(milliseconds: 100 + Int64(generator.next() % 2_000))
    default: return .advance(milliseconds: 1 + Int64(generator.next() % 100))
    }
  }
}
