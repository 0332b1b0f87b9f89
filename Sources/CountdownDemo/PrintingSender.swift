import CountdownKit
import Foundation

/// A push sender that prints each push instead of posting it to APNs, and counts them: what a
/// server's gateway would receive, readable, with every date in seconds after the demo's start.
final class PrintingSender: CountdownPushSender, Sendable {
  /// The demo's start, in seconds since 1970 (the pushes' dates are in those).
  private let origin: Double
  // The scheduler sends from tasks of its own: the count needs a lock.
  private let count = LockedState(0)

  init(origin: Date) {
    self.origin = origin.timeIntervalSince1970
  }

  /// The pushes sent so far.
  var sent: Int { count.withLock { $0 } }

  func send(_ push: CountdownPhasePush, id: String, token: String) async throws -> CountdownPushOutcome {
    // When it went out and when it was due: the engine sends it within its end tolerance after.
    let now = Date().timeIntervalSince1970
    let window = push.window.phases.map { "\($0.phase.name) \(seconds($0.start))–\(seconds($0.end))" }
    let last =
      if let dismissal = push.event.dismissalDate {
        "dismissed at +\(seconds(dismissal))"
      } else if let stale = push.staleDate {
        "stale at +\(seconds(stale))"
      } else {
        "no stale date"
      }
    let due = "(due +\(seconds(push.sendDate)))"
    print("+\(seconds(now)) s  push \(push.event.name) \(due): \(window.joined(separator: ", ")); \(last)")
    count.withLock { $0 += 1 }
    return .sent
  }

  /// `date` as seconds after the start, to the hundredth; a hair before the start reads as 0.00.
  private func seconds(_ date: Double) -> String {
    String(format: "%.2f", max(0, date - origin))
  }
}
