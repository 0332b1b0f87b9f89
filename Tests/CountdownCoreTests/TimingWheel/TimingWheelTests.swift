import CountdownCore
import XCTest

/// The hierarchical timing wheel on its own: what it hands out is exact (every entry once, never
/// before its deadline, never after an instant taken at or past it), whatever the resolution, the
/// number of levels, the jumps, and the instants near either end of `Int64`.
final class TimingWheelTests: XCTestCase {
  func testTakesWhatIsDueAndNothingLater() {
    var wheel = TimingWheel<Int>(resolution: 1_000)
    wheel.restartIfEmpty(at: 0)
    for (id, deadline): (Int, Int64) in [
      (0, 5_500), (1, 5_000), (2, 5_999), (3, 6_000), (4, 300_000), (5, 7_000_000_000),
    ] {
      wheel.insert(id, at: deadline)
    }
    XCTAssertEqual(wheel.soonestDeadline(), 5_000)
    XCTAssertEqual(taken(from: &wheel, through: 5_600), [0, 1], "within a tick, by the exact deadline")
    XCTAssertEqual(wheel.soonestDeadline(), 5_999)
    XCTAssertEqual(taken(from: &wheel, through: 6_000), [2, 3])
    XCTAssertEqual(taken(from: &wheel, through: 299_999), [])
    XCTAssertEqual(wheel.soonestDeadline(), 300_000, "found again once the soonest left, at a higher level")
    XCTAssertEqual(taken(from: &wheel, through: 7_000_000_000), [4, 5], "cascaded from the levels above")
    XCTAssertTrue(wheel.isEmpty)
    XCTAssertNil(wheel.soonestDeadline())
  }

  /// A removal unlinks its own entry: nothing is left to come out, and the soonest moves on.
  func testRemovingByHandleLeavesNothingBehind() {
    var wheel = TimingWheel<Int>(resolution: 1)
    let handles = (0..<100).map { wheel.insert($0, at: Int64($0) * 1_000) }
    for handle in handles where handle % 2 == 0 {
      XCTAssertEqual(wheel.remove(handle).payload % 2, 0)
    }
    XCTAssertEqual(wheel.count, 50)
    XCTAssertEqual(wheel.soonestDeadline(), 1_000)
    XCTAssertEqual(taken(from: &wheel, through: .max), Array(stride(from: 1, to: 100, by: 2)))
    XCTAssertFalse(handles.contains { wheel.contains($0) })
  }

  /// Removing the soonest again and again, with new soonest ones made and cancelled in between (a
  /// debounced one-shot beside many ends in one slot): each time the soonest is the reference's.
  func testRemovingTheSoonestOverAndOverFindsTheNextOne() {
    var wheel = TimingWheel<Int>(resolution: 50_000_000)
    var random = SplitMix64(seed: 11)
    var reference: [Int64] = []
    for id in 0..<3_000 {
      let deadline = 3_600_000_000_000 + random.upTo(70_000_000_000)
      wheel.insert(id, at: deadline)
      reference.append(deadline)
    }
    reference.sort()
    for step in 0..<reference.count {
      let debounced = wheel.insert(-1, at: reference[step] - 1 - random.upTo(1_000_000_000))
      XCTAssertEqual(wheel.soonest(), debounced)
      wheel.remove(debounced)
      guard let soonest = wheel.soonest() else { return XCTFail("empty at step \(step)") }
      XCTAssertEqual(wheel[soonest].deadline, reference[step], "step \(step)")
      wheel.remove(soonest)
    }
    XCTAssertTrue(wheel.isEmpty)
  }

  /// The wheel's cost rule: finding a slot's soonest entry walks O(1) entries amortized. Entries
  /// in one coarse slot (an hour ahead, on 10 ms ticks), removed in deadline order with the soonest
  /// asked for between removals (an engine dropping the ends of countdowns paused in the order they
  /// end), are walked a bounded number of times each, not once per removal: the same per entry
  /// for 8 000 as for 2 000.
  func testRemovingASlotsEntriesInDeadlineOrderWalksEachABoundedNumberOfTimes() {
    for count in [2_000, 8_000] {
      var wheel = TimingWheel<Int>(resolution: 10_000_000)
      wheel.restartIfEmpty(at: 0)
      var random = SplitMix64(seed: UInt64(count))
      var handles: [(deadline: Int64, handle: TimingWheel<Int>.Handle)] = []
      for id in 0..<count {
        let deadline = 3_600_000_000_000 + random.upTo(60_000_000_000)
        handles.append((deadline, wheel.insert(id, at: deadline)))
      }
      handles.sort { $0.deadline < $1.deadline }
      for (deadline, handle) in handles {
        XCTAssertEqual(wheel.soonestDeadline(), deadline)
        wheel.remove(handle)
      }
      XCTAssertTrue(wheel.isEmpty)
      let figures =
        "\(count) entries: \(wheel.slotWalkSteps) walked for \(wheel.slotQueries) slots asked, \(wheel.links) linked"
      XCTAssertLessThanOrEqual(
        wheel.slotWalkSteps, TimingWheel<Int>.slotWalkBound(queries: wheel.slotQueries, links: wheel.links), figures)
      print("timing wheel, one coarse slot emptied in deadline order: \(figures)")
    }
  }

  /// A pool left mostly free by removals moves its entries to the front, telling each one's new
  /// handle, and they all still come out, exactly.
  func testCompactingASparsePoolKeepsEveryEntry() {
    var wheel = TimingWheel<Int>(resolution: 1_000, levels: 3)
    var random = SplitMix64(seed: 5)
    var handles: [Int: TimingWheel<Int>.Handle] = [:]
    var deadlines: [Int: Int64] = [:]
    for id in 0..<2_000 {
      deadlines[id] = random.upTo(10_000_000_000)
      handles[id] = wheel.insert(id, at: deadlines[id]!)
    }
    wheel.compactIfSparse { _, _ in XCTFail("compacted while full") }
    for id in 0..<2_000 where id % 10 != 0 {
      wheel.remove(handles.removeValue(forKey: id)!)
    }
    var moved = 0
    wheel.compactIfSparse { id, handle in
      handles[id] = handle
      moved += 1
    }
    XCTAssertEqual(moved, 200)
    for (id, handle) in handles {
      XCTAssertEqual(wheel[handle].payload, id)
      XCTAssertEqual(wheel[handle].deadline, deadlines[id])
    }
    XCTAssertEqual(wheel.soonestDeadline(), handles.keys.map { deadlines[$0]! }.min())
    wheel.remove(handles[0]!)
    XCTAssertEqual(taken(from: &wheel, through: .max), handles.keys.filter { $0 != 0 }.sorted())
  }

  /// A deadline already past (or `Int64.min`) comes out with the next take, not a turn later.
  func testAPastDeadlineComesOutWithTheNextTake() {
    var wheel = TimingWheel<Int>(resolution: 10, levels: 2)
    wheel.restartIfEmpty(at: 1_000_000)
    _ = taken(from: &wheel, through: 1_000_000)
    wheel.insert(1, at: 999_000)
    wheel.insert(2, at: .min)
    wheel.insert(3, at: 1_000_001)
    XCTAssertEqual(wheel.soonestDeadline(), .min)
    XCTAssertEqual(taken(from: &wheel, through: 1_000_000), [1, 2])
    XCTAssertEqual(taken(from: &wheel, through: 1_000_001), [3])
  }

  /// Seeded random inserts, removals, takes and holds (each entry held moved on or removed) against
  /// a sorted array, for several resolutions and
  /// level counts (two levels: deadlines past the top level's span wait there and cascade again),
  /// with small, large and huge jumps, and instants at either end of `Int64`.
  func testSeededRandomOperationsMatchASortedReference() {
    let configurations: [(resolution: Int64, levels: Int)] = [
      (1, 11), (1, 2), (7, 3), (1_000_000, 11), (1_000_000, 2), (Int64.max / 3, 11), (4_096, 4),
    ]
    for (index, configuration) in configurations.enumerated() {
      for seed in 0..<6 {
        var random = SplitMix64(seed: UInt64(index * 100 + seed))
        runRandomOperations(configuration, steps: 2_500, random: &random, label: "\(configuration) seed \(seed)")
      }
    }
  }

  /// Many entries in a few coarse slots, removed at random or soonest first, with newcomers near
  /// them, at shared deadlines, or far off (before the wheel's instant, at either end of `Int64`):
  /// slots split into blocks, blocks put above others for a deadline outside their prefix, freed
  /// once empty, and merged back when taken, the soonest always the reference's, and the walks
  /// within the cost rule's bound.
  func testSplitSlotsMatchASortedReference() {
    for (resolution, seed) in [(Int64(1), UInt64(1)), (1_000, 2), (10_000_000, 3), (7, 4), (1 << 40, 5)] {
      var random = SplitMix64(seed: seed)
      var wheel = TimingWheel<Int>(resolution: resolution)
      var now: Int64 = 1_000_000_000_000
      wheel.restartIfEmpty(at: now)
      let centre = now + resolution.multipliedReportingOverflow(by: 300_000).partialValue % (Int64.max / 4)
      var reference: [(deadline: Int64, id: Int)] = []
      var handles: [Int: TimingWheel<Int>.Handle] = [:]
      func insert(_ id: Int, at deadline: Int64) {
        handles[id] = wheel.insert(id, at: deadline)
        reference.insert((deadline, id), at: reference.firstIndex { $0.deadline > deadline } ?? reference.count)
      }
      for id in 0..<3_000 { insert(id, at: centre + random.upTo(1_000_000) / 37 * 37) }
      for step in 0..<6_000 {
        let label = "resolution \(resolution) step \(step)"
        switch random.upTo(19) {
        case 0...4:
          let deadline: Int64
          switch random.upTo(7) {
          case 0: deadline = [Int64.min, .max, now - 5, reference.first?.deadline ?? 0][Int(random.upTo(3))]
          case 1: deadline = Int64(bitPattern: random.next())
          case 2: deadline = now + random.upTo(1_000)
          default:
            let spread = Int64(1) << (6 * (1 + random.upTo(4)))
            deadline = centre + random.upTo(spread) - spread / 2
          }
          insert(3_000 + step, at: deadline)
        case 5...9:
          guard let soonest = wheel.soonest() else { continue }
          let removed = wheel.remove(soonest)
          XCTAssertEqual(removed.deadline, reference.first?.deadline, label)
          reference.removeAll { $0.id == removed.payload }
          handles[removed.payload] = nil
        case 10...15:
          guard !reference.isEmpty else { continue }
          let position = Int(random.upTo(Int64(reference.count - 1)))
          XCTAssertEqual(
            wheel.remove(handles.removeValue(forKey: reference[position].id)!).payload, reference[position].id)
          reference.remove(at: position)
        case 16:
          wheel.compactIfSparse { id, handle in handles[id] = handle }
        default:
          now = saturated(now, plus: random.upTo(resolution > Int64.max / 10_000 ? Int64.max / 8 : resolution * 10_000))
          var due: [TimingWheel<Int>.Entry] = []
          wheel.takeDue(through: now, into: &due)
          let expected = reference.prefix { $0.deadline <= now }
          XCTAssertEqual(due.map(\.payload).sorted(), expected.map(\.id).sorted(), label)
          reference.removeFirst(expected.count)
          for entry in due { handles[entry.payload] = nil }
        }
        XCTAssertEqual(wheel.count, reference.count, label)
        XCTAssertEqual(wheel.soonestDeadline(), reference.first?.deadline, label)
        if wheel.count != reference.count { return }
      }
      XCTAssertLessThanOrEqual(
        wheel.slotWalkSteps, TimingWheel<Int>.slotWalkBound(queries: wheel.slotQueries, links: wheel.links),
        "resolution \(resolution)")
      var rest: [TimingWheel<Int>.Entry] = []
      wheel.takeDue(through: .max, into: &rest)
      XCTAssertEqual(rest.map(\.payload).sorted(), reference.map(\.id).sorted(), "resolution \(resolution): the rest")
    }
  }

  private func runRandomOperations(
    _ configuration: (resolution: Int64, levels: Int), steps: Int, random: inout SplitMix64, label: String
  ) {
    var wheel = TimingWheel<Int>(resolution: configuration.resolution, levels: configuration.levels)
    let starts: [Int64] = [.min, .min + 12_345, -5_000_000, 0, .max - 1_000_000_000_000]
    var now = starts[Int(random.upTo(Int64(starts.count - 1)))]
    wheel.restartIfEmpty(at: now)
    var reference: [(deadline: Int64, id: Int)] = []  // sorted on the deadline
    var handles: [Int: TimingWheel<Int>.Handle] = [:]
    var nextID = 0
    for step in 0..<steps {
      switch random.upTo(11) {
      case 9, 10:
        // The soonest removed, as an engine drops ends no longer due: found through the slots'
        // kept soonest, or their blocks.
        guard let soonest = wheel.soonest() else { continue }
        let removed = wheel.remove(soonest)
        XCTAssertEqual(removed.deadline, reference.first?.deadline, "\(label) step \(step)")
        guard let position = reference.firstIndex(where: { $0.id == removed.payload }) else {
          XCTFail("\(label) step \(step): removed \(removed.payload), not in the reference")
          return
        }
        reference.remove(at: position)
        handles[removed.payload] = nil
        wheel.compactIfSparse { id, handle in handles[id] = handle }
      case 0...4:
        let deadline = randomDeadline(after: now, resolution: configuration.resolution, random: &random)
        handles[nextID] = wheel.insert(nextID, at: deadline)
        reference.insert((deadline, nextID), at: reference.firstIndex { $0.deadline > deadline } ?? reference.count)
        nextID += 1
      case 5, 6:
        guard !reference.isEmpty else { continue }
        let position = Int(random.upTo(Int64(reference.count - 1)))
        let removed = wheel.remove(handles.removeValue(forKey: reference[position].id)!)
        XCTAssertEqual(removed.payload, reference[position].id, "\(label) step \(step)")
        XCTAssertEqual(removed.deadline, reference[position].deadline, "\(label) step \(step)")
        reference.remove(at: position)
        wheel.compactIfSparse { id, handle in handles[id] = handle }
      case 7:
        now = randomJump(from: now, resolution: configuration.resolution, random: &random)
        holdAndMove(&wheel, through: now, reference: &reference, handles: &handles, random: &random)
        wheel.compactIfSparse { id, handle in handles[id] = handle }
      default:
        now = randomJump(from: now, resolution: configuration.resolution, random: &random)
        var due: [TimingWheel<Int>.Entry] = []
        wheel.takeDue(through: now, into: &due)
        let expected = reference.prefix { $0.deadline <= now }
        XCTAssertEqual(due.map(\.payload).sorted(), expected.map(\.id).sorted(), "\(label) step \(step), at \(now)")
        XCTAssertTrue(due.allSatisfy { $0.deadline <= now }, "\(label) step \(step): before its deadline")
        reference.removeFirst(expected.count)
        for entry in due { handles[entry.payload] = nil }
        wheel.compactIfSparse { id, handle in handles[id] = handle }
      }
      XCTAssertEqual(wheel.count, reference.count, "\(label) step \(step)")
      XCTAssertEqual(wheel.soonestDeadline(), reference.first?.deadline, "\(label) step \(step)")
      if wheel.count != reference.count { return }
    }
    XCTAssertLessThanOrEqual(
      wheel.slotWalkSteps, TimingWheel<Int>.slotWalkBound(queries: wheel.slotQueries, links: wheel.links), label)
    var rest: [TimingWheel<Int>.Entry] = []
    wheel.takeDue(through: .max, into: &rest)
    XCTAssertEqual(rest.map(\.payload).sorted(), reference.map(\.id).sorted(), "\(label): the rest at the end")
  }

  /// Holds what is due by `now`, then moves each held entry on by a distance drawn for each run of
  /// them, or refuses it and removes it, as a window pass does; the reference follows. Each entry
  /// keeps its handle.
  private func holdAndMove(
    _ wheel: inout TimingWheel<Int>, through now: Int64, reference: inout [(deadline: Int64, id: Int)],
    handles: inout [Int: TimingWheel<Int>.Handle], random: inout SplitMix64
  ) {
    wheel.holdDue(through: now)
    var held = Set(reference.prefix { $0.deadline <= now }.map(\.id))
    var deadlines = Dictionary(uniqueKeysWithValues: reference.map { ($0.id, $0.deadline) })
    let far = wheel.resolution > Int64.max / 63 ? Int64.max / 2 : wheel.resolution * 63
    while wheel.firstHeld != nil {
      let distances: [Int64] = [0, 1, wheel.resolution, far, .max / 2]
      let distance = distances[Int(random.upTo(4))]
      wheel.moveHeld(by: distance) { id, deadline in
        guard random.upTo(9) > 0 else { return false }
        XCTAssertEqual(deadline, deadlines[id], "a held entry's deadline")
        XCTAssertNotNil(held.remove(id), "\(id) held once, and due")
        deadlines[id] = saturated(deadline, plus: distance)
        return true
      }
      guard let refused = wheel.firstHeld else { break }
      let removed = wheel.remove(refused)
      XCTAssertEqual(handles.removeValue(forKey: removed.payload), refused)
      XCTAssertNotNil(held.remove(removed.payload), "\(removed.payload) held once, and due")
      deadlines[removed.payload] = nil
    }
    XCTAssertEqual(held, [], "every entry due was held")
    reference = deadlines.map { (deadline: $0.value, id: $0.key) }
      .sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
    for entry in wheel.entries {
      XCTAssertEqual(handles[entry.payload], entry.handle, "a moved entry keeps its handle")
    }
  }

  /// A deadline near `now`, a tick or so on, far on, past, or at either end of `Int64`.
  private func randomDeadline(after now: Int64, resolution: Int64, random: inout SplitMix64) -> Int64 {
    switch random.upTo(9) {
    case 0:
      // Shared deadlines: at either end of `Int64`, or a few instants many entries share.
      switch random.upTo(3) {
      case 0: return .max
      case 1: return .min
      default: return saturated(now, plus: resolution > Int64.max / 64 ? 1 : resolution * (1 + random.upTo(3)) / 2)
      }
    case 1: return backward(now, by: random.upTo(1_000_000))
    case 2: return Int64(bitPattern: random.next())
    case 3: return saturated(now, plus: random.upTo(Int64.max / 2))
    case 4, 5: return saturated(now, plus: random.upTo(resolution > Int64.max / 4_096 ? .max : resolution * 4_096))
    default: return saturated(now, plus: random.upTo(resolution > Int64.max / 64 ? .max : resolution * 64))
    }
  }

  /// The next instant: mostly on, by a little or a lot; now and then to the end, or back a little.
  private func randomJump(from now: Int64, resolution: Int64, random: inout SplitMix64) -> Int64 {
    switch random.upTo(19) {
    case 0: return .max
    case 1: return saturated(now, plus: random.upTo(Int64.max / 4))
    case 2: return backward(now, by: random.upTo(100))
    case 3...6: return saturated(now, plus: random.upTo(resolution > Int64.max / 100_000 ? .max : resolution * 100_000))
    default: return saturated(now, plus: random.upTo(resolution > Int64.max / 70 ? .max : resolution * 70))
    }
  }

  private func backward(_ instant: Int64, by offset: Int64) -> Int64 {
    let (difference, overflow) = instant.subtractingReportingOverflow(offset)
    return overflow ? .min : difference
  }

  private func saturated(_ instant: Int64, plus offset: Int64) -> Int64 {
    let (sum, overflow) = instant.addingReportingOverflow(offset)
    return overflow ? .max : sum
  }

  private func taken(from wheel: inout TimingWheel<Int>, through instant: Int64) -> [Int] {
    var due: [TimingWheel<Int>.Entry] = []
    wheel.takeDue(through: instant, into: &due)
    return due.map(\.payload).sorted()
  }
}
