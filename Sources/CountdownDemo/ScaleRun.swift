import CountdownKit
import CountdownProcessUsage
import Foundation

/// `--receivers N --seconds S`: N countdowns on the shared manager for S seconds, then what the
/// process used for them.
@MainActor
final class ScaleRun {
  /// A receiver standing for a label: it keeps the value it shows.
  final class Token {
    var shown: Int?
  }

  private let receivers: Int
  private let seconds: Int
  private var tokens: [Token] = []
  private var callbacks = 0
  /// Values that moved by more than one from the previous one shown: a skipped label.
  private var skipped = 0

  init(receivers: Int, seconds: Int) {
    self.receivers = receivers
    self.seconds = seconds
  }

  func start() {
    let manager = CountdownManager.shared
    let baseline = ProcessUsage.now()
    tokens = (0..<receivers).map { _ in Token() }
    let registrationStart = ContinuousClock.now
    for token in tokens {
      do {
        try manager.start(token, for: .seconds(seconds + 3600)) { [unowned self] token, remaining, _ in
          callbacks += 1
          if let shown = token.shown, remaining != shown - 1 { skipped += 1 }
          token.shown = remaining
        }
      } catch {
        print("registration rejected: \(error)")
        exit(1)
      }
    }
    let registration = registrationStart.duration(to: .now)
    let registered = ProcessUsage.now()
    // Measure whole ticks only: from just after the first-delivery batch to the end.
    DispatchQueue.main.async { [self] in
      MainActor.assumeIsolated {
        measure(manager: manager, baseline: baseline, registered: registered, registration: registration)
      }
    }
  }

  private func measure(
    manager: CountdownManager, baseline: ProcessUsage, registered: ProcessUsage, registration: Duration
  ) {
    let before = ProcessUsage.now()
    let statsBefore = manager.engine.statistics
    DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(seconds)) { [self] in
      MainActor.assumeIsolated {
        let after = ProcessUsage.now()
        let stats = manager.engine.statistics
        let wakeups = stats.wakeups - statsBefore.wakeups
        let delivered = stats.deliveries - statsBefore.deliveries
        let cpu = Double(after.cpuNanoseconds - before.cpuNanoseconds)
        let perReceiverBytes = Double(registered.residentBytes - baseline.residentBytes) / Double(receivers)
        func ms(_ ns: Double) -> String { String(format: "%.2f ms", ns / 1e6) }
        let shownValues = Set(tokens.compactMap(\.shown)).sorted()
        print(
          """
          CountdownDemo headless: \(receivers) countdowns on CountdownManager.shared (1 s interval), \(seconds) s
          timers:        \(stats.hasTimer ? 1 : 0) (one DispatchSourceTimer drives every receiver)
          register:      \(String(format: "%.0f ns", Double(registration.nanosecondsSaturating) / Double(receivers))) per receiver
          ticks:         \(wakeups) wakeups, \(delivered) callbacks (\(callbacks) in all, with first deliveries)
          skipped:       \(skipped) values (a label that moved by more than one); labels now show \(shownValues)
          CPU:           \(ms(cpu)) in \(seconds) s; \(wakeups > 0 ? ms(cpu / Double(wakeups)) : "-") per tick; \(delivered > 0 ? String(format: "%.1f ns", cpu / Double(delivered)) : "-") per callback
          memory:        \(String(format: "%.1f MB", Double(after.residentBytes) / 1e6)) resident; \(String(format: "%.0f", perReceiverBytes)) bytes per receiver (with its object and closure)
          """)
        exit(0)
      }
    }
  }
}
