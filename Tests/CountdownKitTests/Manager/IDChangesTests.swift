import CountdownKit
import Foundation
import XCTest

/// The hook the integration products build on: every change of an id's countdown reaches the
/// observer, and the phase read after it is the countdown's.
final class IDChangesTests: XCTestCase {
  /// The keys an observer heard, in order.
  private final class Heard: Sendable {
    let keys = LockedState<[IDKey]>([])
    func take() -> [IDKey] {
      keys.withLock { keys in
        defer { keys = [] }
        return keys
      }
    }
  }

  func testTheObserverHearsWhichChangesAreARunOut() throws {
    try withManualManager { manager, clock, _ in
      let heard = LockedState<[String]>([])
      let key = manager.addIDObserver { keys, ended in
        heard.withLock { $0 += keys.map { "\($0.id(as: String.self) ?? "?")\(ended ? " ran out" : "")" } }
      }
      defer { manager.removeIDObserver(key) }
      try manager.start(id: "tea", for: .seconds(5)) { _, _, _ in }
      try manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
      try manager.start(id: "rice", for: .seconds(300)) { _, _, _ in }
      try manager.start(id: "stew", for: .seconds(300)) { _, remaining, stop in stop = remaining < 299 }
      heard.withLock { $0 = [] }
      try clock.advance(by: .seconds(5))
      drainMainQueue()
      try manager.addTime(.seconds(-400), id: "egg")
      manager.cancel(id: "rice")
      XCTAssertEqual(
        heard.withLock { $0 }, ["stew", "tea ran out", "egg ran out", "egg", "rice"],
        "its 0, a stop flag, time taken past the end (its 0 inside the call, then the change), a cancel")
    }
  }

  func testEveryChangeOfAnIDReachesTheObserver() throws {
    try withManualManager { manager, clock, wall in
      let heard = Heard()
      let key = manager.addIDObserver { keys, _ in heard.keys.withLock { $0 += keys } }
      defer { manager.removeIDObserver(key) }
      let tea = IDKey("tea")
      try manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      XCTAssertEqual(heard.take(), [tea], "start")
      guard case .running(let dates, let deadline) = manager.idPhase(of: tea).phase else { return XCTFail("running") }
      XCTAssertEqual(dates, manager.timerDates(id: "tea"))
      XCTAssertEqual(deadline, clock.now.advanced(by: .seconds(60)))
      try manager.start(id: "tea", for: .seconds(90)) { _, _, _ in }
      XCTAssertEqual(heard.take(), [tea], "replace")
      manager.pause(id: "tea")
      XCTAssertEqual(heard.take(), [tea], "pause")
      guard case .frozen = manager.idPhase(of: tea).phase else { return XCTFail("frozen") }
      manager.resume(id: "tea")
      XCTAssertEqual(heard.take(), [tea], "resume")
      try manager.addTime(.seconds(30), id: "tea")
      XCTAssertEqual(heard.take(), [tea], "time added")
      try manager.addTime(.seconds(-10), id: "tea")
      XCTAssertEqual(heard.take(), [tea], "time taken")
      manager.cancel(id: "tea")
      XCTAssertEqual(heard.take(), [tea], "cancel")
      XCTAssertEqual(manager.idPhase(of: tea).phase, .gone)
      try manager.start(id: "egg", for: .seconds(2)) { _, _, _ in }
      try manager.start(id: 7, for: .seconds(5)) { _, _, _ in }
      _ = heard.take()
      try clock.advance(by: .seconds(2))
      wall.jump(by: 2)
      drainMainQueue()
      XCTAssertEqual(heard.take(), [IDKey("egg")], "the end")
      XCTAssertEqual(manager.idPhase(of: IDKey("egg")).phase, .gone)
      manager.cancelAll()
      XCTAssertEqual(heard.take(), [IDKey(7)], "cancelAll")
      // Calibrating moves no deadline and no device date: nothing to hear.
      try manager.start(id: "sale", for: .seconds(60)) { _, _, _ in }
      _ = heard.take()
      let before = manager.idPhase(of: IDKey("sale")).phase
      try manager.calibrate(serverNow: wall.now + 3_600)
      XCTAssertEqual(manager.idPhase(of: IDKey("sale")).phase, before)
      XCTAssertEqual(heard.take(), [])
    }
  }

  func testSuspensionReachesTheObserverForCountdownsItFreezes() throws {
    try withManualManager { manager, _, _ in
      let heard = Heard()
      let key = manager.addIDObserver { keys, _ in heard.keys.withLock { $0 += keys } }
      defer { manager.removeIDObserver(key) }
      try manager.start(id: "oven", for: .seconds(60), whileSuspended: .pauses) { _, _, _ in }
      try manager.start(id: "bus", for: .seconds(60)) { _, _, _ in }
      _ = heard.take()
      manager.suspendTicking()
      XCTAssertEqual(heard.take(), [IDKey("oven")], "only the countdown the suspension freezes")
      guard case .frozen = manager.idPhase(of: IDKey("oven")).phase else { return XCTFail("frozen") }
      guard case .running = manager.idPhase(of: IDKey("bus")).phase else { return XCTFail("running") }
      manager.resumeTicking()
      XCTAssertEqual(heard.take(), [IDKey("oven")])
      guard case .running = manager.idPhase(of: IDKey("oven")).phase else { return XCTFail("running again") }
    }
  }

  func testARestoreReachesTheObserverAndARemovedObserverHearsNothing() throws {
    try withManualManager { manager, _, _ in
      try manager.start(id: "a", for: .seconds(60)) { _, _, _ in }
      manager.pause(id: "a")
      let snapshot = manager.snapshot(of: String.self)
      manager.cancelAll()
      let heard = Heard()
      let key = manager.addIDObserver { keys, _ in heard.keys.withLock { $0 += keys } }
      XCTAssertEqual(manager.idKeys(of: String.self), [])
      try manager.restore(snapshot) { _, _, _ in }
      XCTAssertEqual(heard.take(), [IDKey("a")])
      guard case .frozen = manager.idPhase(of: IDKey("a")).phase else { return XCTFail("restored paused") }
      XCTAssertEqual(manager.idKeys(of: String.self), [IDKey("a")])
      manager.removeIDObserver(key)
      manager.cancel(id: "a")
      XCTAssertEqual(heard.take(), [])
    }
  }
}
