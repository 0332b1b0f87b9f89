import CountdownKit

/// Handlers that call back into the manager from inside their call, as an app's do (a cell that
/// cancels another, a `0` that starts the next step, a handler that reads `endedAgo(id:)`): the
/// fuzzer's receivers and ids only, never a sentinel. Seeded apart from the fuzzer's calls, each
/// handler's call draws what it does next; what its calls throw is checked against their docs.
/// Calls it makes from a handler that another of its handlers made are the last: no deeper.
@MainActor
final class FuzzReentry {
  private let manager: CountdownManager
  private let labels: [CountdownLabel]
  private let ids: [String]
  private var random: FuzzRandom
  private var depth = 0
  private var failures: [String] = []

  init(manager: CountdownManager, labels: [CountdownLabel], ids: [String], seed: UInt64) {
    self.manager = manager
    self.labels = labels
    self.ids = ids
    random = FuzzRandom(seed: seed &* 0x2545_F491_4F6C_DD1D)
  }

  /// What went wrong in handlers since the last call; forgotten once taken.
  func takeFailures() -> [String] {
    defer { failures.removeAll() }
    return failures
  }

  /// A receiver's handler: shows the value, then may call back into the manager.
  func receiverHandler() -> @MainActor @Sendable (CountdownLabel, Int, inout Bool) -> Void {
    { [weak self] label, value, stop in
      label.text = String(value)
      self?.act(on: value, &stop)
    }
  }

  /// An id's handler that may call back into the manager.
  func idHandler() -> @MainActor @Sendable (String, Int, inout Bool) -> Void {
    { [weak self] _, value, stop in self?.act(on: value, &stop) }
  }

  private func act(on value: Int, _ stop: inout Bool) {
    guard depth < 2 else { return }
    depth += 1
    defer { depth -= 1 }
    let id = random.pick(ids)
    let label = random.pick(labels)
    switch random.below(10) {
    case 0: manager.cancel(label)
    case 1: manager.pause(id: id)
    case 2: manager.resume(id: id)
    case 3:
      let time = random.duration()
      check(FuzzDocumentedErrors.addTime, "addTime(\(time)) from a handler") { () throws(CountdownError) in
        if random.bool() { try manager.addTime(time, id: id) } else { try manager.addTime(time, to: label) }
      }
    case 4:
      let duration = Duration.milliseconds(random.below(3_000))
      let deliveries = random.deliveries()
      check(FuzzDocumentedErrors.startFor(deliveries, .stops), "start(id:for: \(duration)) from a handler") {
        () throws(CountdownError) in
        try manager.start(id: id, for: duration, delivering: deliveries, idHandler())
      }
    case 5:
      let duration = random.duration()
      check(FuzzDocumentedErrors.startFor(.everyChange, .stops), "start(_:for: \(duration)) from a handler") {
        () throws(CountdownError) in
        try manager.start(label, for: duration, receiverHandler())
      }
    case 6:
      _ = (manager.endedAgo(id: id), manager.timeLeft(id: id), manager.contains(label), manager.isPaused(id: id))
      _ = (manager.timerDates(id: id), manager.count)
    case 7: stop = value < 5
    default: break
    }
  }

  private func check(_ documented: [CountdownError], _ name: String, _ body: () throws(CountdownError) -> Void) {
    do throws(CountdownError) {
      try body()
    } catch {
      if !documented.contains(error) { failures.append("\(name) threw \(error), documented: \(documented)") }
    }
  }
}
