import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of ``CountdownSnapshot`` and of its errors promise of the format: its version,
/// what an entry holds for each kind of countdown, what its encoding refuses, and how its errors
/// describe themselves.
final class SnapshotFormatDocPromisesTests: XCTestCase {
  /// `formatVersion`: "The version of the format this library writes": 2, and the encoded JSON says
  /// so.
  func testTheFormatWrittenIsFormatVersion() throws {
    XCTAssertEqual(CountdownSnapshot<String>.formatVersion, 2)
    let snapshot = CountdownSnapshot<String>(
      takenAt: Date(timeIntervalSinceReferenceDate: 0), serverOffset: nil, entries: [])
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(snapshot)) as? [String: Any])
    XCTAssertEqual(json["format"] as? Int, CountdownSnapshot<String>.formatVersion)
  }

  /// An entry's `ending` is "written only when it counts overtime, so a snapshot without it (an
  /// older one) reads as `stops`": an entry that stops has no key for it, and one that counts
  /// overtime comes back counting overtime.
  func testAnEntryWritesItsEndingOnlyWhenItCountsOvertime() throws {
    let taken = Date(timeIntervalSinceReferenceDate: 1_000)
    let stops = CountdownSnapshot<String>.Entry(id: "stops", kind: .countdown, policy: .keepsRunning, date: taken + 5)
    let overtime = CountdownSnapshot<String>.Entry(
      id: "late", kind: .countdown, policy: .keepsRunning, date: taken + 5, ending: .countsOvertime)
    let data = try JSONEncoder().encode(
      CountdownSnapshot(takenAt: taken, serverOffset: nil, entries: [stops, overtime]))
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    let countdowns = try XCTUnwrap(json["countdowns"] as? [[String: Any]])
    XCTAssertEqual(countdowns.count, 2)
    XCTAssertEqual(Set(countdowns[0].keys).count + 1, Set(countdowns[1].keys).count, "one key more, for overtime")
    let decoded = try CountdownSnapshot<String>(decoding: data)
    XCTAssertEqual(decoded.entries.map(\.ending), [.stops, .countsOvertime])
  }

  /// What a manager's snapshot holds for each kind: a count-up is `countingUp` with no length; a
  /// running countdown has its deadline as a date and no time; a paused one (or one that pauses
  /// while suspended) its time and no date; "A paused overtime countdown's `time` is negative past
  /// its deadline."
  func testEachKindOfCountdownIsWrittenWithTheFieldsItsDocsName() throws {
    try withManualManager { manager, clock, wall in
      let start = wall.now
      try manager.start(id: "running", for: .seconds(10)) { _, _, _ in }
      try manager.start(id: "paused", for: .seconds(10)) { _, _, _ in }
      try manager.start(id: "pauses", for: .seconds(10), whileSuspended: .pauses) { _, _, _ in }
      try manager.start(id: "late", for: .seconds(2), pastTheEnd: .countsOvertime) { _, _, _ in }
      manager.listen(id: "up") { _, _, _ in }
      try clock.advance(by: 4, with: wall)
      XCTAssertTrue(manager.pause(id: "paused"))
      XCTAssertTrue(manager.pause(id: "late"))
      let entries = Dictionary(uniqueKeysWithValues: manager.snapshot(of: String.self).entries.map { ($0.id, $0) })

      let running = try XCTUnwrap(entries["running"])
      XCTAssertEqual(running.kind, .countdown)
      XCTAssertEqual(running.date, start + 10)
      XCTAssertNil(running.time)
      XCTAssertEqual(running.length, .seconds(10))

      let paused = try XCTUnwrap(entries["paused"])
      XCTAssertTrue(paused.isPaused)
      XCTAssertNil(paused.date)
      XCTAssertEqual(paused.time, .seconds(6))

      let pauses = try XCTUnwrap(entries["pauses"])
      XCTAssertEqual(pauses.policy, .pauses)
      XCTAssertNil(pauses.date)
      XCTAssertEqual(pauses.time, .seconds(6))

      let late = try XCTUnwrap(entries["late"])
      XCTAssertEqual(late.ending, .countsOvertime)
      XCTAssertEqual(late.time, .seconds(-2), "negative past its deadline")

      let up = try XCTUnwrap(entries["up"])
      XCTAssertEqual(up.kind, .countingUp)
      XCTAssertNil(up.length, "nil for a count-up")
      XCTAssertEqual(up.date, start, "a running count-up's start")
    }
  }

  /// `encode(to:)`: "Throws: `EncodingError.invalidValue` for a time beyond the format's 64-bit
  /// nanoseconds (about 292 years)".
  func testEncodingATimeBeyondSixtyFourBitNanosecondsThrowsInvalidValue() {
    let entry = CountdownSnapshot<String>.Entry(
      id: "far", kind: .countdown, policy: .keepsRunning, isPaused: true, time: .seconds(Int64(300) * 365 * 86_400))
    let snapshot = CountdownSnapshot(
      takenAt: Date(timeIntervalSinceReferenceDate: 0), serverOffset: nil, entries: [entry])
    XCTAssertThrowsError(try JSONEncoder().encode(snapshot)) { error in
      guard case EncodingError.invalidValue = error else { return XCTFail("threw \(error)") }
    }
  }

  /// `CountdownSnapshotError.description`: "The reason and its details: `invalidEntry(index: 2,
  /// reason: outOfRange)`"; a kind's description is "The kind's name, as its static member spells
  /// it"; `index`, `reason` and `formatVersion` are `nil` where their docs say they do not apply.
  func testAnErrorDescribesItsReasonAndDetails() {
    let invalid = CountdownSnapshotError.invalidEntry(index: 2, reason: .outOfRange)
    XCTAssertEqual(invalid.description, "invalidEntry(index: 2, reason: outOfRange)")
    XCTAssertEqual(invalid.kind, .invalidEntry)
    XCTAssertEqual(invalid.index, 2)
    XCTAssertEqual(invalid.reason, .outOfRange)
    XCTAssertNil(invalid.formatVersion)
    XCTAssertEqual(CountdownSnapshotError.unreadable.description, "unreadable")
    XCTAssertNil(CountdownSnapshotError.unreadable.index)
    XCTAssertEqual(CountdownSnapshotError.unsupportedVersion(3).formatVersion, 3)
    XCTAssertNil(CountdownSnapshotError.invalidServerOffset(reason: .outOfRange).index, "about the whole snapshot")
    XCTAssertEqual(CountdownSnapshotError.duplicatePhaseID(index: 1).index, 1)
    let kinds: [CountdownSnapshotError.Kind] = [
      .unreadable, .unsupportedVersion, .invalidEntry, .invalidServerOffset, .duplicateID, .unsupportedEntry,
      .invalidPhaseEntry, .duplicatePhaseID,
    ]
    XCTAssertEqual(
      kinds.map(\.description),
      [
        "unreadable", "unsupportedVersion", "invalidEntry", "invalidServerOffset", "duplicateID", "unsupportedEntry",
        "invalidPhaseEntry", "duplicatePhaseID",
      ])
  }

  /// `CountdownSnapshot.init(decoding:)` throws `unreadable` for an entry that cannot be read,
  /// else the first entry's `invalidEntry`: entry 0 holds a negative time, entry 1 a policy no
  /// version writes, and the second's `unreadable` comes first (the entries are read before any
  /// is checked).
  func testDecodingThrowsTheErrorOfTheFirstBadEntry() throws {
    let json = #"""
      {"format":2,"takenAtSinceReferenceDate":0,"countdowns":[
      {"id":"a","kind":"countdown","policy":"keepsRunning","onlyTheEnd":false,"paused":true,"nanoseconds":-5000000000},
      {"id":"b","kind":"countdown","policy":"sometimes","onlyTheEnd":false,"paused":true,"nanoseconds":5000000000}]}
      """#
    assertThrows(CountdownSnapshotError.unreadable) {
      () throws(CountdownSnapshotError) in
      _ = try CountdownSnapshot<String>(decoding: Data(json.utf8))
    }
  }
}
