import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of ``CountdownPhaseWindow`` and its phases promise beyond the window tests:
/// phases that follow one another, the dates a running or paused window gives the system, and
/// the decoding checks.
final class PhaseWindowDocPromisesTests: XCTestCase {
  /// "Never empty. Each starts where the one before it ends"; the current phase is the first;
  /// "`planEnd` … `nil` for a plan that goes on past the window, or runs forever"; each phase's
  /// `timerInterval` is its start and end as dates.
  func testAWindowsPhasesFollowOneAnother() throws {
    try withManualManager { manager, _, wall in
      try manager.start(id: "loop", plan: DocPromiseFixtures.forever()) { _, _, _ in }
      let window = try XCTUnwrap(manager.phaseWindow(id: "loop", lookAhead: 5))
      XCTAssertEqual(window.phases.count, 6)
      XCTAssertEqual(window.current, window.phases[0])
      for (earlier, later) in zip(window.phases, window.phases.dropFirst()) {
        XCTAssertEqual(later.start, earlier.end)
      }
      XCTAssertEqual(window.phases.map(\.ordinal), [0, 1, 2, 3, 4, 5])
      XCTAssertEqual(window.phases.map(\.cycle), [0, 0, 1, 1, 2, 2])
      XCTAssertEqual(window.phases.map(\.cycleCount), [nil, nil, nil, nil, nil, nil])
      XCTAssertNil(window.planEnd)
      XCTAssertNil(window.pausedAt)
      XCTAssertFalse(window.isPaused)
      XCTAssertEqual(window.current.timerInterval, wall.now...(wall.now + 4))
      XCTAssertEqual(window.staleDate, wall.now + 4, "the current phase's end")
      XCTAssertNil(window.pauseTime)
    }
  }

  /// "Paused, the phases are laid out from now, with `pausedAt` set to now"; `staleDate` is `nil`
  /// while it stands still; `pauseTime` is `pausedAt` as a date; `phase(at:)` is the current
  /// phase "whatever the date".
  func testAPausedWindowStandsStillAtNow() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "loop", plan: DocPromiseFixtures.forever()) { _, _, _ in }
      try clock.advance(by: 1, with: wall)
      XCTAssertTrue(manager.pause(id: "loop"))
      try clock.advance(by: 10, with: wall)
      let window = try XCTUnwrap(manager.phaseWindow(id: "loop"))
      XCTAssertTrue(window.isPaused)
      XCTAssertEqual(window.pausedAt, wall.now.timeIntervalSince1970)
      XCTAssertEqual(window.pauseTime, wall.now)
      XCTAssertNil(window.staleDate)
      XCTAssertEqual(window.current.end - window.pausedAt!, 3, "its end less `pausedAt` is its time left")
      XCTAssertEqual(window.phase(at: wall.now + 100).ordinal, 0)
    }
  }

  /// A window's phase decodes only with "a negative ordinal, index or cycle" refused: each of the
  /// three is `DecodingError.dataCorrupted`.
  func testDecodingRefusesAPhaseWithANegativeIndexOrCycle() throws {
    try withManualManager { manager, _, _ in
      try manager.start(id: "loop", plan: DocPromiseFixtures.forever()) { _, _, _ in }
      let window = try XCTUnwrap(manager.phaseWindow(id: "loop"))
      let data = try JSONEncoder().encode(window.current)
      for key in ["ordinal", "phaseIndex", "cycle"] {
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        object[key] = -1
        let bad = try JSONSerialization.data(withJSONObject: object)
        XCTAssertThrowsError(try JSONDecoder().decode(CountdownPhaseWindow.Phase.self, from: bad), key) {
          guard case DecodingError.dataCorrupted = $0 else { return XCTFail("\(key): \($0)") }
        }
      }
      XCTAssertEqual(try JSONDecoder().decode(CountdownPhaseWindow.Phase.self, from: data), window.current)
    }
  }
}
