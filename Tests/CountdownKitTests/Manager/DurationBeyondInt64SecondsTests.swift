import CountdownKit
import Foundation
import XCTest

/// A `Duration` can hold more seconds than an `Int64` (its `components` then trap): every entry
/// point that takes one refuses it with its typed error, or formats it clamped, and never asks
/// it for its components. (Found by the public-API fuzzer, seed 1000: a snapshot read a length
/// claimed by such a start on another thread, and trapped.)
final class DurationBeyondInt64SecondsTests: XCTestCase {
  /// Below `Int64.min` seconds, and above `Int64.max` seconds.
  private static let edges = [
    Duration(secondsComponent: .min, attosecondsComponent: -999_999_999_999_999_999),
    Duration.seconds(Int64.max) + .seconds(Int64.max),
    Duration.seconds(Int64.min) - .seconds(1),
  ]

  func testEveryEntryPointRefusesOrClampsIt() throws {
    try withManualManager { manager, _, wall in
      try manager.start(id: "kept", for: .seconds(10)) { _, _, _ in }
      for edge in Self.edges {
        do throws(CountdownError) {
          _ = try manager.addTime(edge, id: "kept")
          XCTFail("\(edge): accepted")
        } catch {
          XCTAssertEqual(error, .outOfRange, "\(edge)")
        }
        XCTAssertThrowsError(try CountdownManager(interval: edge))
        XCTAssertThrowsError(try CountdownReadAloud(at: [edge]))
        XCTAssertThrowsError(try manager.milestones([edge]))
        XCTAssertThrowsError(try manager.start(id: "other", for: edge) { _, _, _ in })
        XCTAssertThrowsError(try manager.after(edge) {})
        let snapshot = CountdownSnapshot<String>(takenAt: wall.now, serverOffset: edge, entries: [])
        XCTAssertThrowsError(try manager.restore(snapshot) { _, _, _ in }) { error in
          XCTAssertEqual((error as? CountdownSnapshotError)?.kind, .invalidServerOffset)
        }
        let entry = CountdownSnapshot<String>.Entry(
          id: "x", kind: .countdown, policy: .pauses, time: edge, length: edge)
        XCTAssertThrowsError(
          try manager.restore(CountdownSnapshot(takenAt: wall.now, serverOffset: nil, entries: [entry])) { _, _, _ in })
        let remaining = RemainingTime(edge)
        for style in [RemainingTime.Style.clock, .units, .spelledOut] {
          XCTAssertFalse(remaining.formatted(style, locale: Locale(identifier: "en_US")).isEmpty)
        }
        _ = (remaining.days, remaining.isOvertime, remaining.description)
      }
      XCTAssertEqual(manager.timeLeft(id: "kept"), .seconds(10), "the countdown running is untouched")
    }
  }
}
