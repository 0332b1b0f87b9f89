import CountdownKit
import Foundation

// Countdowns in phases on the manager's other surfaces: by receiver, as an observable model and
// as an async sequence, with the operations on each.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension PublicAPIFuzzer {
  /// The plans the fuzzer walks: short ones, so their ends come within a run.
  static let surfacePlans: [CountdownPlan] = [
    // Constant, valid plans: these cannot throw.
    try! CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Work", .seconds(2)), CountdownPhase("Rest", .milliseconds(700))], repeated: .forever)
    ]),
    try! CountdownPlan(
      warmUp: [CountdownPhase("Warm-up", .milliseconds(300))],
      blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Run", .seconds(1)), CountdownPhase("Walk", .seconds(1), pausesAfter: true)],
          repeated: .times(2))
      ],
      coolDown: [CountdownPhase("Cool-down", .nanoseconds(1))]),
  ]

  func phaseSurfaces() {
    let plan = random.pick(Self.surfacePlans)
    let (policy, deliveries) = (random.policy(), random.deliveries())
    let label = random.pick(labels)
    switch random.below(6) {
    case 0:
      begin("start(_:plan:, \(policy), \(deliveries))")
      expect(FuzzDocumentedErrors.startPlan(deliveries), leaving: .label(label)) { () throws(CountdownError) in
        try manager.start(label, plan: plan, whileSuspended: policy, delivering: deliveries) { label, update, stop in
          label.text = update.position?.phase.name ?? ""
          stop = update.remaining > 1_000
        }
      }
    case 1:
      begin("skipPhase(_:), restartPhase(_:), goToPreviousPhase(_:)")
      switch random.below(3) {
      case 0: manager.skipPhase(label)
      case 1: manager.restartPhase(label)
      default: manager.goToPreviousPhase(label)
      }
    case 2:
      begin("phasePosition(for:), timerDates(for:)")
      _ = manager.phasePosition(for: label)
      _ = manager.timerDates(for: label)
    case 3:
      begin("countdown(plan:, \(policy), \(deliveries))")
      expect(FuzzDocumentedErrors.startPlan(deliveries)) { () throws(CountdownError) in
        phaseModels.append(try manager.countdown(plan: plan, whileSuspended: policy, delivering: deliveries))
        if phaseModels.count > 4 { phaseModels.removeFirst() }
      }
    case 4:
      guard let model = phaseModels.isEmpty ? nil : random.pick(phaseModels) else { return }
      let time = random.duration()
      begin("phase model operation, time \(time)")
      switch random.below(9) {
      case 0: model.skipPhase()
      case 1: model.restartPhase()
      case 2: model.goToPreviousPhase()
      case 3: model.pause()
      case 4: model.resume()
      case 5: model.cancel()
      case 6: _ = (model.position, model.timerDates, model.remainingTime, model.snapshot(id: label.text))
      case 7:
        expect(FuzzDocumentedErrors.modelAddTime) { () throws(CountdownError) in _ = try model.addTime(time) }
      default:
        expect(FuzzDocumentedErrors.startPlan(deliveries)) { () throws(CountdownError) in
          try model.restart(plan: plan, whileSuspended: policy, delivering: deliveries)
        }
      }
    default:
      begin("phaseUpdates(plan:, \(policy), \(deliveries))")
      expect(FuzzDocumentedErrors.startPlan(deliveries)) { () throws(CountdownError) in
        let updates = try manager.phaseUpdates(plan: plan, whileSuspended: policy, delivering: deliveries)
        keep(
          Task {
            for await update in updates where update.planEnded { break }
          })
      }
    }
  }
}
