@testable import CountdownKit

/// The plan walked phase by phase, as a reader of its documentation would: every phase of every
/// cycle written out in order, up to a horizon for a plan that runs forever. The tests compare
/// the plan's arithmetic with it.
struct PlanReferenceModel {
  struct Phase: Equatable {
    let phase: CountdownPhase
    let indexInCycle: Int
    let cycle: Int
    let isLongBreak: Bool
    /// Its length in the plan (the last of a block lasting a total may be cut short).
    let length: Int64
    /// Its start, from the plan's start.
    let start: Int64
  }

  private(set) var phases: [Phase] = []
  /// Whether ``phases`` is the whole plan; `false`: it runs forever, written out to the horizon.
  private(set) var isComplete = true

  /// Writes out `plan` to at least `horizon` nanoseconds of it.
  init(_ plan: CountdownPlan, horizon: Int64) {
    var time: Int64 = 0
    func append(_ phase: CountdownPhase, _ index: Int, _ cycle: Int, _ isLong: Bool, cutAt end: Int64?) -> Bool {
      var length =
        Int64(phase.duration.components.seconds) * 1_000_000_000 + phase.duration.components.attoseconds / 1_000_000_000
      if let end { length = min(length, end - time) }
      phases.append(
        Phase(
          phase: phase, indexInCycle: index, cycle: cycle, isLongBreak: isLong, length: length,
          start: time))
      time += length
      return end.map { time >= $0 } ?? false
    }
    for (index, phase) in plan.warmUp.enumerated() { _ = append(phase, index, 0, false, cutAt: nil) }
    for block in plan.blocks {
      let blockStart = time
      let total = block.repetition.total.map {
        Int64($0.components.seconds) * 1_000_000_000 + $0.components.attoseconds / 1_000_000_000
      }
      var cycle = 0
      cycles: while true {
        if let count = block.repetition.count, cycle >= count { break }
        if block.repetition.isForever, time > horizon {
          isComplete = false
          return
        }
        for (index, phase) in block.phases.enumerated() {
          var current = phase
          var isLong = false
          if index == block.phases.count - 1, let long = block.longBreak, (cycle + 1) % block.longBreakEvery == 0 {
            (current, isLong) = (long, true)
          }
          if append(current, index, cycle, isLong, cutAt: total.map { blockStart + $0 }) {
            break cycles
          }
        }
        cycle += 1
      }
    }
    for (index, phase) in plan.coolDown.enumerated() { _ = append(phase, index, 0, false, cutAt: nil) }
  }

  /// The ordinal of the phase running at `offset`; the count once past the end.
  func ordinal(at offset: Int64) -> Int {
    phases.firstIndex { $0.start + $0.length > offset } ?? phases.count
  }

  func end(of ordinal: Int) -> Int64 {
    phases[ordinal].start + phases[ordinal].length
  }
}
