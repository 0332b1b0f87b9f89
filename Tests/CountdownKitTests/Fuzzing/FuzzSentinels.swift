import CountdownKit
import Foundation

/// Countdowns that run while the fuzzer makes its hostile calls, on the same manager, and must
/// come out of every call untouched: still there, running, with exactly the time the clock says
/// they have, and showing no less than that. The fuzzer never names them: its receivers are
/// others and its ids are never theirs.
@MainActor
final class FuzzSentinels {
  static let length = Duration.seconds(1_000_000)
  private let manager: CountdownManager
  private let clock: ManualCountdownClock
  private let startedAt: CountdownInstant
  private let labels = (0..<3).map { CountdownLabel("sentinel \($0)") }
  private let ids = (0..<3).map { "sentinel \($0)" }
  private let log = ValueLog()

  init(on manager: CountdownManager, clock: ManualCountdownClock) throws {
    self.manager = manager
    self.clock = clock
    startedAt = clock.now
    let deliveries: [CountdownDeliveries] = [.everyChange, .onlyTheEnd, .milestones([10, 1_000])]
    for (label, deliveries) in zip(labels, deliveries) {
      try manager.start(label, for: Self.length, delivering: deliveries) { label, value, _ in label.shown.append(value)
      }
    }
    for (id, deliveries) in zip(ids, deliveries) {
      try manager.start(id: id, for: Self.length, delivering: deliveries, log.record(id))
    }
  }

  /// The ids the fuzzer must not use (of type `String`).
  func isSentinel(_ id: String) -> Bool { ids.contains(id) }

  /// What is wrong with the sentinels now, if anything.
  func violations() -> [String] {
    let left = Self.length - startedAt.duration(to: clock.now)
    var wrong: [String] = []
    for label in labels {
      if manager.timeLeft(for: label) != left {
        wrong.append("\(label.name): time left \(String(describing: manager.timeLeft(for: label))), not \(left)")
      }
    }
    for id in ids {
      if manager.timeLeft(id: id) != left || manager.isPaused(id: id) {
        wrong.append("\(id): time left \(String(describing: manager.timeLeft(id: id))), not \(left), or paused")
      }
    }
    // Never less than is left: the value a label shows is at least the time left, rounded up.
    let wholeSecondsLeft = Int((left + .nanoseconds(999_999_999)).components.seconds)
    if let shown = labels[0].shown.last, shown < wholeSecondsLeft {
      wrong.append("sentinel 0 shows \(shown) with \(left) left")
    }
    return wrong
  }
}
