import CountdownTestSupport
import XCTest

/// H+W+O tuned is the floor the comparison holds ours to, so it must keep what it claims: its
/// handlers called with its lock released, a cancel final for the callbacks already prepared, and
/// every handler alive while a prepared callback may call it (under ASan a dangling one fails).
final class OutsideLockContenderTests: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  private final class Receiver {}

  /// What the handlers saw, written on the thread that runs the tick.
  private final class Calls: @unchecked Sendable {
    // @unchecked Sendable: written and read only on the test's thread, which runs the ticks.
    var values: [Int: [Int]] = [:]
  }

  /// Registers `receivers` with `timer` at `value`: each one's handler appends what it is called
  /// with to `calls` under the receiver's index, then runs `then` with that index.
  private func register(
    _ receivers: [Receiver], value: Int, on timer: DenseArrayOutsideLockTimer, calls: Calls,
    then: @escaping (_ index: Int) -> Void = { _ in }
  ) {
    for (index, receiver) in receivers.enumerated() {
      timer.register(receiver, value: value) { value in
        calls.values[index, default: []].append(value)
        then(index)
      }
    }
  }

  func testATickStepsEveryValueDownAndCallsEveryHandlerOnce() {
    let timer = DenseArrayOutsideLockTimer()
    let receivers = (0..<3_000).map { _ in Receiver() }
    let calls = Calls()
    register(receivers, value: 100, on: timer, calls: calls)
    timer.tick()
    timer.tick()
    XCTAssertEqual(calls.values.count, receivers.count)
    XCTAssertTrue(calls.values.values.allSatisfy { $0 == [99, 98] })
  }

  func testACancelInsideACallbackStopsTheCallbacksAlreadyPrepared() {
    let timer = DenseArrayOutsideLockTimer()
    let receivers = (0..<10).map { _ in Receiver() }
    let calls = Calls()
    register(receivers, value: 10, on: timer, calls: calls) { [unowned timer] index in
      // The first callback cancels the last receiver, whose callback is in the same chunk.
      if index == 0 { timer.cancel(receivers[9]) }
    }
    timer.tick()
    XCTAssertNil(calls.values[9], "a cancelled receiver's prepared callback must not begin")
    XCTAssertEqual(calls.values.count, 9)
    timer.tick()
    XCTAssertNil(calls.values[9])
    XCTAssertEqual(calls.values[8], [9, 8], "the pass's end removes the cancelled entry and keeps the others")
  }

  func testAReplacementInsideACallbackCallsOnlyTheNewHandlerFromTheNextPass() {
    let timer = DenseArrayOutsideLockTimer()
    let first = Receiver()
    let second = Receiver()
    let calls = Calls()
    timer.register(first, value: 5) { [unowned timer] value in
      // In the first pass only: replaces `second`'s handler while the pass holds the old one,
      // prepared and unretained.
      guard value == 4 else { return }
      timer.register(second, value: 50) { calls.values[1, default: []].append($0) }
    }
    timer.register(second, value: 5) { calls.values[0, default: []].append($0) }
    timer.tick()
    XCTAssertNil(calls.values[0], "the replaced handler's prepared callback must not begin")
    timer.tick()
    XCTAssertNil(calls.values[0])
    XCTAssertEqual(calls.values[1], [49])
  }

  func testRemoveAllInsideACallbackStopsThePass() {
    let timer = DenseArrayOutsideLockTimer()
    let receivers = (0..<2_000).map { _ in Receiver() }
    let calls = Calls()
    register(receivers, value: 10, on: timer, calls: calls) { [unowned timer] index in
      if index == 0 { timer.removeAll() }
    }
    timer.tick()
    XCTAssertEqual(calls.values.count, 1, "no callback begins after removeAll returned")
    XCTAssertNotNil(calls.values[0])
    timer.tick()
    XCTAssertEqual(calls.values.count, 1)
  }
}
