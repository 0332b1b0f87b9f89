import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// A countdown in phases whose plan has run out while the app was suspended, its final call still
/// on its way: its moves find no phase to move and answer `false`, by id and by receiver, and the
/// plan's end comes once at the resume. A skip past the last phase ends it at once and frees its id.
final class PhaseOperationsAfterThePlansEndTests: XCTestCase {
  /// Warm-up 3 s, then Work 5 s / Rest 2 s twice, then Cool-down 1 s: the plan ends at 18 s.
  static func plan() throws -> CountdownPlan {
    try PhaseSequenceTests.plan()
  }

  /// Each move, made first after the plan ran out (the first one's call tells the plan's end).
  static let moves = ["skip", "restart", "back", "seek"]

  func testAnIDsMovesAfterItsPlanRanOutAnswerFalseAndItsEndComesOnce() throws {
    for move in Self.moves {
      try withManualManager { manager, clock, _ in
        var updates: [CountdownPhaseUpdate] = []
        try manager.start(id: "run", plan: Self.plan()) { _, update, _ in updates.append(update) }
        manager.suspendTicking()
        try clock.advance(by: .seconds(20))
        XCTAssertNil(manager.phasePosition(id: "run"), "no phase: the plan has ended")
        let moved: Bool
        switch move {
        case "skip": moved = manager.skipPhase(id: "run")
        case "restart": moved = manager.restartPhase(id: "run")
        case "back": moved = manager.goToPreviousPhase(id: "run")
        default: moved = try manager.seekPhase(id: "run", to: 0)
        }
        XCTAssertFalse(moved, "\(move): no phase to move")
        manager.resumeTicking()
        PhaseSequenceTests.drainMain()
        XCTAssertEqual(updates.filter(\.planEnded).count, 1, "\(move): the plan's end, told once")
        XCTAssertFalse(manager.contains(id: "run"))
      }
    }
  }

  func testAReceiversMovesAfterItsPlanRanOutAnswerFalseAndItsEndComesOnce() throws {
    for move in Self.moves {
      try withManualManager { manager, clock, _ in
        let label = CountdownLabel("label")
        var updates: [CountdownPhaseUpdate] = []
        try manager.start(label, plan: Self.plan()) { _, update, _ in updates.append(update) }
        manager.suspendTicking()
        try clock.advance(by: .seconds(20))
        XCTAssertNil(manager.phasePosition(for: label), "no phase: the plan has ended")
        let moved: Bool
        switch move {
        case "skip": moved = manager.skipPhase(label)
        case "restart": moved = manager.restartPhase(label)
        case "back": moved = manager.goToPreviousPhase(label)
        default: moved = try manager.seekPhase(label, to: 0)
        }
        XCTAssertFalse(moved, "\(move): no phase to move")
        manager.resumeTicking()
        PhaseSequenceTests.drainMain()
        XCTAssertEqual(updates.filter(\.planEnded).count, 1, "\(move): the plan's end, told once")
        XCTAssertFalse(manager.contains(label))
      }
    }
  }

  func testASkipPastAnIDsLastPhaseEndsItAndFreesTheID() throws {
    try withManualManager { manager, clock, _ in
      var updates: [CountdownPhaseUpdate] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in updates.append(update) }
      XCTAssertTrue(try manager.seekPhase(id: "run", to: 5), "to the Cool-down, the last phase")
      XCTAssertEqual(manager.phasePosition(id: "run")?.phase.name, "Cool-down")
      XCTAssertTrue(manager.skipPhase(id: "run"), "past the last phase: the plan ends there")
      XCTAssertFalse(manager.contains(id: "run"))
      XCTAssertTrue(manager.state.withLock { $0.ids.keys.isEmpty }, "the id is free")
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(updates.filter(\.planEnded).count, 0, "ended by the app: no final call")
    }
  }
}
