import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// The app's code that the scheduler calls, the sender and the report handler, runs with no lock
/// of the scheduler's held: it may call the scheduler back. An error the sender throws is a
/// retryable failure.
final class PushSchedulerCallbackTests: XCTestCase {
  /// A sender that reads the scheduler back inside each send, and throws for its first `failures`
  /// calls.
  final class CallingBackSender: CountdownPushSender, Sendable {
    struct Offline: Error, CustomStringConvertible {
      var description: String { "offline" }
    }

    let scheduler = LockedState<CountdownPushScheduler<String>?>(nil)
    let seen = LockedState<[Int]>([])
    let failures = LockedState(0)

    func send(_ push: CountdownPhasePush, id: String, token: String) async throws -> CountdownPushOutcome {
      let scheduler = self.scheduler.withLock { $0 }
      let sentCount = scheduler?.record(id: id)?.sentCount ?? -1
      seen.withLock { $0.append(sentCount) }
      let fails = failures.withLock { failures in
        defer { failures -= 1 }
        return failures > 0
      }
      if fails { throw Offline() }
      // A token given from inside the send is used for the next one.
      try await scheduler?.updateToken("from-the-sender", id: id)
      return .sent
    }
  }

  func testTheSenderAndTheReportHandlerMayCallTheSchedulerBack() async throws {
    let rig = try PushRig()
    let sender = CallingBackSender()
    sender.failures.withLock { $0 = 1 }
    let followed = LockedState<[[String]]>([])
    let box = LockedState<CountdownPushScheduler<String>?>(nil)
    let scheduler = try CountdownPushScheduler(
      engine: rig.engine, sender: sender, store: MemoryPushStore(),
      retryPolicy: CountdownPushRetryPolicy(firstDelay: .seconds(2)), wallClock: rig.wallClock,
      onReport: { report in
        let ids = box.withLock { $0 }?.followedIDs ?? ["none"]
        followed.withLock { $0.append(ids + [report.kind.description]) }
      })
    sender.scheduler.withLock { $0 = scheduler }
    box.withLock { $0 = scheduler }
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await scheduler.settled()
    XCTAssertEqual(sender.seen.withLock { $0 }, [0], "the thrown error waits for a retry")
    XCTAssertEqual(scheduler.record(id: "workout")?.sentCount, 0)
    for second in [2.05, 30.05, 60.05] {
      try rig.advance(to: second)
      await scheduler.settled()
    }
    XCTAssertEqual(sender.seen.withLock { $0 }, [0, 0, 1, 2], "sent again at 2 s, then each step")
    XCTAssertEqual(followed.withLock { $0 }, [["ended"]], "the handler ran after the id was dropped")
    sender.scheduler.withLock { $0 = nil }
    box.withLock { $0 = nil }
  }
}
