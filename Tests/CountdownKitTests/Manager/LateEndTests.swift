import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// A handler can tell a late `0` from one on time: `endedAgo(id:)`, read in its call, says how long
/// ago the countdown ended when a restore or a resume delivers its `0` after the end, and nothing
/// for a `0` on time, on a clock that wakes late and early as a real one does.
final class LateEndTests: XCTestCase {
  /// What a handler saw at each `0`: the id and what `endedAgo(id:)` said in the call.
  @MainActor
  private final class Ends {
    var seen: [(id: String, endedAgo: Duration?)] = []

    func handler(_ manager: CountdownManager) -> @MainActor (String, Int, inout Bool) -> Void {
      { [unowned self] id, remaining, _ in
        if remaining == 0 { seen.append((id, manager.endedAgo(id: id))) }
      }
    }
  }

  /// Runs what the main queue holds (deliveries queued there: a resume's).
  @MainActor
  private static func drainMain() {
    let drained = LockedState(false)
    DispatchQueue.main.async { drained.withLock { $0 = true } }
    while !drained.withLock({ $0 }) {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
  }

  func testARestoreTellsTheHandlerHowLongAgoACountdownEndedWhileTheAppWasGone() throws {
    try withManualManager { saved, _, wall in
      try saved.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      try saved.start(id: "roast", for: .seconds(7_200 + 600)) { _, _, _ in }
      let snapshot = saved.snapshot(of: String.self)
      saved.cancelAll()

      // Two hours later, a new process on a clock that wakes up to 2 ms late and 50 µs early.
      wall.jump(by: 7_200)
      let clock = try ManualCountdownClock(jitter: .init(late: .milliseconds(2), early: .microseconds(50), seed: 7))
      let manager = try CountdownManager(clock: clock, wallClock: { wall.now })
      defer { manager.cancelAll() }
      let ends = Ends()
      let restoration = try manager.restore(snapshot, ends.handler(manager))
      XCTAssertEqual(ends.seen.map(\.id), ["tea"], "the tea's 0 comes inside the restore")
      let ago = try XCTUnwrap(ends.seen.first?.endedAgo, "the handler can tell the tea rang long ago")
      XCTAssertEqual(ago, .seconds(7_200 - 180), "on the manager's clock, as the restoration's date says")
      XCTAssertEqual(restoration.ended["tea"], wall.now - 7_020)
      XCTAssertNil(manager.endedAgo(id: "tea"), "after its 0's call: the id is gone")
      XCTAssertNil(manager.endedAgo(id: "roast"), "still running: not ended")
      try clock.advance(by: .seconds(600))
      XCTAssertEqual(ends.seen.map(\.id), ["tea", "roast"])
      XCTAssertNil(ends.seen.last?.endedAgo ?? nil, "the roast's 0 came on time, within the clock's jitter")
    }
  }

  func testAfterTheClockWentBackTheLatenessIsTheRestorationsNeverBelowZero() throws {
    try withManualManager { saved, clock, wall in
      try saved.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      try saved.start(id: "egg", for: .seconds(600)) { _, _, _ in }
      // Saved in the background: the tea ran out while suspended, its 0 not delivered.
      saved.suspendTicking()
      try clock.advance(by: .seconds(300))
      wall.jump(by: 300)
      let snapshot = saved.snapshot(of: String.self)
      saved.cancelAll()

      // Then the person set the device's clock back an hour.
      wall.jump(by: -3_600)
      let (manager, _) = try makeManager(wall: wall)
      defer { manager.cancelAll() }
      let ends = Ends()
      let restoration = try manager.restore(snapshot, ends.handler(manager))
      XCTAssertEqual(ends.seen.map(\.id), ["tea"], "the egg counts on")
      let ended = try XCTUnwrap(restoration.ended["tea"])
      let ago = try XCTUnwrap(ends.seen.first?.endedAgo)
      XCTAssertGreaterThanOrEqual(ago, .zero, "never after now")
      XCTAssertEqual(
        ago / .seconds(1), wall.now.timeIntervalSince(ended), accuracy: 1e-6,
        "the restoration's date, on the manager's clock")
    }
  }

  func testAResumeTellsTheHandlerHowLongAgoACountdownEndedWhileSuspended() throws {
    try withManualManager { manager, clock, _ in
      let ends = Ends()
      try manager.start(id: "tea", for: .seconds(180), ends.handler(manager))
      try manager.start(id: "egg", for: .seconds(420), delivering: .onlyTheEnd, ends.handler(manager))
      try manager.start(id: "bread", for: .seconds(600), whileSuspended: .pauses, ends.handler(manager))
      manager.suspendTicking()
      try clock.advance(by: .seconds(3_600))
      manager.resumeTicking()
      Self.drainMain()
      XCTAssertEqual(ends.seen.map(\.id), ["tea"], "the resume's 0; the egg's comes at the next wakeup")
      XCTAssertEqual(ends.seen.first?.endedAgo, .seconds(3_600 - 180), "ended long before the resume's 0")
      try clock.advance(by: .milliseconds(1))
      XCTAssertEqual(ends.seen.map(\.id), ["tea", "egg"], "the bread was frozen while suspended")
      XCTAssertEqual(
        ends.seen.last?.endedAgo, .seconds(3_600 - 420), "only its end, late too (its wakeup was due at once)")
      try clock.advance(by: .seconds(600))
      XCTAssertEqual(ends.seen.last?.id, "bread")
      XCTAssertNil(ends.seen.last?.endedAgo ?? nil, "on time")
    }
  }

  func testAZeroOnTimeOnALateAndEarlyClockIsNotLate() throws {
    try MainActor.assumeIsolated {
      let clock = try ManualCountdownClock(jitter: .init(late: .milliseconds(2), early: .microseconds(50), seed: 11))
      let manager = try CountdownManager(clock: clock)
      defer { manager.cancelAll() }
      let ends = Ends()
      for seconds in [1, 7, 30] {
        try manager.start(id: "timer \(seconds)", for: .seconds(seconds), ends.handler(manager))
      }
      // Suspended and resumed before any end: nothing ended while suspended.
      manager.suspendTicking()
      try clock.advance(by: .milliseconds(500))
      manager.resumeTicking()
      Self.drainMain()
      try clock.advance(by: .seconds(40))
      XCTAssertEqual(ends.seen.map(\.id), ["timer 1", "timer 7", "timer 30"])
      XCTAssertEqual(ends.seen.compactMap(\.endedAgo), [], "every 0 on time")
    }
  }

  func testAStartAgainAfterALateEndIsNotLate() throws {
    try withManualManager { manager, clock, _ in
      let ends = Ends()
      var restarted = false
      try manager.start(id: "tea", for: .seconds(60)) { id, remaining, stop in
        ends.handler(manager)(id, remaining, &stop)
        guard remaining == 0, !restarted else { return }
        restarted = true
        // Started again from its late 0's call: the new countdown has not ended.
        try? manager.start(id: "tea", for: .seconds(60), ends.handler(manager))
        XCTAssertNil(manager.endedAgo(id: "tea"), "the new countdown of the id")
      }
      manager.suspendTicking()
      try clock.advance(by: .seconds(600))
      manager.resumeTicking()
      Self.drainMain()
      try clock.advance(by: .seconds(60))
      XCTAssertEqual(ends.seen.map(\.id), ["tea", "tea"])
      XCTAssertEqual(ends.seen.first?.endedAgo, .seconds(540))
      XCTAssertNil(ends.seen.last?.endedAgo ?? nil, "the second ended on time")
    }
  }
}
