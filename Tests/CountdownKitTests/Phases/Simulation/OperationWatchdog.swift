import CountdownCore
import Dispatch
import Foundation

/// Fails the process when an operation it watches does not return within its limit: an operation
/// that waits for something up its own stack (a start's hand-over, from inside that start's first
/// call) spins forever, and would hang the test run, and CI, with no word of where. The report
/// (the seed, the step, the steps before it) is written to the standard error before the trap.
///
/// Each watch arms a check on a global queue after the limit, which traps if that watch has not
/// returned by then (a watch inside another, an operation from inside a call inside an operation,
/// is checked on its own).
final class OperationWatchdog: Sendable {
  private struct Watches {
    var next = 0
    /// The report of each watch that has not returned, by its serial.
    var running: [Int: String] = [:]
    var stopped = false
  }

  private let seconds: Double
  private let watches = LockedState(Watches())

  init(limit: Duration) {
    seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
  }

  /// Runs `body`, trapping with `report` if it has not returned after the limit.
  func watch<T>(_ report: String, _ body: () throws -> T) rethrows -> T {
    let serial = watches.withLock { watches in
      watches.next += 1
      watches.running[watches.next] = report
      return watches.next
    }
    defer { watches.withLock { _ = $0.running.removeValue(forKey: serial) } }
    let (watches, seconds) = (watches, seconds)
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
      let hung = watches.withLock { $0.stopped ? nil : $0.running[serial] }
      guard let hung else { return }
      let message = "an operation did not return in \(seconds) s: \(hung)"
      FileHandle.standardError.write(Data((message + "\n").utf8))
      fatalError(message)
    }
    return try body()
  }

  /// Disarms the checks still pending: the run is over.
  func stop() {
    watches.withLock { $0.stopped = true }
  }
}
