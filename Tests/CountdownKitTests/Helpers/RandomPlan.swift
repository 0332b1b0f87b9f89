import CountdownKit
import CountdownTestSupport

/// Random plans for the property tests and the phase simulation, drawn from a seed: a warm-up,
/// up to three blocks (counted, lasting a total, or forever, which ends the plan's blocks), each
/// maybe with a long break (which pauses more often than other phases), and a cool-down, with
/// lengths of 1 to 20 units.
enum RandomPlan {
  /// A plan drawn from `random`, its lengths in units of `unit` nanoseconds.
  static func make(_ random: inout SplitMix64, unit: Int64 = 1) throws -> CountdownPlan {
    func phase(_ name: String, pausesOneIn odds: Int) -> CountdownPhase {
      CountdownPhase(
        name, .nanoseconds(unit * Int64.random(in: 1...20, using: &random)),
        pausesAfter: Int.random(in: 0..<odds, using: &random) == 0)
    }
    func phases(_ count: Int) -> [CountdownPhase] {
      (0..<count).map { phase("p\($0)", pausesOneIn: 12) }
    }
    let warmUp = phases(Int.random(in: 0...2, using: &random))
    var blocks: [CountdownPlan.Block] = []
    var endless = false
    for _ in 0..<Int.random(in: 0...3, using: &random) where !endless {
      let repetition: CountdownPlan.Repetition
      switch Int.random(in: 0..<4, using: &random) {
      case 0: repetition = .lasting(.nanoseconds(unit * Int64.random(in: 1...200, using: &random)))
      case 1:
        repetition = .forever
        endless = true
      default: repetition = .times(Int.random(in: 1...6, using: &random))
      }
      // A long break that pauses, more often than other phases: the walk's jump to the next one.
      let long = Bool.random(using: &random) ? phase("long", pausesOneIn: 3) : nil
      blocks.append(
        .init(
          phases(Int.random(in: 1...4, using: &random)), repeated: repetition, longBreak: long,
          every: Int.random(in: 1...6, using: &random)))
    }
    var coolDown = endless ? [] : phases(Int.random(in: 0...2, using: &random))
    if warmUp.isEmpty, blocks.isEmpty, coolDown.isEmpty { coolDown = phases(1) }
    return try CountdownPlan(warmUp: warmUp, blocks: blocks, coolDown: coolDown)
  }
}
