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
        + "text \(label.text), \(label.shown.count) shown"
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
