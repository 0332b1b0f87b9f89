import CountdownKit
import Foundation

// What a refused call must leave as it was: the state of its target, read before and after.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension PublicAPIFuzzer {
  /// Everything the public API says of `target`, as text: two readings differ exactly when the
  /// target changed. The clock does not move during a call, so neither does the time left.
  func state(of target: FuzzTarget) -> String {
    switch target {
    case .none:
      return ""
    case .label(let label):
      return "\(label.name): \(manager.contains(label)) \(String(describing: manager.timeLeft(for: label))) "
        + "\(receiverState(label)) text \(label.text), \(label.shown.count) shown"
    case .stringID(let id):
      return idState(id)
    case .intID(let id):
      return "\(id): \(manager.contains(id: id)) \(String(describing: manager.timeLeft(id: id))) "
        + "\(manager.isPaused(id: id)) \(String(describing: manager.timerDates(id: id)))"
    case .model(let model):
      return modelState(model)
    case .list:
      return list.ids.map { "\($0): \(list[$0].map(modelState) ?? "no row")" }.joined(separator: "; ")
    case .everything:
      return (stringIDs.map(idState) + labels.map { state(of: .label($0)) } + [state(of: .list)])
        .joined(separator: "; ")
    case .calibration(let manager):
      return "\(manager.serverOffset)"
    }
  }

  /// What the public API does not say of a receiver's countdown, as the engine reads it: whether
  /// it is paused (or frozen by a suspension), its time left, its policy and what it delivers, and
  /// its end on the clock, what its dates are made of. The time left alone stands still during a
  /// call, paused or not: a refused call that pauses its receiver changes only these.
  private func receiverState(_ label: CountdownLabel) -> String {
    guard let status = manager.engine.statuses(of: [label]).statuses[0] else { return "no registration" }
    let milestones = status.milestones.map { "\($0.sorted())" } ?? "none"
    return "paused \(status.isPaused) frozen \(status.isFrozen) left \(status.nanoseconds) ns \(status.policy) "
      + "skips \(status.skipsChanges) milestones \(milestones) overtime \(status.countsOvertime) "
      + "end \(String(describing: manager.engine.endInstant(of: label)))"
  }

  private func idState(_ id: String) -> String {
    "\(id.prefix(8)): \(manager.contains(id: id)) \(String(describing: manager.timeLeft(id: id))) "
      + "\(manager.isPaused(id: id)) \(String(describing: manager.timerDates(id: id))) "
      + "\(String(describing: manager.endedAgo(id: id))) \(String(describing: manager.phasePosition(id: id)))"
  }

  private func modelState(_ model: ObservableCountdown) -> String {
    "\(model.remaining) ended \(model.hasEnded) paused \(model.isPaused) active \(model.isActive) "
      + "\(model.timerDates) overtime \(model.isOvertime)"
  }
}
