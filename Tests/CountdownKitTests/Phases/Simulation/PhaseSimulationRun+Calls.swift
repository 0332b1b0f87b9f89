import CountdownCore
import Foundation

@testable import CountdownKit

// What handlers do from inside their calls: a start's (by id or by receiver) or a restore's
// handler makes one drawn operation on its own countdown in phases at its first call (which comes
// inside the start or the restore, on the main thread) or at a later one (a value or a phase end,
// inside the manager's pass), or a start's handler starts a plan on another slot. The model makes
// it at the call's instant, as it makes the same operation or start between calls, and the calls
// and reads after it must show what it predicts.
extension PhaseSimulationRun {
  /// What a handler does from inside one of its calls.
  enum CallAction {
    /// An operation on its own countdown in phases.
    case operation(ModelOperation)
    /// A start of a random plan on the slot `offset` slots on from its own.
    case start(offset: Int)
  }

  /// What a start's handler does from inside its calls, by the call's count: now and then
  /// something at its first call, now and then something at its second to sixth.
  func drawActionsInCalls() -> [Int: CallAction] {
    var actions: [Int: CallAction] = [:]
    if callRandom.next() % 4 == 0 { actions[1] = drawAction() }
    if callRandom.next() % 4 == 0 { actions[2 + Int(callRandom.next() % 5)] = drawAction() }
    return actions
  }

  /// Mostly an operation on its own countdown in phases, now and then a start on another slot.
  private func drawAction() -> CallAction {
    if callRandom.next() % 8 == 0 {
      return .start(offset: 1 + Int(callRandom.next() % UInt64(Self.slotCount - 1)))
    }
    return .operation(drawOperation())
  }

  /// One operation a handler may make on its own countdown in phases.
  func drawOperation() -> ModelOperation {
    switch callRandom.next() % 8 {
    case 0: .skipPhase
    case 1: .restartPhase
    case 2: .goToPreviousPhase
    case 3: .pause
    case 4: .resume
    case 5, 6: .addTime(callRandom.upTo(12 * unit) - 6 * unit)
    default: .cancel
    }
  }

  /// After a call of the countdown in phases of `generation` was checked: what its handler does
  /// at this call, if anything, done with the clock held still, so that it happens at the instant
  /// the model reads (during a pass, the clock's reads otherwise move it on). The watchdog fails
  /// the process, naming the seed and step, if it does not return.
  func operateInCall(of generation: Int, slot: Int, withEnds: Bool) {
    guard let expectation = phases(slot), expectation.generation == generation,
      let action = expectation.actionsAtCalls.removeValue(forKey: expectation.calls)
    else { return }
    let label = "in call \(expectation.calls) of g\(generation)\(insideAStart ? " inside its start or restore" : ""): "
    let clock = clock
    switch action {
    case .operation(let operation):
      operationsInCalls += 1
      if insideAStart { operationsInsideStarts += 1 }
      if withEnds { operationsAtEnds += 1 }
      do {
        _ = try watchdog.watch(report("\(label)\(operation.traced) on slot \(slot) did not return")) {
          try clock.holdingStill { try perform(operation, on: slot, label: label) }
        }
      } catch {
        fail("\(label)\(operation.traced) threw \(error)")
      }
    case .start(let offset):
      // Not inside a restore, which may have the other slot's plan still to restore.
      guard !restoring else { return }
      startsInCalls += 1
      let other = (slot + offset) % Self.slotCount
      trace.append("\(label)start on slot \(other):")
      // The start draws its plan from the calls' generator: the steps draw what they did.
      swap(&random, &callRandom)
      defer { swap(&random, &callRandom) }
      do {
        try watchdog.watch(report("\(label)a start on slot \(other) did not return")) {
          try clock.holdingStill { try startPlan(other, fromACall: true) }
        }
      } catch {
        fail("\(label)a start on slot \(other) threw \(error)")
      }
    }
  }
}
