import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// A countdown in phases written into a snapshot and restored on a new manager after a gap: at the
/// phase its plan says, with the ends passed meanwhile reported once, in order, late, bounded; a
/// paused one paused; one whose plan ended meanwhile ended, its id free.
final class PhaseSnapshotTests: XCTestCase {
  /// Warm-up 3 s, then Work 5 s / Rest 2 s twice, then Cool-down 1 s: ends at 3, 8, 10, 15, 17, 18 s.
  static func plan() throws -> CountdownPlan {
    try PhaseSequenceTests.plan()
  }

  /// A new process after `seconds` of real time: a new manager on a clock that starts at zero.
  @MainActor
  static func relaunch(after seconds: TimeInterval, wall: TestWallClock) throws -> (
    CountdownManager, ManualCountdownClock
  ) {
    wall.jump(by: seconds)
    return try makeManager(wall: wall)
  }

  /// Encoded as the app writes it, decoded as it reads it back.
  static func roundTrip(_ snapshot: CountdownSnapshot<String>) throws -> CountdownSnapshot<String> {
    try CountdownSnapshot<String>(decoding: JSONEncoder().encode(snapshot))
  }

  func testASnapshotHoldsTheSequencesPlanPhaseAndPhaseEnd() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "run", plan: Self.plan(), delivering: .onlyTheEnd) { _, _, _ in }
      try manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      try clock.advance(by: .seconds(4))
      let snapshot = try Self.roundTrip(manager.snapshot(of: String.self))
      XCTAssertEqual(snapshot.entries.map(\.id), ["tea"], "a countdown in phases is not a countdown entry")
      let entry = try XCTUnwrap(snapshot.phaseEntries.first)
      XCTAssertEqual(snapshot.phaseEntries.count, 1)
      XCTAssertEqual(entry.id, "run")
      XCTAssertEqual(entry.plan, try Self.plan())
      XCTAssertEqual(entry.ordinal, 1, "the first work phase")
      XCTAssertEqual(entry.date, wall.now + 4, "the work ends at 8 s")
      XCTAssertNil(entry.time)
      XCTAssertFalse(entry.isPaused)
      XCTAssertEqual(entry.deliveries, .onlyTheEnd)
      XCTAssertEqual(entry.policy, .keepsRunning)
      manager.pause(id: "run")
      let paused = try XCTUnwrap(Self.roundTrip(manager.snapshot(of: String.self)).phaseEntries.first)
      XCTAssertTrue(paused.isPaused)
      XCTAssertNil(paused.date)
      XCTAssertEqual(paused.time, .seconds(4))
    }
  }

  func testARestoreAfterAGapDeliversThePassedEndsInOrderAndGoesOnWherethePlanSays() throws {
    try withManualManager { saved, clock, wall in
      try saved.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try clock.advance(by: .seconds(4))
      let snapshot = try Self.roundTrip(saved.snapshot(of: String.self))
      saved.cancelAll()

      // Relaunched 9 s later, at 13 s of the plan: the work (8 s) and the rest (10 s) ended.
      let (manager, newClock) = try Self.relaunch(after: 9, wall: wall)
      defer { manager.cancelAll() }
      var updates: [CountdownPhaseUpdate] = []
      let restoration = try manager.restore(snapshot) { _, _, _ in
        XCTFail("no countdown to call")
      } phases: { _, update, _ in
        updates.append(update)
      }
      XCTAssertEqual(restoration.ids, ["run"])
      XCTAssertEqual(restoration.ended, [:])
      // Inside the restore: one call with the ends passed (then the phase's first value, as at any
      // phase end that delivers every change).
      XCTAssertEqual(updates.filter { !$0.phaseEnds.isEmpty }.count, 1)
      let first = try XCTUnwrap(updates.first)
      XCTAssertEqual(first.phaseEnds.map(\.ordinal), [1, 2])
      XCTAssertEqual(first.phaseEnds.map(\.phase.name), ["Work", "Rest"])
      XCTAssertEqual(first.phaseEnds.map(\.lateness), [.seconds(5), .seconds(3)])
      XCTAssertEqual(first.phaseEnds.map(\.date), [wall.now - 5, wall.now - 3])
      XCTAssertNil(first.earlierPhaseEnds)
      let position = try XCTUnwrap(first.position)
      XCTAssertEqual([position.ordinal, position.phaseIndex, position.cycle], [3, 0, 1])
      XCTAssertEqual(position.timeLeftInPhase, .seconds(2))
      XCTAssertEqual(position.phaseEndDate, wall.now + 2)
      XCTAssertEqual(manager.phasePosition(id: "run")?.ordinal, 3)
      // It goes on: the second work ends at 15 s of the plan, 2 s from now, on time.
      updates.removeAll()
      for _ in 0..<6 { try newClock.advance(by: .seconds(1)) }
      let ends = updates.flatMap(\.phaseEnds)
      XCTAssertEqual(ends.map(\.ordinal), [3, 4, 5])
      for end in ends { XCTAssertLessThanOrEqual(end.lateness, .milliseconds(50)) }
      XCTAssertTrue(updates.last?.planEnded ?? false)
      XCTAssertFalse(manager.contains(id: "run"))
    }
  }

  /// The ends a restore delivers come in deadline order, whatever kind of countdown each is: a
  /// countdown's `0` that came before a plan's first end passed comes before that plan's call, one
  /// that came after it, after.
  func testARestoreDeliversEveryEndInDeadlineOrderCountdownsAndPlansTogether() throws {
    try withManualManager { saved, clock, wall in
      try saved.start(id: "tea", for: .seconds(1)) { _, _, _ in }
      // Its warm-up ends at 3 s.
      try saved.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try saved.start(id: "egg", for: .seconds(5)) { _, _, _ in }
      try clock.advance(by: .milliseconds(500))
      let snapshot = try Self.roundTrip(saved.snapshot(of: String.self))
      saved.cancelAll()

      // Relaunched 6 s later: "tea" ended at 1 s, the warm-up at 3 s, "egg" at 5 s.
      let (manager, _) = try Self.relaunch(after: 6, wall: wall)
      defer { manager.cancelAll() }
      var calls: [String] = []
      try manager.restore(snapshot) { id, value, _ in
        if value == 0 { calls.append(id) }
      } phases: { id, update, _ in
        if !update.phaseEnds.isEmpty { calls.append(id) }
      }
      XCTAssertEqual(calls, ["tea", "run", "egg"], "the ends in the order they came")
    }
  }

  func testAPausedSequenceComesBackPausedWithItsTimeLeftAndNoCall() throws {
    try withManualManager { saved, clock, wall in
      try saved.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try clock.advance(by: .seconds(4))
      saved.pause(id: "run")
      let snapshot = try Self.roundTrip(saved.snapshot(of: String.self))
      saved.cancelAll()

      let (manager, newClock) = try Self.relaunch(after: 3_600, wall: wall)
      defer { manager.cancelAll() }
      var updates: [CountdownPhaseUpdate] = []
      let restoration = try manager.restore(snapshot) { _, _, _ in
      } phases: { _, update, _ in
        updates.append(update)
      }
      XCTAssertEqual(restoration.ids, ["run"])
      XCTAssertTrue(updates.isEmpty, "a paused phase gets no call until its resume")
      let position = try XCTUnwrap(manager.phasePosition(id: "run"))
      XCTAssertTrue(position.isPaused)
      XCTAssertEqual(position.ordinal, 1)
      XCTAssertEqual(position.timeLeftInPhase, .seconds(4))
      XCTAssertEqual(manager.isPaused(id: "run"), true)
      try newClock.advance(by: .seconds(100))
      XCTAssertTrue(updates.flatMap(\.phaseEnds).isEmpty)
      XCTAssertTrue(manager.resume(id: "run"))
      for _ in 0..<4 { try newClock.advance(by: .seconds(1)) }
      XCTAssertEqual(updates.flatMap(\.phaseEnds).map(\.ordinal), [1])
    }
  }

  func testAPlanThatEndedMeanwhileReportsItsEndsAndItsEndAndFreesTheID() throws {
    try withManualManager { saved, clock, wall in
      try saved.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try clock.advance(by: .seconds(4))
      let snapshot = try Self.roundTrip(saved.snapshot(of: String.self))
      let planEnd = wall.now + 14
      saved.cancelAll()

      let (manager, _) = try Self.relaunch(after: 3_600, wall: wall)
      defer { manager.cancelAll() }
      var updates: [CountdownPhaseUpdate] = []
      let restoration = try manager.restore(snapshot) { _, _, _ in
      } phases: { _, update, _ in
        updates.append(update)
      }
      XCTAssertEqual(restoration.ids, ["run"])
      XCTAssertEqual(restoration.ended, ["run": planEnd])
      let update = try XCTUnwrap(updates.first)
      XCTAssertEqual(updates.count, 1)
      XCTAssertTrue(update.planEnded)
      XCTAssertNil(update.position)
      // Five ends: the longest cycle's worth (two) one by one, the three before them summed up.
      XCTAssertEqual(update.phaseEnds.map(\.ordinal), [4, 5])
      XCTAssertEqual(update.earlierPhaseEnds?.ordinals, 1..<4)
      XCTAssertEqual(update.phaseEnds.last?.date, planEnd)
      XCTAssertFalse(manager.contains(id: "run"), "the id is free")
      XCTAssertNil(manager.phasePosition(id: "run"))
    }
  }

  func testAWeekAwayFromAForeverPlanIsOneBoundedCall() throws {
    try withManualManager { saved, _, wall in
      let plan = try CountdownPlan(blocks: [
        .init([CountdownPhase("Run", .seconds(90)), CountdownPhase("Walk", .seconds(60))], repeated: .forever)
      ])
      try saved.start(id: "loop", plan: plan, delivering: .onlyTheEnd) { _, _, _ in }
      let snapshot = try Self.roundTrip(saved.snapshot(of: String.self))
      saved.cancelAll()

      let week: TimeInterval = 7 * 86_400
      let (manager, _) = try Self.relaunch(after: week, wall: wall)
      defer { manager.cancelAll() }
      var updates: [CountdownPhaseUpdate] = []
      try manager.restore(snapshot) { _, _, _ in
      } phases: { _, update, _ in
        updates.append(update)
      }
      XCTAssertEqual(updates.count, 1)
      let update = try XCTUnwrap(updates.first)
      // 4 032 cycles of 150 s in a week, exactly: the week ends a walk, and a run starts.
      XCTAssertEqual(update.phaseEnds.count, 2)
      XCTAssertEqual((update.earlierPhaseEnds?.count ?? 0) + update.phaseEnds.count, 8_064)
      XCTAssertEqual(update.phaseEnds.last?.lateness, .zero)
      XCTAssertEqual(update.earlierPhaseEnds?.lateness, .seconds(week - 90))
      let position = try XCTUnwrap(update.position)
      XCTAssertEqual([position.ordinal, position.cycle], [8_064, 4_032])
      XCTAssertEqual(position.timeLeftInPhase, .seconds(90))
    }
  }

  func testAPhaseAfterWhichThePlanPausesStopsTheWalkThere() throws {
    try withManualManager { saved, _, wall in
      let plan = try CountdownPlan(blocks: [
        .init(
          [CountdownPhase("Focus", .seconds(25)), CountdownPhase("Break", .seconds(5), pausesAfter: true)],
          repeated: .forever)
      ])
      try saved.start(id: "focus", plan: plan) { _, _, _ in }
      let snapshot = try Self.roundTrip(saved.snapshot(of: String.self))
      saved.cancelAll()

      let (manager, _) = try Self.relaunch(after: 600, wall: wall)
      defer { manager.cancelAll() }
      var updates: [CountdownPhaseUpdate] = []
      try manager.restore(snapshot) { _, _, _ in
      } phases: { _, update, _ in
        updates.append(update)
      }
      let update = try XCTUnwrap(updates.first)
      XCTAssertEqual(update.phaseEnds.map(\.phase.name), ["Focus", "Break"])
      XCTAssertTrue(update.pausedAfterPhase)
      XCTAssertEqual(update.position?.isPaused, true)
      XCTAssertEqual(update.position?.timeLeftInPhase, .seconds(25))
      XCTAssertEqual(manager.isPaused(id: "focus"), true)
    }
  }

  func testThePlainRestoreLeavesCountdownsInPhasesOut() throws {
    try withManualManager { saved, _, wall in
      try saved.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try saved.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      let snapshot = try Self.roundTrip(saved.snapshot(of: String.self))
      saved.cancelAll()
      let (manager, _) = try Self.relaunch(after: 1, wall: wall)
      defer { manager.cancelAll() }
      XCTAssertEqual(try manager.restore(snapshot) { _, _, _ in }.ids, ["tea"])
      XCTAssertFalse(manager.contains(id: "run"))
    }
  }

  /// The device's clock went back between the save and the restore: no time is known to have
  /// passed, so the plan is where the snapshot left it, and no end is made up.
  func testADeviceClockSetBackCountsNoTimeAndMakesUpNoEnd() throws {
    try withManualManager { saved, clock, wall in
      try saved.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try clock.advance(by: .seconds(4))
      let snapshot = try Self.roundTrip(saved.snapshot(of: String.self))
      saved.cancelAll()

      let (manager, _) = try Self.relaunch(after: -3_600, wall: wall)
      defer { manager.cancelAll() }
      var updates: [CountdownPhaseUpdate] = []
      try manager.restore(snapshot) { _, _, _ in
      } phases: { _, update, _ in
        updates.append(update)
      }
      XCTAssertTrue(updates.flatMap(\.phaseEnds).isEmpty)
      XCTAssertEqual(manager.phasePosition(id: "run")?.ordinal, 1)
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(4))
    }
  }

  /// Written by a calibrated manager in server time, restored by an uncalibrated one: mapped
  /// through the snapshot's offset, which the manager adopts.
  func testAServerTimeSnapshotIsMappedThroughItsOffset() throws {
    try withManualManager { saved, clock, wall in
      try saved.calibrate(serverNow: wall.now + 100, receivedAt: wall.now)
      try saved.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try clock.advance(by: .seconds(4))
      let snapshot = try Self.roundTrip(saved.snapshot(of: String.self))
      XCTAssertEqual(snapshot.phaseEntries.first?.date, wall.now + 104)
      saved.cancelAll()

      let (manager, _) = try Self.relaunch(after: 5, wall: wall)
      defer { manager.cancelAll() }
      var ends: [Int] = []
      try manager.restore(snapshot) { _, _, _ in
      } phases: { _, update, _ in
        ends += update.phaseEnds.map(\.ordinal)
      }
      XCTAssertEqual(ends, [1], "the work ended a second ago")
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(1))
      XCTAssertEqual(manager.serverOffset, .seconds(100))
    }
  }

  // MARK: The format

  /// A snapshot as 1.1.0 writes it (format 2: a running countdown with milestones, a paused one,
  /// one with `.pauses`, one counting overtime, a count-up), decoded unchanged, and written back
  /// byte for byte as it was: no key for countdowns in phases when there are none.
  static let fixture110 = """
    {"countdowns":[\
    {"dateSinceReferenceDate":820000000.25,"id":"pizza","kind":"countdown","lengthNanoseconds":600000000000,\
    "milestones":[0,60],"onlyTheEnd":true,"paused":false,"policy":"keepsRunning"},\
    {"id":"quiz","kind":"countdown","lengthNanoseconds":30000000000,"nanoseconds":12000000000,"onlyTheEnd":false,\
    "paused":true,"policy":"keepsRunning"},\
    {"id":"round","kind":"countdown","lengthNanoseconds":90000000000,"nanoseconds":45000000000,"onlyTheEnd":false,\
    "paused":false,"policy":"pauses"},\
    {"dateSinceReferenceDate":819999990,"id":"talk","kind":"countdown","lengthNanoseconds":900000000000,\
    "onlyTheEnd":false,"overtime":true,"paused":false,"policy":"keepsRunning"},\
    {"dateSinceReferenceDate":819990000,"id":"call","kind":"countingUp","onlyTheEnd":false,"paused":false,\
    "policy":"keepsRunning"}],\
    "format":2,"serverOffsetNanoseconds":1500000000,"takenAtSinceReferenceDate":820000000}
    """

  func testA110SnapshotDecodesUnchanged() throws {
    let data = Data(Self.fixture110.utf8)
    let snapshot = try CountdownSnapshot<String>(decoding: data)
    XCTAssertEqual(snapshot.takenAt, Date(timeIntervalSinceReferenceDate: 820_000_000))
    XCTAssertEqual(snapshot.serverOffset, .milliseconds(1_500))
    XCTAssertEqual(snapshot.entries.map(\.id), ["pizza", "quiz", "round", "talk", "call"])
    XCTAssertEqual(snapshot.entries[0].deliveries, .milestones([0, 60]))
    XCTAssertEqual(snapshot.entries[0].date, Date(timeIntervalSinceReferenceDate: 820_000_000.25))
    XCTAssertEqual(snapshot.entries[1].time, .seconds(12))
    XCTAssertTrue(snapshot.entries[1].isPaused)
    XCTAssertEqual(snapshot.entries[2].policy, .pauses)
    XCTAssertEqual(snapshot.entries[3].ending, .countsOvertime)
    XCTAssertEqual(snapshot.entries[4].kind, .countingUp)
    XCTAssertEqual(snapshot.phaseEntries, [])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    XCTAssertEqual(String(decoding: try encoder.encode(snapshot), as: UTF8.self), Self.fixture110)
  }

  /// The plan of ``fixture120``'s countdowns in phases, Work 5 s and Rest 2 s twice, as it is written.
  static let planJSON =
    #"{"blocks":[{"longBreakEvery":4,"phases":["#
    + #"{"duration":[0,5000000000000000000],"name":"Work","pausesAfter":false,"purpose":"work","userInfo":{}},"#
    + #"{"duration":[0,2000000000000000000],"name":"Rest","pausesAfter":false,"purpose":"work","userInfo":{}}],"#
    + #""repetition":{"times":2}}],"coolDown":[],"warmUp":[]}"#

  /// A snapshot as 1.2.0 writes it: a countdown beside three countdowns in phases (one running
  /// with milestones, one paused, one with `.pauses`), decoded unchanged and written back byte for
  /// byte as it was.
  static let fixture120 = """
    {"countdowns":[\
    {"dateSinceReferenceDate":820000030,"id":"tea","kind":"countdown","lengthNanoseconds":60000000000,\
    "onlyTheEnd":false,"paused":false,"policy":"keepsRunning"}],\
    "format":2,"phaseCountdowns":[\
    {"dateSinceReferenceDate":820000004.5,"id":"run","milestones":[1,3],"onlyTheEnd":true,"ordinal":1,"paused":false,\
    "plan":\(planJSON),"policy":"keepsRunning"},\
    {"id":"rest","nanoseconds":2000000000,"onlyTheEnd":true,"ordinal":2,"paused":true,\
    "plan":\(planJSON),"policy":"keepsRunning"},\
    {"id":"quiz","nanoseconds":2500000000,"onlyTheEnd":false,"ordinal":0,"paused":false,\
    "plan":\(planJSON),"policy":"pauses"}],\
    "takenAtSinceReferenceDate":820000000}
    """

  func testA120SnapshotDecodesUnchanged() throws {
    let data = Data(Self.fixture120.utf8)
    let snapshot = try CountdownSnapshot<String>(decoding: data)
    XCTAssertEqual(snapshot.entries.map(\.id), ["tea"])
    XCTAssertEqual(snapshot.entries[0].length, .seconds(60))
    XCTAssertEqual(snapshot.entries[0].date, Date(timeIntervalSinceReferenceDate: 820_000_030))
    let plan = try CountdownPlan(blocks: [
      .init([CountdownPhase("Work", .seconds(5)), CountdownPhase("Rest", .seconds(2))], repeated: .times(2))
    ])
    XCTAssertEqual(
      snapshot.phaseEntries,
      [
        .init(
          id: "run", plan: plan, ordinal: 1, deliveries: .milestones([1, 3]),
          date: Date(timeIntervalSinceReferenceDate: 820_000_004.5)),
        .init(id: "rest", plan: plan, ordinal: 2, deliveries: .onlyTheEnd, isPaused: true, time: .seconds(2)),
        .init(id: "quiz", plan: plan, ordinal: 0, policy: .pauses, time: .milliseconds(2_500)),
      ])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    XCTAssertEqual(String(decoding: try encoder.encode(snapshot), as: UTF8.self), Self.fixture120)
  }

  /// An older reader reads the key `countdowns` alone: a snapshot with countdowns in phases keeps
  /// them under a key of their own, so such a reader restores its countdowns and leaves them out.
  func testCountdownsInPhasesAreWrittenUnderAKeyOfTheirOwn() throws {
    try withManualManager { manager, _, _ in
      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      let json = try XCTUnwrap(
        JSONSerialization.jsonObject(with: JSONEncoder().encode(manager.snapshot(of: String.self))) as? [String: Any])
      XCTAssertEqual(json["format"] as? Int, 2, "the same format: an older reader reads the rest")
      XCTAssertEqual((json["countdowns"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["tea"])
      XCTAssertEqual((json["phaseCountdowns"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["run"])
    }
  }

  func testABadSavedPlanOrPhaseIsATypedError() throws {
    let phase = #"{"name":"Work","duration":[0,0],"purpose":"work","pausesAfter":false,"userInfo":{}}"#
    let good = #"{"name":"Work","duration":[0,5000000000000000000],"purpose":"work","pausesAfter":false,"userInfo":{}}"#
    func snapshot(plan: String, ordinal: Int = 0, id: String = "run", countdowns: String = "") -> String {
      #"{"format":2,"takenAtSinceReferenceDate":0,"countdowns":[\#(countdowns)],"phaseCountdowns":["#
        + #"{"id":"\#(id)","plan":\#(plan),"ordinal":\#(ordinal),"policy":"keepsRunning","onlyTheEnd":false,"#
        + #""paused":true,"nanoseconds":1000}]}"#
    }
    let countdown =
      #"{"id":"run","kind":"countdown","policy":"keepsRunning","onlyTheEnd":false,"paused":true,"nanoseconds":1}"#
    let cases: [(String, CountdownSnapshotError)] = [
      (
        snapshot(plan: #"{"blocks":[{"phases":[\#(phase)],"repetition":{"times":1},"longBreakEvery":4}]}"#),
        .invalidPhaseEntry(index: 0, reason: .zeroDuration)
      ),
      (snapshot(plan: #"{"blocks":[]}"#), .invalidPhaseEntry(index: 0, reason: .emptyPlan)),
      (
        snapshot(plan: #"{"blocks":[{"phases":[\#(good)],"repetition":{"times":0},"longBreakEvery":4}]}"#),
        .invalidPhaseEntry(index: 0, reason: .invalidRepetition)
      ),
      (
        snapshot(plan: #"{"blocks":[{"phases":[\#(good)],"repetition":{"times":2},"longBreakEvery":4}]}"#, ordinal: 2),
        .invalidPhaseEntry(index: 0, reason: .outOfRange)
      ),
      (
        snapshot(plan: #"{"blocks":[{"phases":[\#(good)],"repetition":{"times":2},"longBreakEvery":4}]}"#, ordinal: -1),
        .invalidPhaseEntry(index: 0, reason: .outOfRange)
      ),
      (
        snapshot(
          plan: #"{"blocks":[{"phases":[\#(good)],"repetition":{"times":2},"longBreakEvery":4}]}"#,
          countdowns: countdown),
        .duplicatePhaseID(index: 0)
      ),
    ]
    for (body, expected) in cases {
      do throws(CountdownSnapshotError) {
        _ = try CountdownSnapshot<String>(decoding: Data(body.utf8))
        XCTFail("accepted: \(body)")
      } catch {
        XCTAssertEqual(error, expected, body)
      }
    }
    // The checks hold for the format itself: a valid one decodes.
    let valid = try CountdownSnapshot<String>(
      decoding: Data(
        snapshot(plan: #"{"blocks":[{"phases":[\#(good)],"repetition":{"times":2},"longBreakEvery":4}]}"#).utf8))
    XCTAssertEqual(valid.phaseEntries.first?.time, .nanoseconds(1_000))
  }

  func testARestoreRefusesAPhaseEndTooFarAwayAndChangesNothing() throws {
    try withManualManager { manager, _, wall in
      let entry = CountdownSnapshot<String>.PhaseEntry(
        id: "run", plan: try Self.plan(), ordinal: 0, date: wall.now + 1e10)
      let snapshot = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: nil,
        entries: [.init(id: "tea", kind: .countdown, policy: .keepsRunning, date: wall.now + 60)],
        phaseEntries: [entry])
      do throws(CountdownSnapshotError) {
        try manager.restore(snapshot) { _, _, _ in
        } phases: { _, _, _ in
        }
        XCTFail("restored a phase ending in 300 years")
      } catch {
        XCTAssertEqual(error, .invalidPhaseEntry(index: 0, reason: .outOfRange))
      }
      XCTAssertFalse(manager.contains(id: "tea"), "nothing restored")
    }
  }

  /// A plan started `whileSuspended: .pauses` is saved with its phase's time left, and comes back
  /// with exactly that, the time the app was not running not counted.
  func testAPlanThatPausesWhileSuspendedComesBackWithTheTimeItHadLeft() throws {
    try withManualManager { saved, clock, wall in
      try saved.start(id: "run", plan: Self.plan(), whileSuspended: .pauses) { _, _, _ in }
      try clock.advance(by: .seconds(4))
      saved.suspendTicking()
      try clock.advance(by: .seconds(30))
      let snapshot = try Self.roundTrip(saved.snapshot(of: String.self))
      let entry = try XCTUnwrap(snapshot.phaseEntries.first)
      XCTAssertEqual(entry.policy, .pauses)
      XCTAssertEqual(entry.ordinal, 1)
      XCTAssertEqual(entry.time, .seconds(4), "frozen at the suspension")
      XCTAssertNil(entry.date)
      XCTAssertFalse(entry.isPaused)
      saved.cancelAll()

      let (manager, newClock) = try Self.relaunch(after: 3_600, wall: wall)
      defer { manager.cancelAll() }
      var ends: [Int] = []
      try manager.restore(snapshot) { _, _, _ in
      } phases: { _, update, _ in
        ends += update.phaseEnds.map(\.ordinal)
      }
      XCTAssertEqual(ends, [])
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(4))
      XCTAssertEqual(manager.isPaused(id: "run"), false)
      for _ in 0..<4 { try newClock.advance(by: .seconds(1)) }
      XCTAssertEqual(ends, [1], "it runs on from there")
    }
  }

  /// A plan started `whileSuspended: .pauses` saved with its phase's end due and not delivered
  /// yet (its call waiting on the main queue as the app left): at the restore that end comes, late
  /// by as long as it was overdue (the time the app was away does not count), and the next phase
  /// has the time it had left when saved; a widget's timeline read from the snapshot agrees.
  func testAPausesPlanSavedWithAnEndDueGetsItLateAndTheNextPhaseItsTimeLeft() throws {
    try withManualManager { saved, clock, wall in
      var before: [Int] = []
      try saved.start(id: "run", plan: Self.plan(), whileSuspended: .pauses) { _, update, _ in
        before += update.phaseEnds.map(\.ordinal)
      }
      try clock.advance(by: .seconds(2))
      // The warm-up ends at 3 s; time moves to 4.5 s on another thread, so its end's call waits
      // on the main queue, not run yet, when the app leaves.
      DispatchQueue.global().sync { try? clock.advance(by: .milliseconds(2_500)) }
      saved.suspendTicking()
      let snapshot = try Self.roundTrip(saved.snapshot(of: String.self))
      XCTAssertEqual(before, [], "the end was not delivered before the app left")
      saved.cancelAll()
      let entry = try XCTUnwrap(snapshot.phaseEntries.first)
      XCTAssertEqual(entry.ordinal, 0)
      XCTAssertEqual(entry.time, .milliseconds(-1_500), "overdue by 1.5 s when saved")
      XCTAssertNoThrow(try snapshot.validate())

      // A widget shows the next phase, frozen with what it had left.
      let timeline = snapshot.timeline(id: "run", from: wall.now + 3_600, limit: 2)
      XCTAssertEqual(timeline.map { $0.position?.phase.name }, ["Work"])
      XCTAssertEqual(timeline.first?.position?.timeLeftInPhase, .milliseconds(3_500))
      XCTAssertEqual(timeline.first?.position?.isPaused, false)

      let (manager, newClock) = try Self.relaunch(after: 3_600, wall: wall)
      defer { manager.cancelAll() }
      var ends: [CountdownPhaseEnd] = []
      try manager.restore(snapshot) { _, _, _ in
      } phases: { _, update, _ in
        ends += update.phaseEnds
      }
      XCTAssertEqual(ends.map(\.ordinal), [0], "the overdue end comes at the restore")
      XCTAssertEqual(ends.first?.lateness, .milliseconds(1_500), "late by what it was overdue")
      XCTAssertEqual(ends.first?.date, wall.now - 1.5)
      let position = try XCTUnwrap(manager.phasePosition(id: "run"))
      XCTAssertEqual(position.phase.name, "Work")
      XCTAssertEqual(position.timeLeftInPhase, .milliseconds(3_500))
      XCTAssertEqual(position.phaseEndDate, wall.now + 3.5)
      try newClock.advance(by: .milliseconds(3_400))
      XCTAssertEqual(ends.map(\.ordinal), [0])
      try newClock.advance(by: .milliseconds(100))
      XCTAssertEqual(ends.map(\.ordinal), [0, 1], "the work ends when its time left runs out")
    }
  }
}
