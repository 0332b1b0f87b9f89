import CountdownCore
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

@testable import CountdownKit

/// Two changes to one countdown in phases from two threads at once: whichever order their cursor
/// changes and their engine writes come in, the engine ends up counting toward the cursor's
/// phase, a `0` of a phase the cursor has left ends nothing, and nothing is delivered after a
/// cancel returns. The hand-over is held between the cursor's change and the engine write (a hook
/// of builds with internal checks) while the other change passes it; a stress run does the same
/// from several threads at random and checks the same afterwards.
final class PhaseChangesFromTwoThreadsTests: XCTestCase {
  /// Warm-up 3 s, then Work 5 s / Rest 2 s twice, then Cool-down 1 s: ends at 3, 8, 10, 15, 17, 18 s.
  static func plan() throws -> CountdownPlan {
    try PhaseSequenceTests.plan()
  }

  /// Whether the cursor of `id`'s sequence and the engine's registration agree on the phase's end
  /// (or, paused, on its time left); a description of the disagreement if not.
  static func disagreement(of id: String, in manager: CountdownManager) -> String? {
    guard let sequence = manager.attachment(of: id) as? PhaseSequence,
      let (cursor, token) = sequence.state.withLock({ state in state.token.map { (state.cursor, $0) } })
    else { return "no sequence" }
    switch cursor.timing {
    case .running(let deadline):
      let end = manager.engine.endInstant(of: token)
      return end == deadline
        ? nil : "the cursor's phase \(cursor.ordinal) ends at \(deadline), the engine's at \(String(describing: end))"
    case .paused(let left):
      let engineLeft = manager.engine.timeLeft(for: token)
      return engineLeft == .nanoseconds(left) && manager.engine.endInstant(of: token) == nil
        ? nil
        : "the cursor's phase \(cursor.ordinal) is paused with \(left) ns, the engine has \(String(describing: engineLeft))"
    }
  }

  #if COUNTDOWN_CHECK_INVARIANTS
    /// Runs `change` on another thread, its hand-over held just before its engine write, then
    /// `meanwhile` on this one, then lets the held hand-over go on and waits for it. A change of the
    /// cursor made meanwhile lets it go on at once: that change returns only once the held
    /// hand-over has written it to the engine.
    @MainActor
    static func holdingAHandOver(
      of sequence: PhaseSequence, _ change: @escaping @Sendable () -> Void, meanwhile: () throws -> Void
    ) throws {
      let held = DispatchSemaphore(value: 0)
      let released = DispatchSemaphore(value: 0)
      let first = LockedState(true)
      sequence.beforeEngineWrite.withLock { hook in
        hook = { [unowned sequence] _ in
          guard
            first.withLock({ isFirst in
              defer { isFirst = false }
              return isFirst
            })
          else { return }
          let generation = sequence.state.withLock { $0.generation }
          held.signal()
          // Held until released, or until another change of the cursor passed it.
          while released.wait(timeout: .now() + .milliseconds(1)) == .timedOut {
            if sequence.state.withLock({ $0.generation }) != generation { return }
          }
        }
      }
      defer { sequence.beforeEngineWrite.withLock { $0 = nil } }
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        change()
        done.signal()
      }
      XCTAssertEqual(held.wait(timeout: .now() + 10), .success, "the change reached its engine write")
      try meanwhile()
      released.signal()
      XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the held change returned")
      PhaseSequenceTests.drainMain()
    }
  #endif

  func testASkipPassingTimeAddedOnItsWayLeavesTheEngineOnTheSkippedToPhase() throws {
    #if COUNTDOWN_CHECK_INVARIANTS
      try withManualManager { manager, clock, _ in
        var updates: [CountdownPhaseUpdate] = []
        try manager.start(id: "run", plan: Self.plan()) { _, update, _ in updates.append(update) }
        let sequence = try XCTUnwrap(manager.attachment(of: "run") as? PhaseSequence)
        // Time added to the warm-up (its end at 13 s) is held on its way; a skip to the work
        // (its end at 5 s) passes it.
        try Self.holdingAHandOver(of: sequence, { _ = try? manager.addTime(.seconds(10), id: "run") }) {
          XCTAssertTrue(manager.skipPhase(id: "run"))
        }
        XCTAssertNil(Self.disagreement(of: "run", in: manager))
        XCTAssertEqual(manager.phasePosition(id: "run")?.phase.name, "Work")
        try clock.advance(by: .seconds(5))
        PhaseSequenceTests.drainMain()
        XCTAssertEqual(updates.flatMap(\.phaseEnds).map(\.phase.name), ["Work"], "the work ends at 5 s")
        XCTAssertEqual(manager.phasePosition(id: "run")?.phase.name, "Rest")
        XCTAssertNil(Self.disagreement(of: "run", in: manager))
      }
    #else
      throw XCTSkip("the hand-over's hook is compiled in with internal checks only")
    #endif
  }

  /// A skip that passes another thread's change on its way to the engine returns only once the
  /// engine holds the phase it skipped to: what its caller reads from the engine right after it
  /// (the time left, the dates) is the next phase's, as it is without the other thread.
  func testASkipPassingAChangeOnItsWayReturnsOnceTheEngineHoldsTheNextPhase() throws {
    #if COUNTDOWN_CHECK_INVARIANTS
      try withManualManager { manager, _, _ in
        try manager.start(id: "run", plan: Self.plan()) { _, _, _ in }
        let sequence = try XCTUnwrap(manager.attachment(of: "run") as? PhaseSequence)
        let held = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let first = LockedState(true)
        sequence.beforeEngineWrite.withLock { hook in
          hook = { _ in
            guard
              first.withLock({ isFirst in
                defer { isFirst = false }
                return isFirst
              })
            else { return }
            held.signal()
            released.wait()
          }
        }
        defer { sequence.beforeEngineWrite.withLock { $0 = nil } }
        // 10 s added to the warm-up are held just before their engine write.
        let added = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
          _ = try? manager.addTime(.seconds(10), id: "run")
          added.signal()
        }
        XCTAssertEqual(held.wait(timeout: .now() + 10), .success, "the time added reached its engine write")
        let generation = sequence.state.withLock { $0.generation }
        // A skip on a third thread, and what its caller reads as soon as it returns.
        let readAtReturn = LockedState<Duration??>(nil)
        let skipped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
          manager.skipPhase(id: "run")
          let left = manager.timeLeft(id: "run")
          readAtReturn.withLock { $0 = .some(left) }
          skipped.signal()
        }
        // The skip changed the cursor (a change of the shared state, not a wait for time).
        let deadline = Date() + 10
        while sequence.state.withLock({ $0.generation }) == generation, Date() < deadline { sched_yield() }
        // A skip that does not wait for the engine returns now, while the time added is held.
        let returnedWhileHeld = skipped.wait(timeout: .now() + .milliseconds(300)) == .success
        released.signal()
        if !returnedWhileHeld { XCTAssertEqual(skipped.wait(timeout: .now() + 10), .success, "the skip returned") }
        XCTAssertEqual(added.wait(timeout: .now() + 10), .success, "the time added returned")
        PhaseSequenceTests.drainMain()
        XCTAssertEqual(
          readAtReturn.withLock { $0 }, .some(.seconds(5)),
          "timeLeft(id:) read as the skip returned is the work's full 5 s\(returnedWhileHeld ? " (it returned while the change it passed was held)" : "")"
        )
        XCTAssertNil(Self.disagreement(of: "run", in: manager))
      }
    #else
      throw XCTSkip("the hand-over's hook is compiled in with internal checks only")
    #endif
  }

  func testTimeAddedPassingASkipOnItsWayLeavesTheEngineOnTheTimeAdded() throws {
    #if COUNTDOWN_CHECK_INVARIANTS
      try withManualManager { manager, clock, _ in
        var updates: [CountdownPhaseUpdate] = []
        try manager.start(id: "run", plan: Self.plan()) { _, update, _ in updates.append(update) }
        let sequence = try XCTUnwrap(manager.attachment(of: "run") as? PhaseSequence)
        // The skip to the work (its end at 5 s) is held on its way; 10 s added to the work pass it.
        try Self.holdingAHandOver(of: sequence, { manager.skipPhase(id: "run") }) {
          XCTAssertTrue(try manager.addTime(.seconds(10), id: "run"))
        }
        XCTAssertNil(Self.disagreement(of: "run", in: manager))
        try clock.advance(by: .seconds(14))
        PhaseSequenceTests.drainMain()
        XCTAssertEqual(updates.flatMap(\.phaseEnds).map(\.phase.name), [], "no end before 15 s")
        try clock.advance(by: .seconds(1))
        PhaseSequenceTests.drainMain()
        XCTAssertEqual(updates.flatMap(\.phaseEnds).map(\.phase.name), ["Work"])
        XCTAssertNil(Self.disagreement(of: "run", in: manager))
      }
    #else
      throw XCTSkip("the hand-over's hook is compiled in with internal checks only")
    #endif
  }

  func testAPhaseEndPassingTimeAddedOnItsWayEndsNothingEarly() throws {
    #if COUNTDOWN_CHECK_INVARIANTS
      try withManualManager { manager, clock, _ in
        var updates: [CountdownPhaseUpdate] = []
        try manager.start(id: "run", plan: Self.plan()) { _, update, _ in updates.append(update) }
        let sequence = try XCTUnwrap(manager.attachment(of: "run") as? PhaseSequence)
        // 10 s added to the warm-up (its end then at 13 s) are held on their way while the
        // registration's end at 3 s comes.
        try Self.holdingAHandOver(of: sequence, { _ = try? manager.addTime(.seconds(10), id: "run") }) {
          try clock.advance(by: .seconds(3))
          PhaseSequenceTests.drainMain()
        }
        XCTAssertEqual(updates.flatMap(\.phaseEnds).map(\.phase.name), [], "the warm-up has 10 s left")
        XCTAssertEqual(manager.phasePosition(id: "run")?.phase.name, "Warm-up")
        XCTAssertNil(Self.disagreement(of: "run", in: manager))
        try clock.advance(by: .seconds(10))
        PhaseSequenceTests.drainMain()
        let ends = updates.flatMap(\.phaseEnds)
        XCTAssertEqual(ends.map(\.phase.name), ["Warm-up"])
        XCTAssertEqual(ends.first.map { $0.lateness < .milliseconds(50) }, true, "on time at 13 s")
        XCTAssertNil(Self.disagreement(of: "run", in: manager))
      }
    #else
      throw XCTSkip("the hand-over's hook is compiled in with internal checks only")
    #endif
  }

  func testNothingIsDeliveredAfterACancelThatPassedASkipOnItsWay() throws {
    #if COUNTDOWN_CHECK_INVARIANTS
      try withManualManager { manager, clock, _ in
        let calls = LockedState(0)
        try manager.start(id: "run", plan: Self.plan()) { _, _, _ in calls.withLock { $0 += 1 } }
        let sequence = try XCTUnwrap(manager.attachment(of: "run") as? PhaseSequence)
        var callsAtCancel = 0
        try Self.holdingAHandOver(of: sequence, { manager.skipPhase(id: "run") }) {
          XCTAssertTrue(manager.cancel(id: "run"))
          callsAtCancel = calls.withLock { $0 }
        }
        try clock.advance(by: .seconds(20))
        PhaseSequenceTests.drainMain()
        XCTAssertEqual(calls.withLock { $0 }, callsAtCancel, "nothing after the cancel returned")
        XCTAssertEqual(manager.engine.count, 0)
        XCTAssertFalse(manager.contains(id: "run"))
      }
    #else
      throw XCTSkip("the hand-over's hook is compiled in with internal checks only")
    #endif
  }

  /// Rounds of four threads let go at once, each making two random changes to one sequence (skip,
  /// restart, time added and taken, pause, resume), while a fifth walks the clock through its phase
  /// ends; after each round the engine counts toward the cursor's phase, and the positions
  /// delivered never went back.
  func testChangesFromSeveralThreadsLeaveTheEngineOnTheCursor() throws {
    try withManualManager { manager, clock, _ in
      let plan = try CountdownPlan(
        blocks: [
          .init([CountdownPhase("Work", .seconds(50)), CountdownPhase("Rest", .seconds(20))], repeated: .forever)
        ])
      var ordinals: [Int] = []
      try manager.start(id: "run", plan: plan) { _, update, _ in
        if let ordinal = update.position?.ordinal { ordinals.append(ordinal) }
      }
      #if COUNTDOWN_CHECK_INVARIANTS
        // Each hand-over waits 0.2 ms between reading the cursor and writing the engine, so that the
        // other threads change the cursor meanwhile (a thread interleaving, not a wait for time).
        let sequence = try XCTUnwrap(manager.attachment(of: "run") as? PhaseSequence)
        sequence.beforeEngineWrite.withLock { $0 = { _ in usleep(200) } }
      #endif
      for round in 0..<300 {
        let gate = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for thread in 0..<4 {
          DispatchQueue.global().async(group: group) {
            var random = SplitMix64(seed: UInt64(round * 10 + thread))
            gate.wait()
            for _ in 0..<2 {
              switch random.next() % 6 {
              case 0: manager.skipPhase(id: "run")
              case 1: manager.restartPhase(id: "run")
              case 2: _ = try? manager.addTime(.seconds(7), id: "run")
              case 3: _ = try? manager.addTime(.seconds(-7), id: "run")
              case 4: manager.pause(id: "run")
              default: manager.resume(id: "run")
              }
            }
          }
        }
        DispatchQueue.global().async(group: group) {
          gate.wait()
          try? clock.advance(by: .seconds(3))
        }
        for _ in 0..<5 { gate.signal() }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        PhaseSequenceTests.drainMain()
        XCTAssertNil(Self.disagreement(of: "run", in: manager), "round \(round)")
        XCTAssertEqual(ordinals, ordinals.sorted(), "round \(round): the positions never went back")
        XCTAssertEqual(manager.engine.count, 1)
      }
    }
  }
}
