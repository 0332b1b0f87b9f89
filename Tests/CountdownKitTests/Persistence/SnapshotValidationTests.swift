import CountdownKit
import Foundation
import XCTest

/// A corrupt, truncated, future-version or hostile snapshot gets a typed error and changes nothing:
/// every entry is checked before the first is restored.
final class SnapshotValidationTests: XCTestCase {
  /// A manager with countdowns of its own, and what it looked like before a refused restore.
  @MainActor
  private static func busyManager(wall: TestWallClock) throws -> (
    CountdownManager, ManualCountdownClock, CountdownSnapshot<String>
  ) {
    let (manager, clock) = try makeManager(wall: wall)
    try clock.advance(by: .seconds(5))
    try manager.start(id: "a", for: .seconds(100)) { _, _, _ in }
    try manager.start(id: "kept", for: .seconds(30), whileSuspended: .pauses) { _, _, _ in }
    manager.listen(id: "poll") { _, _, _ in }
    return (manager, clock, manager.snapshot(of: String.self))
  }

  private static func json(_ body: String) -> Data { Data(body.utf8) }

  private static let entry =
    #"{"id":"a","kind":"countdown","policy":"keepsRunning","onlyTheEnd":false,"paused":false,"date":10}"#

  func testBadBytesGetTypedErrors() throws {
    let cases: [(String, CountdownSnapshotError)] = [
      (#"{"format":3,"takenAt":0,"countdowns":[]}"#, .unsupportedVersion(3)),
      (#"{"format":3}"#, .unsupportedVersion(3)),
      (#"{"format":0,"takenAt":0,"countdowns":[]}"#, .unreadable),
      (#"{"format":1,"takenAt":0,"countdowns":["#, .unreadable),
      ("", .unreadable),
      ("not json", .unreadable),
      (#"{"format":1,"countdowns":[]}"#, .unreadable),
      (#"{"format":1,"takenAt":0,"countdowns":[{"id":"a"}]}"#, .unreadable),
      (#"{"format":1,"takenAt":1e999,"countdowns":[]}"#, .unreadable),
      (
        #"{"format":1,"takenAt":0,"countdowns":[{"id":"a","kind":"countdown","policy":"sometimes","onlyTheEnd":false,"paused":false,"date":10}]}"#,
        .unreadable
      ),
      (
        #"{"format":1,"takenAt":0,"countdowns":[{"id":"a","kind":"backwards","policy":"pauses","onlyTheEnd":false,"paused":false,"nanoseconds":10}]}"#,
        .unreadable
      ),
      (
        #"{"format":1,"takenAt":0,"countdowns":[{"id":"a","kind":"countdown","policy":"keepsRunning","onlyTheEnd":false,"paused":false,"date":10,"nanoseconds":10}]}"#,
        .unreadable
      ),
      (
        #"{"format":1,"takenAt":0,"countdowns":[{"id":"a","kind":"countdown","policy":"keepsRunning","onlyTheEnd":false,"paused":false}]}"#,
        .unreadable
      ),
      (
        #"{"format":1,"takenAt":0,"countdowns":[{"id":"a","kind":"countingUp","policy":"keepsRunning","onlyTheEnd":true,"paused":false,"date":10}]}"#,
        .unreadable
      ),
      (
        #"{"format":1,"takenAt":0,"countdowns":[{"id":"a","kind":"countdown","policy":"pauses","onlyTheEnd":false,"paused":false,"nanoseconds":1e30}]}"#,
        .unreadable
      ),
      (
        #"{"format":1,"takenAt":0,"countdowns":[{"id":"a","kind":"countdown","policy":"pauses","onlyTheEnd":false,"paused":false,"nanoseconds":-1}]}"#,
        .invalidEntry(index: 0, reason: .negativeDuration)
      ),
      (#"{"format":1,"takenAt":0,"countdowns":[\#(Self.entry),\#(Self.entry)]}"#, .duplicateID(index: 1)),
      (#"{"format":1,"takenAt":0,"serverOffsetNanoseconds":"x","countdowns":[]}"#, .unreadable),
    ]
    for (body, expected) in cases {
      do throws(CountdownSnapshotError) {
        _ = try CountdownSnapshot<String>(decoding: Self.json(body))
        XCTFail("accepted: \(body)")
      } catch {
        XCTAssertEqual(error, expected, body)
      }
    }
    // The checks hold for the format itself: a valid one decodes.
    XCTAssertEqual(
      try CountdownSnapshot<String>(decoding: Self.json(#"{"format":1,"takenAt":0,"countdowns":[\#(Self.entry)]}"#))
        .entries.count, 1)
  }

  /// The `Codable` path (a snapshot inside the app's own state, decoded by its decoder) throws the
  /// same checks' errors as `init(decoding:)`, each named by its doc, and the decoder's own for a
  /// field it cannot read.
  func testTheCodablePathThrowsWhatItsDocNames() throws {
    let cases: [(String, CountdownSnapshotError)] = [
      (#"{"format":3,"takenAt":0,"countdowns":[]}"#, .unsupportedVersion(3)),
      (#"{"format":0,"takenAt":0,"countdowns":[]}"#, .unreadable),
      (
        #"{"format":1,"takenAt":0,"serverOffsetNanoseconds":9223372036854775807,"countdowns":[]}"#,
        .invalidServerOffset(reason: .outOfRange)
      ),
      (
        #"{"format":1,"takenAt":0,"countdowns":[{"id":"a","kind":"countdown","policy":"sometimes","onlyTheEnd":false,"paused":false,"date":10}]}"#,
        .unreadable
      ),
      (
        #"{"format":1,"takenAt":0,"countdowns":[{"id":"a","kind":"countdown","policy":"pauses","onlyTheEnd":false,"paused":false,"nanoseconds":-1}]}"#,
        .invalidEntry(index: 0, reason: .negativeDuration)
      ),
      (#"{"format":1,"takenAt":0,"countdowns":[\#(Self.entry),\#(Self.entry)]}"#, .duplicateID(index: 1)),
    ]
    for (body, expected) in cases {
      XCTAssertThrowsError(try JSONDecoder().decode(CountdownSnapshot<String>.self, from: Self.json(body)), body) {
        XCTAssertEqual($0 as? CountdownSnapshotError, expected, body)
      }
    }
    XCTAssertThrowsError(
      try JSONDecoder().decode(CountdownSnapshot<String>.self, from: Self.json(#"{"format":1,"countdowns":[]}"#))
    ) { XCTAssertTrue($0 is DecodingError, "a missing field: the decoder's own error") }
  }

  func testHostileEntriesAreRefusedAndNothingChanges() throws {
    try MainActor.assumeIsolated {
      let wall = TestWallClock()
      let (manager, clock, before) = try Self.busyManager(wall: wall)
      let good = CountdownSnapshot<String>.Entry(id: "a", kind: .countdown, policy: .keepsRunning, date: wall.now + 7)
      let new = CountdownSnapshot<String>.Entry(id: "new", kind: .countingUp, policy: .keepsRunning, date: wall.now - 7)
      let hostile: [(CountdownSnapshot<String>.Entry, CountdownError?)] = [
        (
          .init(id: "x", kind: .countdown, policy: .keepsRunning, date: Date(timeIntervalSinceReferenceDate: .nan)),
          .nonFiniteValue
        ),
        (
          .init(
            id: "x", kind: .countdown, policy: .keepsRunning, date: Date(timeIntervalSinceReferenceDate: .infinity)),
          .nonFiniteValue
        ),
        (
          .init(
            id: "x", kind: .countingUp, policy: .keepsRunning, date: Date(timeIntervalSinceReferenceDate: -.infinity)),
          .nonFiniteValue
        ),
        (.init(id: "x", kind: .countdown, policy: .keepsRunning, date: wall.now + 1e300), .outOfRange),
        (.init(id: "x", kind: .countdown, policy: .keepsRunning, date: .distantFuture), .outOfRange),
        (.init(id: "x", kind: .countingUp, policy: .keepsRunning, date: .distantPast), .outOfRange),
        (.init(id: "x", kind: .countdown, policy: .pauses, time: .nanoseconds(Int64.max)), .outOfRange),
        (
          .init(id: "x", kind: .countdown, policy: .keepsRunning, isPaused: true, time: .seconds(-1)), .negativeDuration
        ),
        (.init(id: "x", kind: .countdown, policy: .pauses, time: .seconds(Int64.max)), .outOfRange),
        (.init(id: "a", kind: .countdown, policy: .keepsRunning, date: wall.now), nil),
        (.init(id: "x", kind: .countdown, policy: .pauses, date: wall.now), nil),
        (.init(id: "x", kind: .countingUp, policy: .keepsRunning, deliveries: .onlyTheEnd, date: wall.now), nil),
      ]
      for (index, (entry, reason)) in hostile.enumerated() {
        let snapshot = CountdownSnapshot(takenAt: wall.now, serverOffset: nil, entries: [good, new, entry])
        let log = ValueLog()
        do throws(CountdownSnapshotError) {
          try manager.restore(snapshot, log.recordByID())
          XCTFail("hostile entry \(index) restored")
        } catch {
          if let reason {
            XCTAssertEqual(error, .invalidEntry(index: 2, reason: reason), "\(index)")
          } else {
            XCTAssertTrue([.duplicateID(index: 2), .unreadable].contains(error), "\(index): \(error)")
          }
        }
        try clock.advance(by: .zero)
        XCTAssertTrue(log.isEmpty, "\(index): a handler of the refused snapshot ran")
        XCTAssertEqual(manager.snapshot(of: String.self), before, "\(index): the manager changed")
      }
      // A huge offset in a snapshot's header.
      let offsetSnapshot = CountdownSnapshot(takenAt: wall.now, serverOffset: .seconds(Int64.max), entries: [good])
      assertThrows(CountdownSnapshotError.invalidServerOffset(reason: .outOfRange)) {
        () throws(CountdownSnapshotError) in
        _ = try manager.restore(offsetSnapshot) { _, _, _ in }
      }
      XCTAssertEqual(manager.serverOffset, .zero, "the calibration is not adopted from a refused snapshot")
      XCTAssertEqual(manager.snapshot(of: String.self), before)
      manager.cancelAll()
    }
  }

  func testATooLargeValueForTheIntervalIsRefused() throws {
    try withManualManager(interval: .nanoseconds(1)) { manager, _, wall in
      let snapshot = CountdownSnapshot<Int>(
        takenAt: wall.now, serverOffset: nil,
        entries: [.init(id: 1, kind: .countdown, policy: .pauses, time: .seconds(100 * 365 * 86_400))])
      assertThrows(CountdownSnapshotError.invalidEntry(index: 0, reason: .outOfRange)) {
        () throws(CountdownSnapshotError) in
        _ = try manager.restore(snapshot) { _, _, _ in }
      }
      // What the engine itself refuses for the same countdown.
      XCTAssertThrowsError(try manager.start(id: 1, for: .seconds(100 * 365 * 86_400)) { _, _, _ in })
      XCTAssertEqual(manager.count, 0)
    }
  }

  /// A paused overtime entry as far past its deadline as a time holds, `Int64.min` nanoseconds, is
  /// out of range, not a trap (the public-API fuzzer's seed 2026 found its negation overflowing).
  func testAnOvertimeEntryAtTheEndOfTheRangeIsRefused() throws {
    try withManualManager { manager, _, wall in
      let entry = CountdownSnapshot<String>.Entry(
        id: "talk", kind: .countdown, policy: .keepsRunning, isPaused: true, time: .nanoseconds(Int64.min),
        ending: .countsOvertime)
      let snapshot = CountdownSnapshot(takenAt: wall.now, serverOffset: nil, entries: [entry])
      XCTAssertThrowsError(try manager.restore(snapshot) { _, _, _ in }) { error in
        XCTAssertEqual(error as? CountdownSnapshotError, .invalidEntry(index: 0, reason: .outOfRange))
      }
      XCTAssertFalse(manager.contains(id: "talk"))
    }
  }
}
