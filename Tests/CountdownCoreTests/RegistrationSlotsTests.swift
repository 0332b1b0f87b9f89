import CountdownCore
import XCTest

final class RegistrationSlotsTests: XCTestCase {
  /// Slots keep their address across the growth of the store (a pass calls handlers through
  /// pointers taken before callbacks register more), and hold what they were given.
  func testSlotsNeverMoveAndHoldTheirRegistration() {
    let slots = RegistrationSlots()
    let receivers = (0..<10_000).map { Receiver("r\($0)") }
    let calls = LockedState([Int]())
    let first = slots.allocate(receiver: receivers[0]) { value, _ in calls.withLock { $0.append(value) } }
    var references = [first]
    for receiver in receivers.dropFirst() {
      references.append(slots.allocate(receiver: receiver) { _, _ in })
    }
    XCTAssertEqual(Set(references).count, receivers.count, "one slot per registration")
    // Every reference taken before the store grew (three pages) still leads to its own slot.
    for (position, reference) in references.enumerated() {
      XCTAssertEqual(reference.key, ObjectIdentifier(receivers[position]), "slot \(position)")
    }
    XCTAssertEqual(slots.liveCount, receivers.count)
    var stop = false
    first.pointer.pointee.call?(7, &stop)
    XCTAssertEqual(calls.withLock { $0 }, [7])
    XCTAssertTrue(references[1_234].isRegistration(of: receivers[1_234]))
    XCTAssertFalse(references[1_234].isRegistration(of: receivers[1_235]))
    XCTAssertEqual(references[9_999].key, ObjectIdentifier(receivers[9_999]))
  }

  /// Freeing hands the handler back (to be released outside the engine's lock), forgets the
  /// receiver, and the slot is reused.
  func testFreeReturnsTheHandlerAndTheSlotIsReused() {
    let slots = RegistrationSlots()
    let receiver = Receiver("r")
    var captured: Receiver? = Receiver("captured")
    weak var weakCaptured: Receiver?
    weakCaptured = captured
    var reference: SlotReference?
    do {
      let held = captured!
      reference = slots.allocate(receiver: receiver) { _, _ in _ = held }
    }
    let slot = reference!
    var handler = slots.free(slot)
    XCTAssertNotNil(handler)
    XCTAssertNil(slot.pointer.pointee.call)
    XCTAssertFalse(slot.isRegistration(of: receiver))
    XCTAssertEqual(slots.liveCount, 0)
    captured = nil
    XCTAssertNotNil(weakCaptured, "the handler is alive until the caller drops it")
    handler = nil
    XCTAssertNil(weakCaptured, "nothing else holds the handler")
    XCTAssertEqual(slots.allocate(receiver: receiver) { _, _ in }, slot, "the freed slot is reused")
  }

  /// The weak receiver: a slot never keeps its receiver alive, and an object allocated after the
  /// receiver died is not taken for it.
  func testASlotHoldsItsReceiverWeakly() {
    let slots = RegistrationSlots()
    var receiver: Receiver? = Receiver("r")
    let slot = slots.allocate(receiver: receiver!) { _, _ in }
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
    let first = receivers.map { slots.allocate(receiver: $0) { _, _ in } }
    var generator = SplitMix64(seed: 7)
    for reference in first.shuffled(using: &generator).dropLast() {
      _ = slots.free(reference)
    }
    XCTAssertEqual(slots.liveCount, 1)
    let kept = first.first { $0.pointer.pointee.call != nil }!
    let whileOneIsLive = slots.allocate(receiver: receivers[0]) { _, _ in }
    XCTAssertNotEqual(whileOneIsLive, kept, "a live slot is never handed out")
    _ = slots.free(whileOneIsLive)
    _ = slots.free(kept)
    XCTAssertEqual(slots.liveCount, 0)
    let refill = receivers.map { slots.allocate(receiver: $0) { _, _ in } }
    XCTAssertTrue(refill == first, "the refill takes the slots in the first fill's order")
  }
}
