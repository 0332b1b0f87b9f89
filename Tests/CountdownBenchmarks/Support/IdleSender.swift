import CountdownCore
import CountdownKit

/// A push sender that sends nothing and answers that the push went out: what is measured is the
/// scheduler, not a gateway. It counts the pushes, so that a run checks each one came.
final class IdleSender: CountdownPushSender, Sendable {
  private let count = LockedState(0)

  /// The pushes sent so far.
  var sent: Int { count.withLock { $0 } }

  func send(_ push: CountdownPhasePush, id: String, token: String) async throws -> CountdownPushOutcome {
    count.withLock { $0 += 1 }
    return .sent
  }
}
