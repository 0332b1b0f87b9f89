import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// A countdown in phases read aloud: each milestone of a phase is announced once, naming its phase
/// ("Break, 4 minutes left"), in every language the package speaks; every language has the phase's
/// sentence.
final class ReadAloudPhasesTests: XCTestCase {
  /// The phrase naming the phase "Break" with 1 minute and with 10 seconds left, in each shipped
  /// localization (by its test locale in ``ReadAloudLanguageTests/phrases``).
  static let phrases: [String: (oneMinute: String, tenSeconds: String)] = [
    "ar": ("Break، الوقت المتبقي: دقيقة", "Break، الوقت المتبقي: ١٠ ثوانٍ"),
    "cs": ("Break, zbývá: 1 minuta", "Break, zbývá: 10 sekund"),
    "da": ("Break, 1 minut tilbage", "Break, 10 sekunder tilbage"),
    "de": ("Break, noch 1 Minute", "Break, noch 10 Sekunden"),
    "el": ("Break, απομένει 1 λεπτό", "Break, απομένουν 10 δευτερόλεπτα"),
    "en": ("Break, 1 minute left", "Break, 10 seconds left"),
    "es": ("Break, queda 1 minuto", "Break, quedan 10 segundos"),
    "fi": ("Break, 1 minuutti jäljellä", "Break, 10 sekuntia jäljellä"),
    "fr": ("Break, il reste 1 minute", "Break, il reste 10 secondes"),
    "he": ("Break, נותרה 1 דקה", "Break, נותרו 10 שניות"),
    "hi": ("Break, 1 मिनट बाकी", "Break, 10 सेकंड बाकी"),
    "id": ("Break, sisa 1 menit", "Break, sisa 10 detik"),
    "it": ("Break, manca 1 minuto", "Break, mancano 10 secondi"),
    "ja": ("Break、残り1分", "Break、残り10秒"),
    "ko": ("Break, 1분 남음", "Break, 10초 남음"),
    "nb": ("Break, 1 minutt igjen", "Break, 10 sekunder igjen"),
    "nl": ("Break, nog 1 minuut", "Break, nog 10 seconden"),
    "pl": ("Break, pozostało: 1 minuta", "Break, pozostało: 10 sekund"),
    "pt-BR": ("Break, falta 1 minuto", "Break, faltam 10 segundos"),
    "ru": ("Break, осталось: 1 минута", "Break, осталось: 10 секунд"),
    "sv": ("Break, 1 minut kvar", "Break, 10 sekunder kvar"),
    "th": ("Break เหลือ 1 นาที", "Break เหลือ 10 วินาที"),
    "tr": ("Break, 1 dakika kaldı", "Break, 10 saniye kaldı"),
    "uk": ("Break, залишилося: 1 хвилина", "Break, залишилося: 10 секунд"),
    "vi": ("Break, còn 1 phút", "Break, còn 10 giây"),
    "zh-Hans": ("Break，还剩1分钟", "Break，还剩10秒钟"),
    "zh-Hant": ("Break，還剩1分鐘", "Break，還剩10秒"),
  ]

  /// Keeps what would have been announced.
  final class Announcements: CountdownAnnouncer {
    private let said = LockedState<[String]>([])
    func announce(_ text: String) { said.withLock { $0.append(text) } }
    var texts: [String] { said.withLock { $0 } }
  }

  /// The phrase of `seconds` left in the phase "Break", its no-break and narrow spaces made plain.
  private func phrase(_ seconds: Int, in identifier: String, template: String? = nil) throws -> String {
    try MainActor.assumeIsolated {
      let readAloud = try CountdownReadAloud(
        at: [.seconds(10)], locale: Locale(identifier: identifier), template: template,
        announcer: VoiceOverAnnouncer())
      return readAloud.phrase(for: seconds, phase: CountdownPhase("Break", .seconds(300)))
        .replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }
  }

  func testEveryShippedLanguageNamesThePhase() throws {
    XCTAssertEqual(Set(Self.phrases.keys), Set(ReadAloudLanguageTests.phrases.keys), "every language has its test")
    for (language, expected) in Self.phrases.sorted(by: { $0.key < $1.key }) {
      let locale = try XCTUnwrap(ReadAloudLanguageTests.phrases[language]?.locale)
      XCTAssertEqual(try phrase(60, in: locale), expected.oneMinute, language)
      XCTAssertEqual(try phrase(10, in: locale), expected.tenSeconds, language)
    }
  }

  /// A language the package does not speak hears the phase and the time alone; a template the app
  /// gives is the sentence after the phase's name.
  func testWithoutTheLanguagesSentenceThePhaseComesBeforeTheTime() throws {
    XCTAssertEqual(try phrase(10, in: "sw_KE"), "Break, sekunde 10")
    XCTAssertEqual(try phrase(10, in: "en_US", template: "%@ to go"), "Break, 10 seconds to go")
  }

  /// Every shipped `CountdownKit.strings` has every key: the time left and the phase's sentence,
  /// and the phase's single-unit form wherever the time left has one.
  func testEveryShippedLanguageHasEveryKey() throws {
    let resources = URL(filePath: #filePath).deletingLastPathComponent()
      .appending(path: "../../../Sources/CountdownKit/Resources").standardized
    let languages = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter {
      $0.hasSuffix(".lproj")
    }
    XCTAssertEqual(languages.count, 27)
    for language in languages {
      let data = try Data(contentsOf: resources.appending(path: "\(language)/CountdownKit.strings"))
      let table = try XCTUnwrap(
        PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String], language)
      XCTAssertNotNil(table["countdown.time-left"], language)
      XCTAssertEqual(table["countdown.phase-time-left"]?.contains("%1$@"), true, language)
      XCTAssertEqual(table["countdown.phase-time-left"]?.contains("%2$@"), true, language)
      XCTAssertEqual(
        table["countdown.time-left.one"] != nil, table["countdown.phase-time-left.one"] != nil,
        "\(language): the phase's sentence agrees with the number where the time left's does")
    }
  }

  /// A Pomodoro read aloud at 4 minutes and 10 seconds: each phase's milestones once, naming it.
  func testEachPhasesMilestonesAreAnnouncedOnceNamingThePhase() throws {
    try withManualManager { manager, clock, _ in
      let announcements = Announcements()
      let readAloud = try manager.readAloud(
        at: [.seconds(240), .seconds(10)], locale: Locale(identifier: "en_US"), announcer: announcements)
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60))], repeated: .times(1))
      ])
      try manager.start(id: "focus", plan: plan, delivering: readAloud.deliveries) { _, update, _ in
        readAloud.read(update)
      }
      try clock.advance(by: .seconds(30 * 60 + 1))
      XCTAssertEqual(
        announcements.texts,
        ["Focus, 4 minutes left", "Focus, 10 seconds left", "Break, 4 minutes left", "Break, 10 seconds left"])
    }
  }

  /// A label updated every second reads the same milestones, once each, from the same handler.
  func testALabelUpdatedEverySecondAnnouncesOnlyThePhasesMilestones() throws {
    try withManualManager { manager, clock, _ in
      let announcements = Announcements()
      let readAloud = try manager.readAloud(
        at: [.seconds(3)], locale: Locale(identifier: "en_US"), announcer: announcements)
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Work", .seconds(5)), CountdownPhase("Rest", .seconds(3))], repeated: .times(2))
      ])
      var shown: [Int] = []
      try manager.start(id: "intervals", plan: plan) { _, update, _ in
        shown.append(update.remaining)
        readAloud.read(update)
      }
      try clock.advance(by: .seconds(17))
      XCTAssertGreaterThan(shown.count, 10)
      XCTAssertEqual(
        announcements.texts,
        ["Work, 3 seconds left", "Rest, 3 seconds left", "Work, 3 seconds left", "Rest, 3 seconds left"])
    }
  }

  /// One read-aloud shared by two countdowns in phases, by id and by receiver: each one's phase
  /// change that is a milestone itself ("Rest, 3 seconds left", told by the call of the change) is
  /// announced for each, as its own.
  func testASharedReadAloudAnnouncesEachSequencesPhaseChangeAsItsOwn() throws {
    try withManualManager { manager, clock, _ in
      let announcements = Announcements()
      let readAloud = try manager.readAloud(
        at: [.seconds(3)], locale: Locale(identifier: "en_US"), announcer: announcements)
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Work", .seconds(5)), CountdownPhase("Rest", .seconds(3))], repeated: .times(1))
      ])
      for id in ["a", "b"] {
        try manager.start(id: id, plan: plan) { _, update, _ in readAloud.read(update) }
      }
      try clock.advance(by: .seconds(9))
      XCTAssertEqual(
        announcements.texts,
        ["Work, 3 seconds left", "Work, 3 seconds left", "Rest, 3 seconds left", "Rest, 3 seconds left"])
    }
  }

  func testASharedReadAloudAnnouncesEachReceiversPhaseChangeAsItsOwn() throws {
    try withManualManager { manager, clock, _ in
      let announcements = Announcements()
      let readAloud = try manager.readAloud(
        at: [.seconds(3)], locale: Locale(identifier: "en_US"), announcer: announcements)
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Work", .seconds(5)), CountdownPhase("Rest", .seconds(3))], repeated: .times(1))
      ])
      let labels = [CountdownLabel("a"), CountdownLabel("b")]
      for label in labels {
        try manager.start(label, plan: plan) { _, update, _ in readAloud.read(update) }
      }
      try clock.advance(by: .seconds(9))
      XCTAssertEqual(
        announcements.texts,
        ["Work, 3 seconds left", "Work, 3 seconds left", "Rest, 3 seconds left", "Rest, 3 seconds left"])
      withExtendedLifetime(labels) {}
    }
  }
}
