import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// An operation on a countdown in phases made from its handler's first call, which comes inside
/// the start (or the restore) on the main thread: it returns, and takes effect, as it does from
/// any later call. (It used to wait forever for the start's own hand-over, up the same stack.)
final class PhaseOperationsFromTheFirstCallTests: XCTestCase {
  /// Warm-up 3 s, then Work 5 s / Rest 2 s twice, then Cool-down 1 s.
  static func plan() throws -> CountdownPlan {
    try PhaseSequenceTests.plan()
  }

  /// Each operation, made from the first call of a start: where the sequence is once the start
  /// returns, and the call it made (the operation's own first value, inside it).
  func testEachOperationFromTheFirstCallOfAStartReturnsAndTakesEffect() throws {
    let operations: [(String, @MainActor (CountdownManager) -> Bool, phase: String, left: Duration, paused: Bool)] = [
      ("skip", { $0.skipPhase(id: "run") }, "Work", .seconds(5), false),
      ("restart", { $0.restartPhase(id: "run") }, "Warm-up", .seconds(3), false),
      ("back", { $0.goToPreviousPhase(id: "run") }, "Warm-up", .seconds(3), false),
      ("pause", { $0.pause(id: "run") }, "Warm-up", .seconds(3), true),
      ("time added", { (try? $0.addTime(.seconds(4), id: "run")) ?? false }, "Warm-up", .seconds(7), false),
    ]
    for (name, operation, phase, left, paused) in operations {
      try withManualManager { manager, clock, _ in
        var calls: [String] = []
        var returned: Bool?
        try manager.start(id: "run", plan: Self.plan()) { _, update, _ in
          calls.append(update.position?.phase.name ?? "ended")
          if returned == nil { returned = operation(manager) }
        }
        XCTAssertEqual(returned, true, name)
        let position = try XCTUnwrap(manager.phasePosition(id: "run"), name)
        XCTAssertEqual(position.phase.name, phase, name)
        XCTAssertEqual(position.timeLeftInPhase, left, name)
        XCTAssertEqual(position.isPaused, paused, name)
        XCTAssertEqual(manager.timeLeft(id: "run"), left, "\(name): the engine counts the changed phase")
        // The sequence goes on from there: the changed phase's end comes when it says.
        if !paused {
          try clock.advance(by: left)
          XCTAssertEqual(manager.phasePosition(id: "run")?.phase.name, phase == "Work" ? "Rest" : "Work", name)
        }
        XCTAssertEqual(calls.first, "Warm-up", name)
      }
    }
  }

  /// The same from the first call of a receiver's start and of a restore.
  func testAnOperationFromTheFirstCallOfAReceiversStartOrARestoreReturns() throws {
    try withManualManager { manager, _, _ in
      final class Label {}
      let label = Label()
      var skipped: Bool?
      try manager.start(label, plan: Self.plan()) { _, _, _ in
        if skipped == nil { skipped = manager.skipPhase(label) }
      }
      XCTAssertEqual(skipped, true)
      XCTAssertEqual(manager.phasePosition(for: label)?.phase.name, "Work")

      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in }
      let snapshot = manager.snapshot(of: String.self)
      manager.cancelAll()
      var paused: Bool?
      try manager.restore(snapshot, { _, _, _ in }) { _, _, _ in
        if paused == nil { paused = manager.pause(id: "run") }
      }
      XCTAssertEqual(paused, true)
      XCTAssertEqual(manager.phasePosition(id: "run")?.isPaused, true)
    }
  }

  /// An operation from inside a restore's first call, which reports an end that passed while the
  /// app was away: no call after it shows the phase as it was before the operation. The restore
  /// makes a second call, the value of the phase after that end; it must show the operation.
  func testNoCallAfterAnOperationFromARestoresEndCallShowsThePhaseBeforeIt() throws {
    let operations: [(String, @MainActor (CountdownManager) -> Bool, phase: String, paused: Bool)] = [
      ("skip", { $0.skipPhase(id: "run") }, "Rest", false),
      ("pause", { $0.pause(id: "run") }, "Work", true),
    ]
    for (name, operation, phase, paused) in operations {
      try withManualManager { manager, _, wall in
        try manager.start(id: "run", plan: Self.plan()) { _, _, _ in }
        let snapshot = manager.snapshot(of: String.self)
        manager.cancelAll()
        // Away for 4.5 s: the warm-up's end (at 3 s) passed, Work has 3.5 s left.
        wall.jump(by: 4.5)
        var returned: Bool?
        var after: [CountdownPhaseUpdate] = []
        try manager.restore(snapshot, { _, _, _ in }) { _, update, _ in
          guard returned == nil else { return after.append(update) }
          XCTAssertEqual(update.phaseEnds.map(\.phase.name), ["Warm-up"], name)
          returned = operation(manager)
        }
        XCTAssertEqual(returned, true, name)
        for update in after {
          XCTAssertEqual(update.position?.phase.name, phase, "\(name): a call after it")
          XCTAssertEqual(update.position?.isPaused, paused, "\(name): a call after it")
        }
        XCTAssertEqual(manager.phasePosition(id: "run")?.phase.name, phase, name)
      }
    }
  }

  /// The same from inside the call of the end that time taken past a phase's end makes, inside
  /// `addTime(_:id:)`: it is followed by the value of the next phase, which must show the operation.
  func testNoCallAfterAnOperationFromTheEndCallOfTimeTakenShowsThePhaseBeforeIt() throws {
    try withManualManager { manager, clock, _ in
      var inTheEnd: Bool?
      var after: [CountdownPhaseUpdate] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in
        if inTheEnd == true { return after.append(update) }
        guard inTheEnd == false, !update.phaseEnds.isEmpty else { return }
        inTheEnd = true
        XCTAssertEqual(update.phaseEnds.map(\.phase.name), ["Warm-up"])
        XCTAssertTrue(manager.pause(id: "run"))
      }
      try clock.advance(by: .seconds(1))
      inTheEnd = false
      // 2 s of the warm-up left: taking 3 s ends it at once, inside the call.
      XCTAssertTrue(try manager.addTime(.seconds(-3), id: "run"))
      XCTAssertEqual(inTheEnd, true)
      for update in after {
        XCTAssertEqual(update.position?.phase.name, "Work", "a call after the pause")
        XCTAssertEqual(update.position?.isPaused, true, "a call after the pause")
      }
      XCTAssertEqual(manager.phasePosition(id: "run")?.isPaused, true)
    }
  }
}
