import CountdownKit
import Foundation
import XCTest

/// Read aloud at the edges, for every form a countdown takes: a milestone passed while suspended,
/// one brought back ahead, the end, overtime, and the verb's agreement with the number spoken.
final class ReadAloudEdgeTests: XCTestCase {
  typealias Announcements = ReadAloudTests.Announcements

  /// A read-aloud in `locale` on `manager` at `milestones`, and what it announces.
  @MainActor
  private static func readAloud(
    on manager: CountdownManager, at milestones: Set<Duration>, locale: String = "en_US"
  ) throws -> (CountdownReadAloud, Announcements) {
    let announcements = Announcements()
    let readAloud = try manager.readAloud(at: milestones, locale: Locale(identifier: locale), announcer: announcements)
    return (readAloud, announcements)
  }

  private static let examMilestones: Set<Duration> = [.seconds(600), .seconds(60), .seconds(10)]

  // MARK: - A milestone passed while suspended: the time left then, in every form

  func testAReceiversMilestonePassedWhileSuspendedIsReadWithTheTimeLeftThen() throws {
    try withManualManager { manager, clock, _ in
      let (readAloud, announcements) = try Self.readAloud(on: manager, at: Self.examMilestones)
      let label = CountdownLabel("exam")
      try manager.start(label, for: .seconds(700), delivering: readAloud.deliveries) { _, left, _ in
        readAloud.read(left)
      }
      manager.suspendTicking()
      try clock.advance(by: .seconds(400))
      manager.resumeTicking()
      try clock.advance(by: .zero)
      XCTAssertEqual(announcements.texts, ["5 minutes left"])
      try clock.advance(by: .seconds(300))
      XCTAssertEqual(announcements.texts, ["5 minutes left", "1 minute left", "10 seconds left"])
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  func testAModelsMilestonePassedWhileSuspendedIsReadWithTheTimeLeftThen() throws {
    try withManualManager { manager, clock, _ in
      let (readAloud, announcements) = try Self.readAloud(on: manager, at: Self.examMilestones)
      let exam = try manager.countdown(for: .seconds(700), delivering: readAloud.deliveries)
      // As a view's `.onChange(of: exam.remaining)` would, after the change.
      var seen = exam.remaining
      let readChange = {
        if exam.remaining != seen {
          seen = exam.remaining
          readAloud.read(exam)
        }
      }
      manager.suspendTicking()
      try clock.advance(by: .seconds(400))
      manager.resumeTicking()
      try clock.advance(by: .zero)
      readChange()
      XCTAssertEqual(exam.remaining, 600, "the model holds the milestone delivered")
      XCTAssertEqual(announcements.texts, ["5 minutes left"])
      try clock.advance(by: .seconds(240))
      readChange()
      try clock.advance(by: .seconds(50))
      readChange()
      XCTAssertEqual(announcements.texts, ["5 minutes left", "1 minute left", "10 seconds left"])
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  func testARestoredModelsMilestoneIsReadWithTheTimeLeftThen() throws {
    try withManualManager { manager, clock, _ in
      let (readAloud, announcements) = try Self.readAloud(on: manager, at: Self.examMilestones)
      let saved = try manager.countdown(for: .seconds(700), delivering: readAloud.deliveries)
      let snapshot = saved.snapshot(id: "exam")
      saved.cancel()
      let exam = try XCTUnwrap(try manager.countdown(restoring: snapshot, id: "exam"))
      manager.suspendTicking()
      try clock.advance(by: .seconds(400))
      manager.resumeTicking()
      try clock.advance(by: .zero)
      readAloud.read(exam)
      XCTAssertEqual(announcements.texts, ["5 minutes left"])
    }
  }

  func testAStreamsMilestonePassedWhileSuspendedIsReadWithTheTimeLeftThen() async throws {
    let clock = ManualCountdownClock()
    let manager = try CountdownManager(clock: clock)
    let (readAloud, announcements) = try await MainActor.run {
      try Self.readAloud(on: manager, at: Self.examMilestones)
    }
    let deliveries = await readAloud.deliveries
    let stream = try manager.values(for: .seconds(700), delivering: deliveries)
    let read = expectation(description: "the consumer read a value")
    let consumer = Task { @MainActor in
      for await left in stream {
        readAloud.read(left)
        read.fulfill()
      }
    }
    try await MainActor.run {
      manager.suspendTicking()
      try clock.advance(by: .seconds(400))
      manager.resumeTicking()
      try clock.advance(by: .zero)
    }
    await fulfillment(of: [read], timeout: 10)
    XCTAssertEqual(announcements.texts, ["5 minutes left"])
    consumer.cancel()
    _ = await consumer.value
  }

  /// A consumer that takes a milestone later than it came reads the time left when it came, not
  /// when it is read: a consumer behind the clock never reads the end that is not a milestone.
  func testAStreamsMilestoneTakenLateIsReadWithTheTimeLeftWhenItCame() async throws {
    let clock = ManualCountdownClock()
    let manager = try CountdownManager(clock: clock)
    let (readAloud, announcements) = try await MainActor.run {
      try Self.readAloud(on: manager, at: [.seconds(60), .seconds(10)])
    }
    let deliveries = await readAloud.deliveries
    var values = try manager.values(for: .seconds(100), delivering: deliveries).makeAsyncIterator()
    // The 60 s milestone comes; the clock runs on to the end before the consumer takes it.
    try await MainActor.run { try clock.advance(by: .seconds(40)) }
    try await MainActor.run { try clock.advance(by: .seconds(60)) }
    let taken = await values.next()
    await MainActor.run { readAloud.read(taken ?? -1) }
    XCTAssertEqual(taken, 0, "the newest value, the end, is what a consumer that fell behind takes")
    XCTAssertEqual(announcements.texts, [], "the end is not a milestone, and the 60 s one was not taken")

    var late = try manager.values(for: .seconds(100), delivering: deliveries).makeAsyncIterator()
    try await MainActor.run { try clock.advance(by: .seconds(40)) }
    // Time passes between the delivery and the read: the milestone is read as it came.
    try await MainActor.run { try clock.advance(by: .seconds(30)) }
    let sixty = await late.next()
    await MainActor.run { readAloud.read(sixty ?? -1) }
    XCTAssertEqual(sixty, 60)
    XCTAssertEqual(announcements.texts, ["1 minute left"])
  }

  /// The sequence delivered at milestones, which notes each value for its reader, still finishes
  /// after its 0, and ends its countdown when its consumer is cancelled or it is dropped.
  func testAMilestoneStreamFinishesAndEndsItsCountdownAsAnyOther() async throws {
    let clock = ManualCountdownClock()
    let manager = try CountdownManager(clock: clock)
    let deliveries = try manager.milestones([.seconds(10)])
    var values = try manager.values(for: .seconds(20), delivering: deliveries).makeAsyncIterator()
    try await MainActor.run { try clock.advance(by: .seconds(10)) }
    let ten = await values.next()
    try await MainActor.run { try clock.advance(by: .seconds(10)) }
    let zero = await values.next()
    let end = await values.next()
    XCTAssertEqual([ten, zero, end], [10, 0, nil])
    XCTAssertEqual(manager.count, 0)

    let consumed = try manager.values(for: .seconds(60), delivering: deliveries)
    let consumer = Task { for await _ in consumed {} }
    try await MainActor.run { try clock.advance(by: .zero) }
    XCTAssertEqual(manager.count, 1)
    consumer.cancel()
    await consumer.value
    XCTAssertEqual(manager.count, 0, "cancelling the consumer ended the countdown")

    var dropped: AsyncStream<Int>? = try manager.values(for: .seconds(60), delivering: deliveries)
    XCTAssertEqual(manager.count, 1)
    XCTAssertNotNil(dropped)
    dropped = nil
    XCTAssertEqual(manager.count, 0, "dropping the sequence ended the countdown")
  }

  // MARK: - A milestone brought back ahead

  func testAMilestoneBroughtBackAheadIsReadAgainWhenItWasTheLastOneRead() throws {
    try withManualManager { manager, clock, _ in
      let (readAloud, announcements) = try Self.readAloud(on: manager, at: [.seconds(60), .seconds(10)])
      try manager.start(id: "exam", for: .seconds(120), delivering: readAloud.deliveries) { _, left, _ in
        readAloud.read(left)
      }
      try clock.advance(by: .seconds(60))
      XCTAssertEqual(announcements.texts, ["1 minute left"])
      XCTAssertTrue(try manager.addTime(.seconds(30), id: "exam"))
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(announcements.texts, ["1 minute left", "1 minute left"], "time added brought 60 back ahead")
      // Started again while 60 is still the last one read.
      try manager.start(id: "exam", for: .seconds(90), delivering: readAloud.deliveries) { _, left, _ in
        readAloud.read(left)
      }
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(announcements.texts, ["1 minute left", "1 minute left", "1 minute left"], "started again")
    }
  }

  func testAReceiversMilestoneBroughtBackAheadIsReadAgainWhenItWasTheLastOneRead() throws {
    try withManualManager { manager, clock, _ in
      let (readAloud, announcements) = try Self.readAloud(on: manager, at: [.seconds(60), .seconds(10)])
      let label = CountdownLabel("exam")
      try manager.start(label, for: .seconds(120), delivering: readAloud.deliveries) { _, left, _ in
        readAloud.read(left)
      }
      try clock.advance(by: .seconds(60))
      XCTAssertTrue(try manager.addTime(.seconds(30), to: label))
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(announcements.texts, ["1 minute left", "1 minute left"])
    }
  }

  // MARK: - The end, and overtime

  func testTheEndIsReadOnlyWhenZeroIsAMilestone() throws {
    try withManualManager { manager, clock, _ in
      let (readAloud, announcements) = try Self.readAloud(on: manager, at: [.seconds(60), .seconds(10)])
      // Every change, suspended across 10 and the end: the 0 is the end, not a milestone.
      try manager.start(id: "label", for: .seconds(15)) { _, left, _ in readAloud.read(left) }
      manager.suspendTicking()
      try clock.advance(by: .seconds(20))
      manager.resumeTicking()
      try clock.advance(by: .zero)
      XCTAssertEqual(announcements.texts, [], "no milestone reached before the end; the end is not one")
      // Delivered at milestones, suspended past the end.
      let (atMilestones, heard) = try Self.readAloud(on: manager, at: [.seconds(60), .seconds(10)])
      try manager.start(id: "exam", for: .seconds(70), delivering: atMilestones.deliveries) { _, left, _ in
        atMilestones.read(left)
      }
      manager.suspendTicking()
      try clock.advance(by: .seconds(80))
      manager.resumeTicking()
      try clock.advance(by: .zero)
      XCTAssertEqual(heard.texts, [])
      // With .zero among the milestones, the end is read.
      let (withZero, heardZero) = try Self.readAloud(on: manager, at: [.seconds(10), .zero])
      try manager.start(id: "zero", for: .seconds(15)) { _, left, _ in withZero.read(left) }
      try clock.advance(by: .seconds(15))
      XCTAssertEqual(heardZero.texts, ["10 seconds left", "0 seconds left"])
      // Delivered at milestones with .zero among them: the end once, like any milestone.
      let (atZero, heardAtZero) = try Self.readAloud(on: manager, at: [.seconds(10), .zero])
      try manager.start(id: "exam at zero", for: .seconds(15), delivering: atZero.deliveries) { _, left, _ in
        atZero.read(left)
      }
      try clock.advance(by: .seconds(16))
      XCTAssertEqual(heardAtZero.texts, ["10 seconds left", "0 seconds left"])
    }
  }

  /// Overtime is not read: nothing is left, and a countdown past its end has nothing to announce.
  func testOvertimeIsNotRead() throws {
    try withManualManager { manager, clock, _ in
      let (readAloud, announcements) = try Self.readAloud(on: manager, at: [.seconds(1), .zero])
      try manager.start(id: "talk", for: .seconds(2), pastTheEnd: .countsOvertime) { _, left, _ in readAloud.read(left)
      }
      try clock.advance(by: .seconds(40))
      XCTAssertEqual(announcements.texts, ["1 second left", "0 seconds left"])
      XCTAssertEqual(readAloud.phrase(for: -38), "0 seconds left", "a negative value: no time left")
    }
  }

  // MARK: - The verb agrees with the number spoken

  /// The phrase of `value` intervals of `interval` in `locale`, its no-break spaces made plain.
  private func phrase(_ value: Int, interval: Duration = .seconds(1), in locale: String) throws -> String {
    try MainActor.assumeIsolated {
      let readAloud = try CountdownReadAloud(
        at: [interval], interval: interval, locale: Locale(identifier: locale), announcer: Announcements())
      return readAloud.phrase(for: value)
        .replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }
  }

  func testASubSecondTimeIsSpokenInWholeSecondsRoundedUpWithTheVerbAgreeing() throws {
    let tenth = Duration.milliseconds(100)
    XCTAssertEqual(try phrase(11, interval: tenth, in: "es_ES"), "Quedan 2 segundos", "1.1 s: never less than is left")
    XCTAssertEqual(try phrase(10, interval: tenth, in: "es_ES"), "Queda 1 segundo")
    XCTAssertEqual(try phrase(4, interval: tenth, in: "es_ES"), "Queda 1 segundo", "0.4 s is not 0")
    XCTAssertEqual(try phrase(4, interval: tenth, in: "en_US"), "1 second left")
    XCTAssertEqual(try phrase(601, interval: tenth, in: "it_IT"), "Mancano 1 minuto e 1 secondo")
  }

  /// Every shipped language whose verb agrees with the number: zero, one, two, a minute and two,
  /// and two units together (a compound subject, plural).
  func testTheVerbAgreesWithTheNumberSpokenZeroIncluded() throws {
    let expected: [String: [Int: String]] = [
      "es_ES": [
        0: "Quedan 0 segundos", 1: "Queda 1 segundo", 2: "Quedan 2 segundos", 60: "Queda 1 minuto",
        120: "Quedan 2 minutos", 61: "Quedan 1 minuto y 1 segundo",
      ],
      "it_IT": [
        0: "Mancano 0 secondi", 1: "Manca 1 secondo", 2: "Mancano 2 secondi", 60: "Manca 1 minuto",
        120: "Mancano 2 minuti", 61: "Mancano 1 minuto e 1 secondo",
      ],
      "pt_BR": [
        0: "Falta 0 segundo", 1: "Falta 1 segundo", 2: "Faltam 2 segundos", 60: "Falta 1 minuto",
        120: "Faltam 2 minutos", 61: "Faltam 1 minuto e 1 segundo",
      ],
      "el_GR": [
        0: "Απομένουν 0 δευτερόλεπτα", 1: "Απομένει 1 δευτερόλεπτο", 2: "Απομένουν 2 δευτερόλεπτα",
        60: "Απομένει 1 λεπτό", 120: "Απομένουν 2 λεπτά", 61: "Απομένουν 1 λεπτό, 1 δευτερόλεπτο",
      ],
      "he_IL": [
        0: "נותרו 0 שניות", 1: "נותרה 1 שניה", 2: "נותרו שתי שניות", 60: "נותרה 1 דקה",
        120: "נותרו שתי דקות", 61: "נותרו 1 דקה ו1 שניה",
      ],
    ]
    for (locale, phrases) in expected.sorted(by: { $0.key < $1.key }) {
      for (seconds, text) in phrases.sorted(by: { $0.key < $1.key }) {
        XCTAssertEqual(try phrase(seconds, in: locale), text, "\(locale), \(seconds) s")
      }
    }
  }
}
