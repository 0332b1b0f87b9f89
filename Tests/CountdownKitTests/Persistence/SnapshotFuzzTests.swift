import CountdownKit
import Foundation
import XCTest

/// Seeded random snapshots round-trip exactly; seeded random damage to a valid encoding never
/// crashes, and either decodes and restores, or throws the typed error with nothing registered.
final class SnapshotFuzzTests: XCTestCase {
  /// A random valid snapshot: unique ids, every kind, policy and state, dates to the microsecond.
  private static func randomSnapshot(
    _ random: inout SplitMix64, wall: Date
  ) -> CountdownSnapshot<Int> {
    let offset: Duration? =
      random.next() % 3 == 0 ? .milliseconds(Int64(random.next() % 200_000_000) - 100_000_000) : nil
    let count = Int(random.next() % 20)
    var entries: [CountdownSnapshot<Int>.Entry] = []
    for id in 0..<count {
      let kind: CountdownSnapshot<Int>.Kind = random.next() % 3 == 0 ? .countingUp : .countdown
      let policy: SuspensionPolicy = random.next() % 3 == 0 ? .pauses : .keepsRunning
      let paused = random.next() % 4 == 0
      let deliveries: CountdownDeliveries = kind == .countdown && random.next() % 4 == 0 ? .onlyTheEnd : .everyChange
      var entry = CountdownSnapshot<Int>.Entry(
        id: id * 7, kind: kind, policy: policy, deliveries: deliveries, isPaused: paused)
      if paused || policy == .pauses {
        entry.time = .nanoseconds(Int64(random.next() % 1_000_000_000_000_000))
      } else {
        // Microseconds ahead (countdowns) or behind (count-ups) of now, in server time if calibrated.
        let micros = Double(random.next() % 1_000_000_000_000) / 1e6 + 1
        let device = kind == .countdown ? wall + micros : wall - micros
        entry.date =
          device + (offset.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 } ?? 0)
      }
      entries.append(entry)
    }
    return CountdownSnapshot(takenAt: wall, serverOffset: offset, entries: entries.shuffled(using: &random))
  }

  func testAThousandRandomSnapshotsRoundTrip() throws {
    try MainActor.assumeIsolated {
      var random = SplitMix64(seed: 0x5EED_0001)
      let wall = TestWallClock()
      var restoredEntries = 0
      for round in 0..<1_000 {
        let snapshot = Self.randomSnapshot(&random, wall: wall.now)
        let data = try JSONEncoder().encode(snapshot)
        let decoded = try CountdownSnapshot<Int>(decoding: data)
        XCTAssertEqual(decoded, snapshot, "round \(round): encoding lost something")

        // Restored into a manager on a clock from zero, the same instant reads back the same.
        let (manager, _) = try makeManager(wall: wall)
        let restoration = try manager.restore(decoded) { _, _, _ in }
        XCTAssertEqual(restoration.ids, snapshot.entries.map(\.id))
        XCTAssertTrue(restoration.ended.isEmpty)
        let again = manager.snapshot(of: Int.self)
        XCTAssertEqual(again.serverOffset, snapshot.serverOffset, "round \(round)")
        let byID = Dictionary(uniqueKeysWithValues: again.entries.map { ($0.id, $0) })
        XCTAssertEqual(byID.count, snapshot.entries.count, "round \(round)")
        for entry in snapshot.entries {
          guard let back = byID[entry.id] else { continue }
          XCTAssertEqual(back.kind, entry.kind)
          XCTAssertEqual(back.policy, entry.policy)
          XCTAssertEqual(back.deliveries, entry.deliveries)
          XCTAssertEqual(back.isPaused, entry.isPaused)
          XCTAssertEqual(back.time, entry.time, "round \(round), id \(entry.id)")
          XCTAssertEqual(
            back.date?.timeIntervalSinceReferenceDate ?? 0, entry.date?.timeIntervalSinceReferenceDate ?? 0,
            accuracy: 1e-6, "round \(round), id \(entry.id)")
          restoredEntries += 1
        }
        manager.cancelAll()
      }
      XCTAssertGreaterThan(restoredEntries, 5_000)
    }
  }

  func testDamagedBytesNeverCrashAndNeverRestoreHalfway() throws {
    try MainActor.assumeIsolated {
      var random = SplitMix64(seed: 0xF022_0002)
      let wall = TestWallClock()
      var base = Self.randomSnapshot(&random, wall: wall.now)
      while base.entries.count < 10 { base = Self.randomSnapshot(&random, wall: wall.now) }
      let valid = try JSONEncoder().encode(base)
      let digits = Array("0123456789-.e".utf8)
      var (decodedCount, refusedCount, restoredCount) = (0, 0, 0)
      for round in 0..<3_000 {
        var bytes = [UInt8](valid)
        for _ in 0...(random.next() % 3) {
          guard !bytes.isEmpty else { break }
          let at = Int(random.next() % UInt64(bytes.count))
          switch random.next() % 6 {
          case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
          case 1: bytes.removeSubrange(at...)
          case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int(random.next() % 16) + 1))
          case 3: bytes.insert(digits[Int(random.next() % UInt64(digits.count))], at: at)
          case 4: bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "9"), count: 25), at: at)
          default:
            let end = min(bytes.count, at + Int(random.next() % 64) + 1)
            bytes.insert(contentsOf: bytes[at..<end], at: end)
          }
        }
        let (manager, clock) = try makeManager(wall: wall)
        try clock.advance(by: .seconds(1))
        try manager.start(id: 7, for: .seconds(100)) { _, _, _ in }
        manager.listen(id: 1_000) { _, _, _ in }
        let before = manager.snapshot(of: Int.self)
        let snapshot: CountdownSnapshot<Int>
        do throws(CountdownSnapshotError) {
          snapshot = try CountdownSnapshot<Int>(decoding: Data(bytes))
          decodedCount += 1
        } catch {
          refusedCount += 1
          manager.cancelAll()
          continue
        }
        let log = ValueLog()
        do throws(CountdownSnapshotError) {
          let restoration = try manager.restore(snapshot, log.recordByID())
          restoredCount += 1
          XCTAssertEqual(restoration.ids, snapshot.entries.map(\.id), "round \(round)")
          // Every id counts, but one whose restored countdown ended inside the call, with its 0.
          for id in Set(snapshot.entries.map(\.id)).union([7, 1_000]) where !manager.contains(id: id) {
            XCTAssertEqual(
              log.values(id.description).last, 0, "round \(round): \(id) ended inside the restore with its 0")
          }
        } catch {
          refusedCount += 1
          try clock.advance(by: .zero)
          XCTAssertTrue(log.isEmpty, "round \(round): a refused snapshot's handler ran")
          XCTAssertEqual(
            manager.snapshot(of: Int.self), before, "round \(round): a refused snapshot changed the manager")
        }
        manager.cancelAll()
      }
      // The damage reached both sides: some still decode and restore, most are refused.
      XCTAssertGreaterThan(decodedCount, 30)
      XCTAssertGreaterThan(restoredCount, 30)
      XCTAssertGreaterThan(refusedCount, 1_000)
    }
  }
}
