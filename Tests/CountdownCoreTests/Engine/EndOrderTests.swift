import CountdownCore
import CountdownTestSupport
import Dispatch
import XCTest

/// Ends delivered together come in deadline order, ties in registration order, whatever brought
/// them together: a return from suspension, a tick after a stall (a device that slept), ends due
/// at one instant, the prompt deliveries of registrations made past their deadlines.
final class EndOrderTests: XCTestCase {
  private let recorder = Recorder()

  /// The names whose 0 came, in the order they came.
  private var ends: [String] { recorder.events.filter { $0.value == 0 }.map(\.name) }

  func testEndsPassedDuringASuspensionComeInDeadlineOrder() throws {
    let (engine, clock) = try makeEngine()
    let (early, late) = (Receiver("early"), Receiver("late"))
    try engine.register(early, .duration(.seconds(1_500)), handler: recorder.handler("early"))
    try engine.register(late, .duration(.seconds(1_800)), handler: recorder.handler("late"))
    engine.suspendTicking()
    try clock.advance(by: .seconds(2_000))
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(ends, ["early", "late"])
  }

  func testEndsAtOneInstantComeInRegistrationOrder() throws {
    let (engine, clock) = try makeEngine()
    let receivers = (0..<4).map { Receiver("\($0)") }
    let deadline = clock.now.advanced(by: .seconds(5))
    for receiver in receivers {
      try engine.register(receiver, .deadline(deadline), handler: recorder.handler(receiver.name))
      try clock.advance(by: .milliseconds(700))
    }
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(ends, ["0", "1", "2", "3"])
  }

  func testEndsAtOneInstantDeliveredOnlyAtTheEndComeInRegistrationOrder() throws {
    let (engine, clock) = try makeEngine()
    let receivers = (0..<4).map { Receiver("\($0)") }
    for receiver in receivers {
      try engine.register(
        receiver, .duration(.seconds(5)), delivering: .onlyTheEnd, handler: recorder.handler(receiver.name))
    }
    try clock.advance(by: .seconds(6))
    XCTAssertEqual(ends, ["0", "1", "2", "3"])
  }

  /// A replacement is a new registration: its end comes after those of registrations made before it.
  func testAReplacementTakesItsPlaceAfterThoseMadeBeforeIt() throws {
    let (engine, clock) = try makeEngine()
    let (first, second) = (Receiver("first"), Receiver("second"))
    try engine.register(first, .duration(.seconds(5)), handler: recorder.handler("first"))
    try engine.register(second, .duration(.seconds(5)), handler: recorder.handler("second"))
    try engine.register(first, .duration(.seconds(5)), handler: recorder.handler("first"))
    try clock.advance(by: .seconds(6))
    XCTAssertEqual(ends, ["second", "first"])
  }

  func testEndsPassedWhileTheDeviceSleptComeInDeadlineOrder() throws {
    let (engine, clock) = try makeEngine()
    let receivers = [("c", 40), ("a", 10), ("e", 70), ("b", 25), ("d", 55)].map { (Receiver($0.0), $0.1) }
    for (receiver, seconds) in receivers {
      try engine.register(receiver, .duration(.seconds(seconds)), handler: recorder.handler(receiver.name))
    }
    try clock.jump(by: .seconds(100))
    XCTAssertEqual(ends, ["a", "b", "c", "d", "e"])
    withExtendedLifetime(receivers) {}
  }

  /// More ends than a chunk holds (``ChunkLimits/capacity``), found by one walk after the device
  /// slept, with ends taken from the ends to come (countdowns delivering only their end) among
  /// them: every 0 in deadline order, across the pass's chunks.
  func testMoreEndsThanAChunkHoldsComeInDeadlineOrderAcrossChunks() throws {
    let (engine, clock) = try makeEngine()
    let count = ChunkLimits.capacity + 76
    // Registered earliest deadline first: the walk, from the pool's end, finds the latest first.
    let receivers = (0..<count).map { Receiver("\($0)") }
    for (number, receiver) in receivers.enumerated() {
      try engine.register(
        receiver, .duration(.milliseconds(10_000 + 10 * Int64(number))),
        delivering: number % 50 == 7 ? .onlyTheEnd : .everyChange, handler: recorder.handler(receiver.name))
    }
    try clock.jump(by: .seconds(100))
    let order = ends.compactMap(Int.init)
    XCTAssertEqual(order.count, count)
    let firstOutOfOrder = zip(order, order.dropFirst()).first { $0.0 > $0.1 }
    XCTAssertNil(
      firstOutOfOrder, "the first 0s: \(order.prefix(4)); out of order: \(String(describing: firstOutOfOrder))")
    withExtendedLifetime(receivers) {}
  }

  /// A suspension's end with more 0s owed than a chunk holds: in deadline order across chunks.
  func testMoreEndsThanAChunkHoldsAfterASuspensionComeInDeadlineOrder() throws {
    let (engine, clock) = try makeEngine()
    let count = ChunkLimits.capacity + 76
    let receivers = (0..<count).map { Receiver("\($0)") }
    for (number, receiver) in receivers.enumerated() {
      try engine.register(
        receiver, .duration(.milliseconds(10_000 + 10 * Int64(number))), handler: recorder.handler(receiver.name))
    }
    engine.suspendTicking()
    try clock.advance(by: .seconds(100))
    engine.resumeTicking()
    try clock.advance(by: .zero)
    let order = ends.compactMap(Int.init)
    XCTAssertEqual(order.count, count)
    let firstOutOfOrder = zip(order, order.dropFirst()).first { $0.0 > $0.1 }
    XCTAssertNil(
      firstOutOfOrder, "the first 0s: \(order.prefix(4)); out of order: \(String(describing: firstOutOfOrder))")
    withExtendedLifetime(receivers) {}
  }

  /// Registered from another thread with deadlines already past: their 0s come in one queued pass.
  func testPastDeadlinesRegisteredTogetherEndInDeadlineOrder() throws {
    let (engine, clock) = try makeEngine()
    try clock.advance(by: .seconds(100))
    let receivers = [("b", 20), ("a", 30), ("c", 10)].map { (Receiver($0.0), $0.1) }
    let recorder = recorder
    let registered = DispatchSemaphore(value: 0)
    // On another thread, while the main queue waits: each first value is queued there.
    DispatchQueue.global().async {
      for (receiver, secondsAgo) in receivers {
        try? engine.register(
          receiver, .deadline(clock.now.advanced(by: .seconds(-secondsAgo))), handler: recorder.handler(receiver.name))
      }
      registered.signal()
    }
    registered.wait()
    XCTAssertEqual(ends, [], "queued on the main queue")
    try clock.advance(by: .zero)
    XCTAssertEqual(ends, ["a", "b", "c"])
    withExtendedLifetime(receivers) {}
  }
}
