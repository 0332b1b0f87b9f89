import CountdownKit
import Foundation
import XCTest

/// Milestones read aloud: spelled out in the user's locale from a template, announced once each,
/// through an injectable announcer.
final class ReadAloudTests: XCTestCase {
  /// Keeps what would have been announced.
  final class Announcements: CountdownAnnouncer {
    private let said = LockedState<[String]>([])
    func announce(_ text: String) { said.withLock { $0.append(text) } }
    var texts: [String] { said.withLock { $0 } }
  }

  func testMilestonesAreSpelledOutInTheLocale() throws {
    try MainActor.assumeIsolated {
      let english = try CountdownReadAloud(
        at: [.seconds(60), .seconds(10)], locale: Locale(identifier: "en_US"), announcer: Announcements())
      XCTAssertEqual(english.phrase(for: 60), "1 minute left")
      XCTAssertEqual(english.phrase(for: 10), "10 seconds left")
      XCTAssertEqual(english.phrase(for: 3_690), "1 hour, 1 minute, 30 seconds left")
      let french = try CountdownReadAloud(
        at: [.seconds(10)], locale: Locale(identifier: "fr_FR"), template: "il reste %@", announcer: Announcements())
      // French puts a no-break space between the number and its unit.
      XCTAssertEqual(french.phrase(for: 10).replacingOccurrences(of: "\u{A0}", with: " "), "il reste 10 secondes")
    }
  }

  /// A read-aloud in English on `manager` at `milestones`, and what it announces.
  @MainActor
  private static func englishReadAloud(
    on manager: CountdownManager, at milestones: Set<Duration> = [.seconds(60), .seconds(10)]
  ) throws -> (CountdownReadAloud, Announcements) {
    let announcements = Announcements()
    let readAloud = try manager.readAloud(at: milestones, locale: Locale(identifier: "en_US"), announcer: announcements)
    return (readAloud, announcements)
  }

  /// Runs a 120 s exam on `manager` whose 60 s and 10 s are read aloud in English: fails unless it
  /// is delivered those milestones alone and each is announced once by 121 s, the end's 0 not at all.
  @MainActor
  private static func assertAnExamAnnouncesEachMilestoneOnce(
    on manager: CountdownManager, clock: ManualCountdownClock, _ what: String, line: UInt = #line
  ) throws {
    let (readAloud, announcements) = try Self.englishReadAloud(on: manager)
    XCTAssertEqual(readAloud.deliveries, .milestones([60, 10]), what, line: line)
    try manager.start(id: "exam", for: .seconds(120), delivering: readAloud.deliveries) { _, left, _ in
      readAloud.read(left)
    }
    try clock.advance(by: .seconds(121))
    XCTAssertEqual(announcements.texts, ["1 minute left", "10 seconds left"], what, line: line)
  }

  func testAMilestoneCountdownAnnouncesEachMilestoneOnce() throws {
    try withManualManager { manager, clock, _ in
      try Self.assertAnExamAnnouncesEachMilestoneOnce(on: manager, clock: clock, "no announcement for the end's 0")
    }
  }

  func testALabelUpdatedEverySecondAnnouncesOnlyItsMilestonesOnce() throws {
    try withManualManager { manager, clock, _ in
      let (readAloud, announcements) = try Self.englishReadAloud(on: manager)
      var label = ""
      try manager.start(id: "exam", for: .seconds(65)) { _, left, _ in
        label = "\(left)"
        readAloud.read(left)
      }
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(announcements.texts, ["1 minute left"])
      manager.pause(id: "exam")
      manager.resume(id: "exam")
      try clock.advance(by: .milliseconds(100))
      XCTAssertEqual(
        announcements.texts, ["1 minute left"], "the value delivered again on resume is not announced again")
      // Suspended across 10: the milestone crossed meanwhile is announced once, with the time left
      // when values come again.
      manager.suspendTicking()
      try clock.advance(by: .seconds(52))
      manager.resumeTicking()
      try clock.advance(by: .milliseconds(100))
      XCTAssertEqual(announcements.texts, ["1 minute left", "8 seconds left"])
      XCTAssertEqual(label, "8")
      try clock.advance(by: .seconds(8))
      XCTAssertEqual(announcements.texts.count, 2)
    }
  }

  func testAMilestoneCrossedWhileSuspendedIsReadWithTheTimeLeftThen() throws {
    try withManualManager { manager, clock, _ in
      let (readAloud, announcements) = try Self.englishReadAloud(
        on: manager, at: [.seconds(600), .seconds(60), .seconds(10)])
      var delivered: [Int] = []
      try manager.start(id: "exam", for: .seconds(700), delivering: readAloud.deliveries) { _, left, _ in
        delivered.append(left)
        readAloud.read(left)
      }
      manager.suspendTicking()
      try clock.advance(by: .seconds(400))
      manager.resumeTicking()
      try clock.advance(by: .zero)
      XCTAssertEqual(delivered, [600], "the milestone passed meanwhile, delivered with its own value")
      XCTAssertEqual(announcements.texts, ["5 minutes left"], "read with the time left when it is read")
      try clock.advance(by: .seconds(300))
      XCTAssertEqual(announcements.texts, ["5 minutes left", "1 minute left", "10 seconds left"])
    }
  }

  /// The same for a countdown restored from a snapshot: its milestones are read with the time left.
  func testARestoredMilestoneCountdownIsReadWithTheTimeLeftThen() throws {
    try withManualManager { saved, _, _ in
      let (readAloud, _) = try Self.englishReadAloud(on: saved, at: [.seconds(600), .seconds(60), .seconds(10)])
      try saved.start(id: "exam", for: .seconds(700), delivering: readAloud.deliveries) { _, _, _ in }
      let snapshot = saved.snapshot(of: String.self)
      saved.cancelAll()

      let (manager, clock) = try makeManager()
      let (restoredReadAloud, announcements) = try Self.englishReadAloud(
        on: manager, at: [.seconds(600), .seconds(60), .seconds(10)])
      try manager.restore(snapshot) { _, left, _ in restoredReadAloud.read(left) }
      manager.suspendTicking()
      try clock.advance(by: .seconds(400))
      manager.resumeTicking()
      try clock.advance(by: .zero)
      XCTAssertEqual(announcements.texts, ["5 minutes left"], "read with the time left when it is read")
      manager.cancelAll()
    }
  }

  func testOnAJitteredClockEachMilestoneIsReadWithItsOwnTime() throws {
    try MainActor.assumeIsolated {
      for seed in UInt64(1)...5 {
        let clock = try ManualCountdownClock(
          jitter: .init(late: .milliseconds(2), early: .microseconds(50), drift: .microseconds(30), seed: seed))
        let manager = try CountdownManager(clock: clock)
        try Self.assertAnExamAnnouncesEachMilestoneOnce(
          on: manager, clock: clock, "seed \(seed): late by less than an interval")
      }
    }
  }

  func testAMilestoneBroughtBackAheadIsReadAgainWhenItComes() throws {
    try withManualManager { manager, clock, _ in
      let (readAloud, announcements) = try Self.englishReadAloud(on: manager)
      let start = { () throws(CountdownError) in
        try manager.start(id: "exam", for: .seconds(120), delivering: readAloud.deliveries) { _, left, _ in
          readAloud.read(left)
        }
      }
      try start()
      try clock.advance(by: .seconds(110))
      XCTAssertEqual(announcements.texts, ["1 minute left", "10 seconds left"])
      XCTAssertTrue(try manager.addTime(.seconds(120), id: "exam"))
      try clock.advance(by: .seconds(70))
      XCTAssertEqual(
        announcements.texts, ["1 minute left", "10 seconds left", "1 minute left"], "time added brought 60 back ahead")
      try clock.advance(by: .seconds(50))
      XCTAssertEqual(announcements.texts.suffix(1), ["10 seconds left"], "and 10")
      try start()  // the same id again, while at 10
      try clock.advance(by: .seconds(60))
      XCTAssertEqual(
        announcements.texts.suffix(2), ["10 seconds left", "1 minute left"], "started again: 60 once more")
    }
  }

  func testALabelsMilestoneBroughtBackAheadIsReadAgainOnce() throws {
    try withManualManager { manager, clock, _ in
      let (readAloud, announcements) = try Self.englishReadAloud(on: manager)
      try manager.start(id: "exam", for: .seconds(65)) { _, left, _ in readAloud.read(left) }
      try clock.advance(by: .seconds(55))
      XCTAssertEqual(announcements.texts, ["1 minute left", "10 seconds left"])
      XCTAssertTrue(try manager.addTime(.seconds(120), id: "exam"))
      try clock.advance(by: .seconds(80))
      XCTAssertEqual(announcements.texts, ["1 minute left", "10 seconds left", "1 minute left"])
    }
  }

  func testATimeBetweenIntervalsIsRejected() {
    MainActor.assumeIsolated {
      assertThrows(CountdownError.invalidMilestone, "1.5 s at 1 s intervals") { () throws(CountdownError) in
        _ = try CountdownReadAloud(at: [.milliseconds(1_500)], announcer: Announcements())
      }
    }
  }

  func testTheVoiceOverAnnouncerIsANoOpWithoutAScreenReaderAPI() {
    // Linux has no announcement API: posting does nothing, and does not trap.
    MainActor.assumeIsolated { VoiceOverAnnouncer().announce("1 minute left") }
  }
}

/// The Milestones article's samples, run on the manual clock.
final class MilestoneSampleTests: XCTestCase {
  func testTheExamSampleReachesItsMilestonesAndTheEnd() throws {
    try withManualManager { manager, clock, _ in
      let exam = Exam()
      try startExam(on: manager, exam: exam)
      try clock.advance(by: .seconds(7_201))
      XCTAssertEqual(exam.reachedValues, [600, 60, 10, 0])
      XCTAssertEqual(manager.engine.statistics.wakeups, 4, "one per milestone and one for the end, none after it")
    }
  }

  func testTheLabelSampleShowsEverySecond() throws {
    try withManualManager { manager, clock, _ in
      let label = ExamLabel()
      try startExamClock(on: manager, label: label)
      try clock.advance(by: .seconds(7_200 - 65))
      XCTAssertEqual(label.text, "1:05")
    }
  }
}
