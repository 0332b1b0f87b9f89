import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

final class ReceiverTableTests: XCTestCase {
  /// The slots the nodes below refer to (the table never reads them).
  private let slots = RegistrationSlots()

  /// A node whose deadline carries `payload`, so the model can tell nodes apart.
  private func node(_ receiver: AnyObject, _ payload: UInt64) -> ReceiverNode {
    ReceiverNode(
      slot: slots.allocate(receiver: receiver), handler: { _, _ in },
      timing: CountdownTiming(countdownTo: Int64(payload), policy: .keepsRunning))
  }

  /// Random inserts, replacements and removals, checked against a Dictionary and against the
  /// table's invariants after every step: 5 000 steps in CI (1 500 in a plain `swift test`:
  /// ``CountdownTestSupport/TestSize``); `COUNTDOWN_TABLE_STEPS=20000` runs a longer one (the same
  /// seed, so it begins with the same steps).
  func testRandomizedAgainstDictionaryModel() {
    var generator = SplitMix64(seed: 0xC0FFEE)
    var table = ReceiverTable()
    var model: [ObjectIdentifier: UInt64] = [:]
    let pool = (0..<600).map { Receiver("r\($0)") }
    let steps = TestSize.of("COUNTDOWN_TABLE_STEPS", full: 5_000, editLoop: 1_500)
    for step in 0..<steps {
      let receiver = pool[Int(generator.next() % UInt64(pool.count))]
      let key = ObjectIdentifier(receiver)
      switch generator.next() % 3 {
      case 0, 1:
        if let index = table.index(of: key) {
          table[index] = node(receiver, UInt64(step))
        } else {
          table.insert(node(receiver, UInt64(step)), for: key)
        }
        model[key] = UInt64(step)
      default:
        if let index = table.index(of: key) {
          let removed = table.remove(at: index)
          XCTAssertEqual(model.removeValue(forKey: key), UInt64(removed.timing.deadlineOrStart))
        } else {
          XCTAssertNil(model[key])
        }
      }
      XCTAssertEqual(table.invariantViolations(), [], "after step \(step)")
      XCTAssertEqual(table.count, model.count)
    }
    for (key, registration) in model {
      XCTAssertEqual(table.index(of: key).map { UInt64(table[$0].timing.deadlineOrStart) }, registration)
    }
  }

  /// Random inserts to either part, moves between the parts and removals, checked against a model
  /// of which keys are quiet and against the table's invariants after every step: the walked part
  /// (``ReceiverTable/walkedCount``) holds exactly the keys not quiet, the quiet part the others,
  /// every node found by its key.
  func testTheQuietPartHoldsExactlyTheQuietNodes() {
    var generator = SplitMix64(seed: 0x9_01E7)
    var table = ReceiverTable()
    var model: [ObjectIdentifier: (payload: UInt64, quiet: Bool)] = [:]
    let pool = (0..<300).map { Receiver("r\($0)") }
    for step in 0..<4_000 {
      let receiver = pool[Int(generator.next() % UInt64(pool.count))]
      let key = ObjectIdentifier(receiver)
      let quiet = generator.next() % 2 == 0
      switch (generator.next() % 4, table.index(of: key)) {
      case (0, nil), (1, nil):
        let index = table.insert(node(receiver, UInt64(step)), for: key, quiet: quiet)
        XCTAssertEqual(table.key(at: index), key, "insert returns the new node's position")
        model[key] = (UInt64(step), quiet)
      case (0, let index?), (1, let index?):
        let moved = table.setQuiet(quiet, at: index)
        XCTAssertEqual(table.key(at: moved), key, "a move returns the node's new position")
        XCTAssertEqual(table.isInQuietPart(moved), quiet)
        model[key]!.quiet = quiet
      case (_, let index?):
        let removed = table.remove(at: index)
        XCTAssertEqual(model.removeValue(forKey: key)?.payload, UInt64(removed.timing.deadlineOrStart))
      case (_, nil):
        XCTAssertNil(model[key])
      }
      XCTAssertEqual(table.invariantViolations(), [], "after step \(step)")
      XCTAssertEqual(table.walkedCount, model.values.filter { !$0.quiet }.count, "after step \(step)")
      for (key, expected) in model {
        let index = table.index(of: key)
        XCTAssertEqual(index.map { UInt64(table[$0].timing.deadlineOrStart) }, expected.payload, "after step \(step)")
        XCTAssertEqual(index.map { table.isInQuietPart($0) }, expected.quiet, "after step \(step)")
      }
    }
  }

  func testGrowsAndShrinksWithTheLoad() {
    var table = ReceiverTable()
    let receivers = (0..<10_000).map { Receiver("r\($0)") }
    for (position, receiver) in receivers.enumerated() {
      table.insert(node(receiver, UInt64(position)), for: ObjectIdentifier(receiver))
      XCTAssertLessThanOrEqual(table.count, table.bucketCount, "load factor stays at most 1")
    }
    XCTAssertEqual(table.bucketCount, 16_384)
    XCTAssertEqual(table.invariantViolations(), [])
    for receiver in receivers.dropFirst(10) {
      _ = table.remove(at: table.index(of: ObjectIdentifier(receiver))!)
    }
    XCTAssertEqual(table.count, 10)
    XCTAssertEqual(table.bucketCount, 16_384, "removals alone never shrink the table")
    // The engine calls this once per wakeup.
    var calls = 0
    while table.bucketCount > 64 || table.isResizing {
      table.shrinkIfSparse()
      calls += 1
      XCTAssertLessThan(calls, 100)
    }
    XCTAssertLessThanOrEqual(table.nodes.capacity, 128, "the pool gives memory back")
    XCTAssertEqual(table.invariantViolations(), [])
    for receiver in receivers.prefix(10) {
      XCTAssertNotNil(table.index(of: ObjectIdentifier(receiver)))
    }
  }

  /// Addresses of objects from one allocator share low and high bits; mixed hashing must still
  /// spread them over the buckets. The addresses are made up, in the patterns allocators hand out
  /// (one region, a fixed size class), so the test does not depend on this process's allocator.
  func testSpreadsAllocatorShapedAddressesOverBuckets() {
    var table = ReceiverTable()
    let receivers = (0..<4096).map { Receiver("r\($0)") }
    for (position, receiver) in receivers.enumerated() {
      table.insert(node(receiver, UInt64(position)), for: ObjectIdentifier(receiver))
    }
    XCTAssertEqual(table.bucketCount, 4096)
    for (base, stride) in [
      (0x7F3A_1C00_0000, 16), (0x7F3A_1C00_0000, 48), (0x5555_5555_8000, 64), (0x1_0000_0000, 4096),
    ] {
      var lengths = [Int](repeating: 0, count: table.bucketCount)
      for position in 0..<4096 {
        // Only hashed, never dereferenced.
        let key = unsafeBitCast(UInt(base + position * stride), to: ObjectIdentifier.self)
        lengths[table.bucket(for: key)] += 1
      }
      XCTAssertLessThanOrEqual(lengths.max()!, 12, "stride \(stride): longest chain at load 1 should be short")
    }
  }

  func testRemovingTheLastAndOnlyNodes() {
    var table = ReceiverTable()
    let a = Receiver("a"), b = Receiver("b")
    table.insert(node(a, 1), for: ObjectIdentifier(a))
    table.insert(node(b, 2), for: ObjectIdentifier(b))
    _ = table.remove(at: table.index(of: ObjectIdentifier(b))!)
    _ = table.remove(at: table.index(of: ObjectIdentifier(a))!)
    XCTAssertTrue(table.isEmpty)
    XCTAssertEqual(table.invariantViolations(), [])
    table.insert(node(a, 3), for: ObjectIdentifier(a))
    XCTAssertEqual(table[table.index(of: ObjectIdentifier(a))!].timing.deadlineOrStart, 3)
  }

  /// Fills and drains the table through several doublings and halvings, checked against a
  /// Dictionary and the invariants after every step, so that inserts, removals and lookups run
  /// while a resize is half done, in both directions.
  func testGrowsAndShrinksAgainstDictionaryModelWhileResizing() {
    var generator = SplitMix64(seed: 0xBEEF)
    var table = ReceiverTable()
    var model: [ObjectIdentifier: UInt64] = [:]
    let pool = (0..<700).map { Receiver("r\($0)") }
    var sawResizing = 0
    for (phase, target) in [600, 5, 300, 40, 650, 0].enumerated() {
      while model.count != target {
        let receiver = pool[Int(generator.next() % UInt64(pool.count))]
        let key = ObjectIdentifier(receiver)
        let payload = UInt64(phase) << 32 | UInt64(model.count)
        if let index = table.index(of: key) {
          if model.count > target {
            let removed = table.remove(at: index)
            XCTAssertEqual(model.removeValue(forKey: key), UInt64(removed.timing.deadlineOrStart))
          } else {
            table[index] = node(receiver, payload)
            model[key] = payload
          }
        } else if model.count < target {
          table.insert(node(receiver, payload), for: key)
          model[key] = payload
        } else {
          XCTAssertNil(model[key])
        }
        if generator.next() % 16 == 0 {
          table.shrinkIfSparse()  // a wakeup, between operations
        }
        if table.isResizing { sawResizing += 1 }
        XCTAssertEqual(table.invariantViolations(), [], "phase \(phase), \(model.count) nodes")
        XCTAssertEqual(table.count, model.count)
      }
      for (key, payload) in model {
        XCTAssertEqual(table.index(of: key).map { UInt64(table[$0].timing.deadlineOrStart) }, payload)
      }
    }
    XCTAssertGreaterThan(sawResizing, 100, "steps ran while a resize was in progress")
    XCTAssertTrue(table.isEmpty)
  }

  /// A resize moves a few buckets per operation rather than all at once, and is done before the
  /// table could need the next one.
  func testAResizeIsSpreadOverTheOperationsAfterIt() {
    var table = ReceiverTable()
    let receivers = (0..<2_000).map { Receiver("r\($0)") }
    for receiver in receivers.prefix(1_024) {
      table.insert(node(receiver, 0), for: ObjectIdentifier(receiver))
    }
    XCTAssertEqual(table.bucketCount, 1_024)
    XCTAssertFalse(table.isResizing)
    table.insert(node(receivers[1_024], 0), for: ObjectIdentifier(receivers[1_024]))
    XCTAssertEqual(table.bucketCount, 2_048)
    XCTAssertTrue(table.isResizing, "the 1 025th insert starts moving the lists, it does not move them all")
    var operations = 0
    while table.isResizing {
      operations += 1
      table.insert(node(receivers[1_024 + operations], 0), for: ObjectIdentifier(receivers[1_024 + operations]))
    }
    XCTAssertEqual(operations, 1_024 / 8 - 1, "eight old buckets per operation")
    XCTAssertEqual(table.invariantViolations(), [])
  }

  /// Shrinking is paced: an empty table gives everything back at once; a sparse one halves its
  /// buckets a call at a time, each call moving a bounded batch of buckets (never the whole table
  /// under the engine's lock).
  func testShrinkingGivesMemoryBackInBoundedSteps() {
    var table = ReceiverTable()
    let receivers = (0..<40_000).map { Receiver("r\($0)") }
    for receiver in receivers {
      table.insert(node(receiver, 0), for: ObjectIdentifier(receiver))
    }
    XCTAssertEqual(table.bucketCount, 65_536)
    for receiver in receivers.dropFirst(100) {
      _ = table.remove(at: table.index(of: ObjectIdentifier(receiver))!)
    }
    while table.isResizing {
      table.insert(node(receivers[39_999], 0), for: ObjectIdentifier(receivers[39_999]))
      _ = table.remove(at: table.index(of: ObjectIdentifier(receivers[39_999]))!)
    }
    table.shrinkIfSparse()
    XCTAssertEqual(table.bucketCount, 32_768)
    XCTAssertLessThanOrEqual(table.nodes.capacity, 400, "the pool is compacted at once")
    table.shrinkIfSparse()
    XCTAssertTrue(table.isResizing, "a call moves 4 096 of the 65 536 old buckets, not all of them")
    XCTAssertEqual(table.invariantViolations(), [])
    for receiver in receivers.prefix(100) {
      XCTAssertNotNil(table.index(of: ObjectIdentifier(receiver)))
    }

    for receiver in receivers.prefix(100) {
      _ = table.remove(at: table.index(of: ObjectIdentifier(receiver))!)
    }
    table.shrinkIfSparse()
    XCTAssertEqual(table.bucketCount, 8, "an empty table gives everything back")
    XCTAssertEqual(table.nodes.capacity, 0)
    XCTAssertFalse(table.isResizing)
  }

  /// What a registration costs in the pool: a pass reads and writes 40 bytes per node (its timing,
  /// its handler and its slot: one stream), lookups 16 per entry, and the rare paths 40 per slot
  /// (its weak receiver, key, generation, index handle, order among the registrations, and its
  /// milestones or walk, never read by the tick); a prepared
  /// callback takes 32 in its chunk. A field added to any shows up here before it shows up in the
  /// benchmarks.
  func testNodesEntriesAndSlotsKeepTheirSize() {
    XCTAssertEqual(MemoryLayout<ReceiverNode>.stride, 40)
    XCTAssertEqual(MemoryLayout<RegistrationSlot>.stride, 40)
    XCTAssertEqual(MemoryLayout<SlotAttachment?>.size, 8, "milestones or a walk: one reference")
    XCTAssertEqual(
      MemoryLayout<ReceiverNode>.offset(of: \ReceiverNode.handler), 16,
      "the handler follows the timing, and its words are where a pass copies them from")
    XCTAssertEqual(MemoryLayout<NodeHandler>.size, 2 * MemoryLayout<UnsafeRawPointer>.size)
    XCTAssertEqual(MemoryLayout<CountdownTiming>.stride, 16)
    XCTAssertEqual(MemoryLayout<BucketEntry>.stride, 16)
    XCTAssertEqual(MemoryLayout<NodeIndex>.stride, 4)
    XCTAssertEqual(
      CountdownEngine.preparedCallbackStride, 32, "a chunk of 1 024 prepared callbacks fits in 32 KB")
    XCTAssertEqual(
      CountdownEngine.wheelNodeStride, 32, "a per-countdown wheel's entry: its deadline, registration and links")
  }
}
