import CountdownCore
import CountdownTestSupport
import Dispatch
import XCTest

/// Each check on an unsafe path, and each trap the engine and the manual clock have, fires: every
/// test runs its scenario in a child process (``TrapRun``) and expects it to die by a trap with the
/// check's message. The checks on the unsafe paths exist only in builds with internal checks; their
/// tests skip elsewhere.
final class TrapTests: XCTestCase {
  func testFreeingASlotTwiceTraps() throws {
    try expectTrap("free twice", checked: true, message: "a registration slot was freed twice") {
      let slots = RegistrationSlots()
      slots.free(Self.freedSlot(in: slots))
    }
  }

  func testTheKeyOfAFreedSlotTraps() throws {
    let slots = RegistrationSlots()
    let receiver = Receiver("a")
    XCTAssertEqual(slots.allocate(receiver: receiver).liveKey, ObjectIdentifier(receiver))
    try expectTrap("no key", checked: true, message: "a live registration's slot has no key: it was freed") {
      _ = Self.freedSlot(in: slots).liveKey
    }
  }

  /// A broken rule traps unless a test records broken rules (the simulation does).
  func testABrokenRuleTrapsWhileNobodyRecords() throws {
    try expectTrap("broken rule", checked: false, message: "test rules broken: [\"a rule\"]") {
      BrokenRuleRecorder.report(["a rule"], "test rules")
    }
  }

  /// A timer re-armed for the instant it has just fired, again and again, makes an advance of the
  /// manual clock trap rather than spin for good.
  func testAClockThatMakesNoProgressTraps() throws {
    try expectTrap("no progress", checked: false, message: "the code under test makes no progress") {
      let clock = ManualCountdownClock()
      let timer = LockedState<(any CountdownTimer)?>(nil)
      let made = clock.makeTimer(on: .main) { event in
        if case .fired = event { timer.withLock { $0 }?.schedule(at: clock.now, leeway: .zero) }
      }
      timer.withLock { $0 = made }
      try clock.advance(by: .zero)
      made.schedule(at: clock.now, leeway: .zero)
      try clock.advance(by: .seconds(1))
    }
  }

  /// A slot of `slots` that held a registration and was freed.
  private static func freedSlot(in slots: RegistrationSlots) -> SlotReference {
    let receiver = Receiver("a")
    let slot = slots.allocate(receiver: receiver)
    slots.free(slot)
    return slot
  }

  /// Runs `body` when this process is the child started for `scenario`; otherwise starts that
  /// child and expects it to trap with `message`. `checked`: the trap is an internal check, so the
  /// test skips in builds without them.
  private func expectTrap(
    _ scenario: String, checked: Bool, message: String, function: String = #function, file: StaticString = #filePath,
    line: UInt = #line, _ body: () throws -> Void
  ) throws {
    if checked, !internalChecksAreCompiledIn {
      throw XCTSkip("internal checks are compiled out of this build (COUNTDOWN_INTERNAL_CHECKS=1 compiles them in)")
    }
    if TrapRun.scenario == scenario {
      try body()
      return
    }
    let test = "CountdownCoreTests.\(Self.self)/\(function.prefix { $0 != "(" })"
    try TrapRun.expectTrap(test: test, scenario: scenario, message: message, file: file, line: line)
  }
}
