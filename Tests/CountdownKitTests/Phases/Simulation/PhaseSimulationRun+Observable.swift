@_spi(Walks) import CountdownCore
import Foundation

@testable import CountdownKit

// The observable model of a countdown in phases in the simulation: a twin of a slot's countdown in
// phases by receiver, walking the same plan from the same instant with the same operations, so
// that the same wakeups deliver both; after each step, what the model shows is what its twin was
// given, and the reference model says.
extension PhaseSimulationRun {
  /// What a slot's observable model must show after a step.
  enum ObservableState {
    /// Its twin's position.
    case following
    /// Its plan's end.
    case ended
    /// Nothing checked: its sequence was cancelled, or its last phase skipped, which leave the
    /// last values shown.
    case unchecked
  }

  /// Makes (or restarts) the observable model of `slot`, walking `plan` as its twin does, from the
  /// same instant.
  func startTwin(_ slot: Int, plan: CountdownPlan, policy: SuspensionPolicy, deliveries: CountdownDeliveries) throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
    if let model = observables[slot] as? ObservablePhaseCountdown {
      try model.restart(plan: plan, whileSuspended: policy, delivering: deliveries)
    } else {
      observables[slot] = try manager.countdown(plan: plan, whileSuspended: policy, delivering: deliveries)
    }
    observableModels += 1
    observableStates[slot] = .following
    movedModels.insert(slot)
    trace.append("model \(slot)")
  }

  /// Before an operation on a slot with an observable model: the deliveries queued on the main
  /// queue (a resume's catch-up) run first, as they do between two events of an app. Else the
  /// twin's operation, made first, would deliver them, its model's among them, between the two
  /// operations: the model would be one delivery ahead of its twin when its own operation comes.
  func settle(_ slot: Int) {
    guard observables[slot] != nil else { return }
    let drained = LockedState(false)
    DispatchQueue.main.async { drained.withLock { $0 = true } }
    while !drained.withLock({ $0 }) {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
  }

  /// Releases the observable model of `slot`, which ends its sequence.
  func endTwin(_ slot: Int) {
    observables[slot] = nil
    observableStates[slot] = .unchecked
  }

  /// An operation made on a slot's countdown in phases (between two calls, made again on its
  /// observable model; or from inside one of its handler's calls).
  enum ModelOperation {
    case skipPhase, restartPhase, goToPreviousPhase, pause, resume, cancel
    /// Time added (or taken), in nanoseconds.
    case addTime(Int64)

    /// What the trace calls it.
    var traced: String {
      switch self {
      case .skipPhase: "skip"
      case .restartPhase: "restart"
      case .goToPreviousPhase: "back"
      case .pause: "pause"
      case .resume: "resume"
      case .cancel: "cancel"
      case .addTime(let time): "addTime \(time)"
      }
    }
  }

  /// Makes on `slot`'s observable model the operation its twin was given, which returned `done`.
  func twin(_ slot: Int, _ done: Bool, _ operation: ModelOperation) {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
    guard let model = observables[slot] as? ObservablePhaseCountdown else { return }
    let modelDone =
      switch operation {
      case .skipPhase: model.skipPhase()
      case .restartPhase: model.restartPhase()
      case .goToPreviousPhase: model.goToPreviousPhase()
      case .pause: model.pause()
      case .resume: model.resume()
      case .cancel: model.cancel()
      case .addTime(let time): (try? model.addTime(.nanoseconds(time))) ?? false
      }
    check(
      modelDone == done,
      "the observable model's \(operation) returned \(modelDone), its twin's \(done)")
    if modelDone { movedModels.insert(slot) }
  }

  /// Whether the ends a model shows (`shown`, ordinals) can be those of its own last call with
  /// ends, as its twin's last are `twin`: the ends of one call, oldest first, each once, at most
  /// the plan's window, the newest the newest its plan passed, its twin's. The two are separate
  /// registrations read at separate instants of one pass, on a clock that moves during the pass:
  /// an end due between the two reads comes with the previous end to one and in the next pass to
  /// the other. So the two may group the ends of the step their last ends came in differently,
  /// and only those: an end shown by one and not the other is one of them.
  private func shownEndsAreOneCall(_ shown: [Int], twin: [Int], window: Int, slot: Int) -> Bool {
    guard let newest = shown.last, newest == twin.last, shown.count <= window,
      zip(shown, shown.dropFirst()).allSatisfy({ $1 == $0 + 1 })
    else { return false }
    let shownOnlyByOne = shown.count > twin.count ? shown.dropLast(twin.count) : twin.dropLast(shown.count)
    let stepEnds = lastEndsStepEnds[slot]
    return shownOnlyByOne.allSatisfy(stepEnds.contains)
  }

  /// After a step: each observable model shows what its twin was given and the reference model
  /// says (its phase, its place in the plan, its pause, its last ends, its end), and, when time
  /// did not move in the step, the dates its twin has.
  func checkObservables() {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
    for slot in 0..<Self.slotCount {
      guard let model = observables[slot] as? ObservablePhaseCountdown else { continue }
      switch observableStates[slot] {
      case .unchecked: continue
      case .ended:
        check(
          model.hasEnded && model.phase == nil && model.remaining == 0 && model.pauseTime == nil,
          "slot \(slot): the observable model after its plan's end: ended \(model.hasEnded), phase \(model.phase?.name ?? "nil")"
        )
      case .following:
        guard let expectation = phases(slot), let phase = expectation.phase(expectation.cursor.ordinal) else {
          fail("slot \(slot): an observable model following no countdown in phases")
          continue
        }
        let paused: Bool
        if case .paused = expectation.cursor.timing { paused = true } else { paused = false }
        check(
          !model.hasEnded && model.ordinal == expectation.cursor.ordinal && model.phase == phase.phase
            && model.cycle == phase.cycle && model.phaseIndex == phase.indexInCycle
            && model.isLongBreak == phase.isLongBreak && model.isPaused == paused
            && model.nextPhase == expectation.phase(expectation.cursor.ordinal + 1)?.phase,
          "slot \(slot): the observable model shows ordinal \(model.ordinal) \(model.phase?.name ?? "nil")"
            + " paused \(model.isPaused), expected ordinal \(expectation.cursor.ordinal) \(phase.phase.name)"
            + " paused \(paused)")
        if !lastEnds[slot].isEmpty {
          let shown = model.lastPhaseEnds.map(\.ordinal)
          check(
            shownEndsAreOneCall(
              shown, twin: lastEnds[slot], window: expectation.plan.layout.segments.window, slot: slot),
            "slot \(slot): the observable model's last ends \(shown), its twin's \(lastEnds[slot])"
              + " (of \(lastEndsStepEnds[slot]) in their step)")
        }
        // Its dates are set when the phase moves: after an operation that moved it, in the same
        // instant as its twin's.
        if !timeMoved, movedModels.contains(slot), let receiver = receivers[slot] {
          let dates = manager.timerDates(for: receiver)
          check(
            model.timerDates == dates,
            "slot \(slot): the observable model's dates \(model.timerDates), its twin's \(dates.map { "\($0)" } ?? "nil")"
          )
        }
      }
    }
  }
}
