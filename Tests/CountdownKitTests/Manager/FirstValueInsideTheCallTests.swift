import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// A start or an `addTime` called on the main thread delivers its first value inside the call, once:
/// a reused cell's label holds the new item's time when `configure(with:)` returns, before the table
/// view draws. Off the main thread, the value comes on the main queue, as before.
final class FirstValueInsideTheCallTests: XCTestCase {
  /// A start by id made on the main thread inside another queue's `sync` (the main queue is held
  /// by it, so no other main-queue work can run): its first value comes inside the call there too,
  /// and the debug build's check that a handler runs on the main queue takes the main thread for it.
  func testAStartOnTheMainThreadInsideAnotherQueuesSyncGetsItsFirstValueThere() throws {
    try withManualManager { manager, _, _ in
      let log = ValueLog()
      try manager.start(id: "first", for: .seconds(5), log.record("first"))
      let other = DispatchQueue(label: "other")
      try other.sync {
        try manager.start(id: "inside", for: .seconds(10), log.record("inside"))
      }
      XCTAssertEqual(log.values("first"), [5])
      XCTAssertEqual(log.values("inside"), [10], "inside the call")
      drainMainQueue()
      XCTAssertEqual(log.values("inside"), [10], "once")
    }
  }

  /// On the main thread inside another queue's `sync` (a store's lock queue), every call that
  /// delivers inside the call on the main thread does so there too: a start by id, time added, a
  /// restore (its ended countdown's `0`) and a one-shot of no delay.
  func testEveryCallOnTheMainThreadInsideAnotherQueuesSyncDeliversInsideIt() throws {
    try withManualManager { manager, _, wall in
      let log = ValueLog()
      let store = DispatchQueue(label: "store")
      try store.sync {
        try manager.start(id: "id", for: .seconds(10), log.record("id"))
        XCTAssertEqual(log.values("id"), [10], "a start by id, inside the call")
        XCTAssertTrue(try manager.addTime(.seconds(5), id: "id"))
        XCTAssertEqual(log.values("id"), [10, 15], "time added, inside the call")
        var fired = false
        try manager.after(.zero) { fired = true }
        XCTAssertTrue(fired, "a one-shot of no delay, inside the call")
      }
      try manager.start(id: "ended", for: .seconds(3)) { _, _, _ in }
      let snapshot = manager.snapshot(of: String.self)
      manager.cancelAll()
      wall.jump(by: 10)
      let (restoring, _) = try makeManager(wall: wall)
      try store.sync {
        try restoring.restore(snapshot, log.recordByID())
        XCTAssertEqual(log.values("ended"), [0], "a restore's ended countdown, inside the call")
        XCTAssertEqual(log.values("id"), [10, 15, 5], "a restore's running countdown, inside the call")
      }
      drainMainQueue()
      XCTAssertEqual(log.values("id"), [10, 15, 5], "once")
      XCTAssertEqual(log.values("ended"), [0], "once")
      restoring.cancelAll()
    }
  }

  /// Every length, every option that has a first value, by receiver and by id: the value is there
  /// when the call returns, and the main queue's next turn brings no second call with it.
  func testEveryStartFormDeliversItsFirstValueInsideTheCallOnce() throws {
    for policy in [SuspensionPolicy.keepsRunning, .pauses] {
      for ending in [CountdownEnding.stops, .countsOvertime] {
        try withManualManager { manager, _, wall in
          let log = ValueLog()
          let cells = (0..<3).map { CountdownLabel("\($0)") }
          let record: @MainActor (CountdownLabel, Int, inout Bool) -> Void = { label, value, _ in
            label.shown.append(value)
          }
          try manager.start(cells[0], for: .seconds(10), whileSuspended: policy, pastTheEnd: ending, record)
          try manager.start(cells[1], seconds: 7.5, whileSuspended: policy, pastTheEnd: ending, record)
          try manager.start(cells[2], until: wall.now + 20, whileSuspended: policy, pastTheEnd: ending, record)
          try manager.start(id: "for", for: .seconds(10), whileSuspended: policy, pastTheEnd: ending, log.record("for"))
          try manager.start(
            id: "seconds", seconds: 7.5, whileSuspended: policy, pastTheEnd: ending, log.record("seconds"))
          try manager.start(
            id: "until", until: wall.now + 20, whileSuspended: policy, pastTheEnd: ending, log.record("until"))
          let what = "\(policy), \(ending)"
          XCTAssertEqual(cells.map(\.shown), [[10], [8], [20]], "by receiver, inside each call: \(what)")
          XCTAssertEqual(
            ["for", "seconds", "until"].map(log.values), [[10], [8], [20]], "by id, inside each call: \(what)")
          drainMainQueue()
          XCTAssertEqual(cells.map(\.shown), [[10], [8], [20]], "no second call at the next turn: \(what)")
          XCTAssertEqual(["for", "seconds", "until"].map(log.values), [[10], [8], [20]], "once: \(what)")
        }
      }
    }
  }

  func testListenersGetTheirFirstValueInsideTheCall() throws {
    try withManualManager { manager, _, _ in
      let view = CountdownLabel("call")
      let log = ValueLog()
      manager.listen(view) { label, elapsed, _ in label.shown.append(elapsed) }
      manager.listen(id: "poll", log.record("poll"))
      XCTAssertEqual(view.shown, [0])
      XCTAssertEqual(log.values("poll"), [0])
      drainMainQueue()
      XCTAssertEqual(view.shown, [0], "once")
      XCTAssertEqual(log.values("poll"), [0], "once")
    }
  }

  /// The reused cell: the new item's time replaces the old one's inside `configure(with:)`.
  func testAReusedCellShowsTheNewItemsTimeWhenConfigureReturns() throws {
    try withManualManager { manager, clock, wall in
      let cell = CountdownLabel("cell")
      @MainActor func configure(until end: Date) throws {
        try manager.start(cell, until: end) { label, remaining, _ in label.text = "\(remaining)" }
      }
      try configure(until: wall.now + 100)
      XCTAssertEqual(cell.text, "100")
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(cell.text, "97")
      try configure(until: wall.now + 30)  // reused for another item
      XCTAssertEqual(cell.text, "30", "the new item's time, not the previous one's, when configure returns")
    }
  }

  /// A past date's single `0` comes inside the call, once, and the countdown has ended when it returns.
  func testAPastDatesSingleZeroEndsTheCountdownInsideTheCall() throws {
    try withManualManager { manager, clock, wall in
      let cell = CountdownLabel("cell")
      let log = ValueLog()
      try manager.start(cell, until: wall.now - 5) { label, remaining, _ in label.shown.append(remaining) }
      try manager.start(id: "sale", until: wall.now - 5, log.record("sale"))
      try manager.start(id: "zero", for: .zero, log.record("zero"))
      XCTAssertEqual(cell.shown, [0])
      XCTAssertEqual(log.values("sale"), [0])
      XCTAssertEqual(log.values("zero"), [0])
      XCTAssertFalse(manager.contains(cell), "ended inside the call")
      XCTAssertFalse(manager.contains(id: "sale"))
      XCTAssertFalse(manager.contains(id: "zero"))
      XCTAssertEqual(manager.count, 0)
      drainMainQueue()
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(cell.shown, [0], "a single 0")
      XCTAssertEqual(log.values("sale"), [0])
      XCTAssertEqual(log.values("zero"), [0])
      // Counting overtime, a past date starts in overtime: its first value is there too.
      try manager.start(cell, until: wall.now - 5, pastTheEnd: .countsOvertime) { label, remaining, _ in
        label.shown.append(remaining)
      }
      XCTAssertEqual(cell.shown, [0, -5])
    }
  }

  func testAStopSetInTheFirstCallEndsTheCountdownThere() throws {
    try withManualManager { manager, clock, _ in
      let cell = CountdownLabel("cell")
      let log = ValueLog()
      try manager.start(cell, for: .seconds(10)) { label, remaining, stop in
        label.shown.append(remaining)
        stop = true
      }
      try manager.start(id: "once", for: .seconds(10)) { _, remaining, stop in
        log.record("once")("once", remaining, &stop)
        stop = true
      }
      XCTAssertEqual(cell.shown, [10])
      XCTAssertEqual(log.values("once"), [10])
      XCTAssertFalse(manager.contains(cell), "ended inside the call")
      XCTAssertFalse(manager.contains(id: "once"))
      drainMainQueue()
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(cell.shown, [10])
      XCTAssertEqual(log.values("once"), [10])
    }
  }

  /// A handler may start and cancel countdowns (itself and others) from inside the first call: no
  /// lock is held, nothing is delivered twice, a cancelled one gets nothing more, and one started
  /// there gets its own first value before the outer call returns (right after the pass that runs
  /// that handler).
  func testTheFirstCallMayStartAndCancelCountdowns() throws {
    try withManualManager { manager, clock, _ in
      let (first, second, doomed) = (CountdownLabel("first"), CountdownLabel("second"), CountdownLabel("doomed"))
      try manager.start(doomed, for: .seconds(50)) { label, remaining, _ in label.shown.append(remaining) }
      XCTAssertEqual(doomed.shown, [50])
      var restarted = false
      try manager.start(first, for: .seconds(10)) { label, remaining, _ in
        label.shown.append(remaining)
        guard !restarted else { return }
        restarted = true
        manager.cancel(doomed)
        try? manager.start(second, for: .seconds(20)) { label, remaining, _ in label.shown.append(remaining) }
        // Replaces the very countdown whose handler runs now.
        try? manager.start(label, for: .seconds(30)) { label, remaining, _ in label.shown.append(remaining) }
        XCTAssertEqual(manager.count, 2, "no lock held: the manager answers from inside the call")
      }
      XCTAssertEqual(first.shown, [10, 30], "its first value, then its replacement's, before start returns")
      XCTAssertEqual(second.shown, [20], "started from the first call: delivered before the outer start returns")
      XCTAssertFalse(manager.contains(doomed))
      drainMainQueue()
      XCTAssertEqual(first.shown, [10, 30], "once")
      XCTAssertEqual(second.shown, [20], "once")
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(first.shown, [10, 30, 29])
      XCTAssertEqual(second.shown, [20, 19])
      XCTAssertEqual(doomed.shown, [50], "cancelled from the first call: nothing more")
    }
  }

  /// `addTime` on the main thread: the handler has the new value when the call returns, once.
  func testAddTimeDeliversTheNewValueInsideTheCall() throws {
    try withManualManager { manager, clock, _ in
      let cell = CountdownLabel("cell")
      let log = ValueLog()
      try manager.start(cell, for: .seconds(10)) { label, remaining, _ in label.shown.append(remaining) }
      try manager.start(id: "lot", for: .seconds(10), log.record("lot"))
      try clock.advance(by: .seconds(5))
      XCTAssertTrue(try manager.addTime(.seconds(30), to: cell))
      XCTAssertTrue(try manager.addTime(.seconds(30), id: "lot"))
      XCTAssertEqual(cell.shown, [10, 9, 8, 7, 6, 5, 35], "inside the call")
      XCTAssertEqual(log.values("lot"), [10, 9, 8, 7, 6, 5, 35], "inside the call")
      XCTAssertTrue(try manager.addTime(.seconds(-100), to: cell))
      XCTAssertEqual(cell.shown.last, 0, "past its end: its single 0, inside the call")
      XCTAssertFalse(manager.contains(cell))
      drainMainQueue()
      try clock.advance(by: .zero)
      XCTAssertEqual(cell.shown, [10, 9, 8, 7, 6, 5, 35, 0], "once")
      XCTAssertEqual(log.values("lot"), [10, 9, 8, 7, 6, 5, 35], "once")
    }
  }

  /// What has no first value stays silent: only the end, milestones, a one-shot action.
  func testOnlyTheEndMilestonesAndOneShotsStaySilentUntilTheirTime() throws {
    try withManualManager { manager, clock, _ in
      let (end, marks) = (CountdownLabel("end"), CountdownLabel("marks"))
      let record: @MainActor (CountdownLabel, Int, inout Bool) -> Void = { label, value, _ in label.shown.append(value)
      }
      try manager.start(end, for: .seconds(3), delivering: .onlyTheEnd, record)
      try manager.start(marks, for: .seconds(10), delivering: .milestones([5]), record)
      let ran = LockedState(false)
      try manager.after(.seconds(2)) { ran.withLock { $0 = true } }
      XCTAssertEqual(end.shown, [])
      XCTAssertEqual(marks.shown, [])
      XCTAssertTrue(try manager.addTime(.seconds(1), to: end))
      XCTAssertEqual(end.shown, [], "time added to only the end: still silent")
      drainMainQueue()
      XCTAssertEqual(end.shown + marks.shown, [])
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(end.shown, [0])
      XCTAssertEqual(marks.shown, [5])
      XCTAssertTrue(ran.withLock { $0 })
    }
  }

  /// Models, lists and streams change inside the call too, and agree with a receiver's label.
  func testModelsListsAndStreamsAgreeWithTheLabelInsideTheCall() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, _, _ in
      let cell = CountdownLabel("cell")
      try manager.start(cell, for: .seconds(10)) { label, remaining, _ in label.shown.append(remaining) }
      let model = try manager.countdown(for: .seconds(10))
      let list = ObservableCountdownList<String>(manager: manager)
      let row = try list.start(id: "row", for: .seconds(10))
      let seen = LockedState<[Int]>([])
      let values = try manager.values(for: .seconds(10))
      // The stream's first value is buffered inside the call: the task below reads it without a tick.
      let task = Task {
        for await value in values {
          seen.withLock { $0.append(value) }
          break
        }
      }
      XCTAssertEqual(cell.shown, [10])
      XCTAssertEqual(model.remaining, 10)
      XCTAssertEqual(row.remaining, 10)
      try manager.addTime(.seconds(5), to: cell)
      try model.addTime(.seconds(5))
      try row.addTime(.seconds(5))
      XCTAssertEqual(
        [cell.shown.last, model.remaining, row.remaining], [15, 15, 15], "the same value, inside the calls")
      while seen.withLock({ $0.isEmpty }) {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
      }
      XCTAssertEqual(seen.withLock { $0 }, [10])
      task.cancel()
    }
  }

  /// Off the main thread nothing changes: the first value comes on the main queue, once.
  func testAStartFromAnotherThreadDeliversOnTheMainQueueAsBefore() throws {
    try withManualManager { manager, _, _ in
      let log = ValueLog()
      let started = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        try? manager.start(id: "background", for: .seconds(10), log.record("background"))
        started.signal()
      }
      started.wait()
      XCTAssertEqual(log.values("background"), [], "not called on the other thread, nor inside its call")
      drainMainQueue()
      XCTAssertEqual(log.values("background"), [10], "on the main queue's next turn, once")
      drainMainQueue()
      XCTAssertEqual(log.values("background"), [10])
    }
  }
}
