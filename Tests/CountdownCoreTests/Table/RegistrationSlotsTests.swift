import CountdownCore
import XCTest

final class RegistrationSlotsTests: XCTestCase {
  /// Slots keep their address across the growth of the store (a pass compares references taken
  /// before callbacks register more), and hold what they were given.
  func testSlotsNeverMoveAndHoldTheirRegistration() {
    let slots = RegistrationSlots()
    let receivers = (0..<10_000).map { Receiver("r\($0)") }
    let references = receivers.map { slots.allocate(receiver: $0) }
    XCTAssertEqual(Set(references).count, receivers.count, "one slot per registration")
    // Every reference taken before the store grew (three pages) still leads to its own slot.
    for (position, reference) in references.enumerated() {
      XCTAssertEqual(reference.key, ObjectIdentifier(receivers[position]), "slot \(position)")
    }
    XCTAssertEqual(slots.liveCount, receivers.count)
    XCTAssertTrue(references[1_234].isRegistration(of: receivers[1_234]))
    XCTAssertFalse(references[1_234].isRegistration(of: receivers[1_235]))
    XCTAssertEqual(references[9_999].key, ObjectIdentifier(receivers[9_999]))
  }

  /// Freeing forgets the receiver and the key, moves the generation on, and the slot is reused.
  func testFreeForgetsTheRegistrationAndTheSlotIsReused() {
    let slots = RegistrationSlots()
    let receiver = Receiver("r")
    let slot = slots.allocate(receiver: receiver)
    let generation = slot.generation
    slots.free(slot)
    XCTAssertNil(slot.key)
    XCTAssertFalse(slot.isRegistration(of: receiver))
    XCTAssertNotEqual(slot.generation, generation, "whatever an index holds for it is stale")
    XCTAssertEqual(slots.liveCount, 0)
    XCTAssertEqual(slots.allocate(receiver: receiver), slot, "the freed slot is reused")
  }

  /// The weak receiver: a slot never keeps its receiver alive, and an object allocated after the
  /// receiver died is not taken for it.
  func testASlotHoldsItsReceiverWeakly() {
    let slots = RegistrationSlots()
    var receiver: Receiver? = Receiver("r")
    let slot = slots.allocate(receiver: receiver!)
    XCTAssertTrue(slot.hasLiveReceiver)
    receiver = nil
    XCTAssertFalse(slot.hasLiveReceiver)
    let other = Receiver("other")
    XCTAssertFalse(slot.isRegistration(of: other))
  }

  /// Once every slot is free, new registrations take them from the first again, in order: a
  /// refill after cancels in random order lies in order, as the first fill did.
  func testARefillAfterEveryCancelTakesTheSlotsInOrderAgain() {
    let slots = RegistrationSlots()
    let receivers = (0..<5_000).map { Receiver("r\($0)") }
    let first = receivers.map { slots.allocate(receiver: $0) }
    var generator = SplitMix64(seed: 7)
    for reference in first.shuffled(using: &generator).dropLast() {
      slots.free(reference)
    }
    XCTAssertEqual(slots.liveCount, 1)
    let kept = first.first { $0.key != nil }!
    let whileOneIsLive = slots.allocate(receiver: receivers[0])
    XCTAssertNotEqual(whileOneIsLive, kept, "a live slot is never handed out")
    slots.free(whileOneIsLive)
    slots.free(kept)
    XCTAssertEqual(slots.liveCount, 0)
    let refill = receivers.map { slots.allocate(receiver: $0) }
    XCTAssertTrue(refill == first, "the refill takes the slots in the first fill's order")
  }
}
