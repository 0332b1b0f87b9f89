import CountdownCore
import CountdownTestSupport
import Dispatch
import XCTest

/// What the docs promise at the edges of the clock and of the delivery queue: deadlines as far
/// as an instant goes, every error's name, a drifting clock's reads, a registration made inside
/// another queue's `sync` on the main thread, and a sleep until a passed instant.
final class EdgeDocPromisesTests: XCTestCase {
  let recorder = Recorder()

  /// ``CountdownEngine/register(_:_:whileSuspended:delivering:pastTheEnd:handler:)``: "A `deadline`
  /// in the past … ends at once with a single 0", however far in the past: the first instant a
  /// clock holds, more than 2⁶³ ns before now.
  func testADeadlineAtTheFirstInstantEndsAtOnceWithOneZero() throws {
    let (engine, clock) = try makeEngine()
    try clock.advance(by: .seconds(10))
    let a = Receiver("a")
    try engine.register(
      a, .deadline(CountdownInstant(nanosecondsSinceOrigin: Int64.min)), handler: recorder.handler("a"))
    XCTAssertEqual(recorder.values("a"), [0])
    XCTAssertFalse(engine.contains(a))
  }

  /// ``CountdownEnding/countsOvertime``: values "stop moving at −(2⁵⁵ − 1)", so a deadline at the
  /// first instant counts from the bound, not from a wrapped value.
  func testAnOvertimeDeadlineAtTheFirstInstantStartsAtTheBound() throws {
    let (engine, clock) = try makeEngine()
    try clock.advance(by: .seconds(10))
    let a = Receiver("a")
    try engine.register(
      a, .deadline(CountdownInstant(nanosecondsSinceOrigin: Int64.min)), pastTheEnd: .countsOvertime,
      handler: recorder.handler("a"))
    let value = try XCTUnwrap(recorder.values("a").first)
    XCTAssertLessThan(value, 0, "long past its deadline")
    XCTAssertGreaterThanOrEqual(value, -((1 << 55) - 1))
    engine.cancel(a)
  }

  /// ``CountdownInstant/advanced(by:)`` holds at the clock's edges for a duration beyond what 64
  /// bits of nanoseconds hold too.
  func testAdvancingByAHugeDurationHoldsAtTheEdges() {
    XCTAssertEqual(CountdownInstant.zero.advanced(by: .seconds(Int64.max)).nanosecondsSinceOrigin, Int64.max)
    XCTAssertEqual(CountdownInstant.zero.advanced(by: .seconds(Int64.min)).nanosecondsSinceOrigin, Int64.min)
    assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
      _ = try CountdownInstant.zero.exactlyAdvanced(by: .seconds(Int64.max))
    }
  }

  /// ``CountdownError/description``: "The reason's name, as its static member spells it", for
  /// every reason; and ``CountdownEnding/stops``'s.
  func testEveryErrorPrintsAsItsStaticMember() {
    let reasons: [(CountdownError, String)] = [
      (.negativeDuration, "negativeDuration"), (.nonFiniteValue, "nonFiniteValue"),
      (.invalidInterval, "invalidInterval"),
      (.outOfRange, "outOfRange"), (.invalidCombination, "invalidCombination"), (.invalidMilestone, "invalidMilestone"),
      (.emptyPlan, "emptyPlan"), (.zeroDuration, "zeroDuration"), (.invalidRepetition, "invalidRepetition"),
      (.unreachablePhases, "unreachablePhases"),
    ]
    for (reason, name) in reasons {
      XCTAssertEqual(reason.description, name)
    }
    XCTAssertEqual(Set(reasons.map(\.0)).count, reasons.count, "ten different reasons")
    XCTAssertEqual(CountdownEnding.stops.description, "stops")
  }

  /// ``ManualClockJitter/drift``: "Each read of ``ManualCountdownClock/now`` first moves time
  /// forward by up to this much": reads never go back, and no two are further apart than the drift.
  func testEachReadOfADriftingClockMovesOnByAtMostTheDrift() throws {
    let clock = try ManualCountdownClock(jitter: .init(drift: .microseconds(20), seed: 3))
    var last = clock.now
    var moved = false
    for _ in 0..<200 {
      let read = clock.now
      XCTAssertTrue(read >= last, "never back")
      XCTAssertLessThanOrEqual(last.duration(to: read), .microseconds(20))
      moved = moved || read > last
      last = read
    }
    XCTAssertTrue(moved, "time moves while nobody advances it")
    XCTAssertEqual(ManualCountdownClock().now, ManualCountdownClock().now, "without drift, still")
  }

  /// ``CountdownEngine/register(_:_:whileSuspended:delivering:pastTheEnd:handler:)``: "for the main
  /// queue, on the main thread, inside another queue's `sync` too", the first callback comes
  /// inside the call.
  func testOnTheMainThreadInsideAnotherQueuesSyncTheFirstValueComesInsideTheCall() throws {
    let (engine, _) = try makeEngine()
    let a = Receiver("a")
    let other = DispatchQueue(label: "other")
    let seenInside = other.sync { () -> [Int] in
      XCTAssertTrue(Thread.isMainThread, "a sync block runs on the calling thread")
      try? engine.register(a, .duration(.seconds(5)), handler: recorder.handler("a"))
      return recorder.values("a")
    }
    XCTAssertEqual(seenInside, [5])
    engine.cancel(a)
  }

  /// ``ManualCountdownClock/advance(by:)``: "`advance(by: .zero)` fires nothing but still lets
  /// engines make pending prompt deliveries": a first value queued by a registration from
  /// another thread comes inside it.
  func testAdvancingByZeroDeliversAFirstValueQueuedFromAnotherThread() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    let wakeups = engine.statistics.wakeups
    let handler = recorder.handler("a")
    DispatchQueue.global().sync {
      // `sync` on a global queue may run on this thread: make sure it does not.
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        try? engine.register(a, .duration(.seconds(5)), handler: handler)
        done.signal()
      }
      done.wait()
    }
    XCTAssertEqual(recorder.values("a"), [], "queued on the delivery queue, not made on the other thread")
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("a"), [5])
    XCTAssertEqual(engine.statistics.wakeups, wakeups, "no timer fired")
    engine.cancel(a)
  }

  /// ``ManualCountdownClock/sleep(until:tolerance:)``: "at once if it has passed". Nothing
  /// advances the clock here: a sleep that waited would never return, so the test fails on a
  /// timeout rather than hang.
  func testASleepUntilAPassedInstantReturnsAtOnce() async throws {
    let clock = ManualCountdownClock(now: .init(nanosecondsSinceOrigin: 5_000))
    let returned = expectation(description: "both sleeps returned")
    let sleeper = Task {
      try await clock.sleep(until: .zero, tolerance: nil)
      try await clock.sleep(until: clock.now, tolerance: nil)
      returned.fulfill()
    }
    await fulfillment(of: [returned], timeout: 10)
    sleeper.cancel()
    XCTAssertEqual(clock.now.nanosecondsSinceOrigin, 5_000, "no time moved")
  }
}
