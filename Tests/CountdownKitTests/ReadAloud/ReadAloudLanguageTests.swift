import CountdownKit
import Foundation
import XCTest

/// The read-aloud phrase in every language the package ships: the whole sentence, in the language's
/// own words (no English left in it), with the verb agreeing with one unit where the language asks.
final class ReadAloudLanguageTests: XCTestCase {
  /// Each shipped localization: its test locale, then the phrase with 1 minute, 10 seconds and
  /// 1 hour 1 minute 30 seconds left.
  static let phrases: [String: (locale: String, oneMinute: String, tenSeconds: String, long: String)] = [
    "ar": ("ar_SA", "الوقت المتبقي: دقيقة", "الوقت المتبقي: ١٠ ثوانٍ", "الوقت المتبقي: ساعة، دقيقة، و٣٠ ثانية"),
    "cs": ("cs_CZ", "Zbývá: 1 minuta", "Zbývá: 10 sekund", "Zbývá: 1 hodina, 1 minuta a 30 sekund"),
    "da": ("da_DK", "1 minut tilbage", "10 sekunder tilbage", "1 time, 1 minut og 30 sekunder tilbage"),
    "de": ("de_DE", "Noch 1 Minute", "Noch 10 Sekunden", "Noch 1 Stunde, 1 Minute und 30 Sekunden"),
    "el": ("el_GR", "Απομένει 1 λεπτό", "Απομένουν 10 δευτερόλεπτα", "Απομένουν 1 ώρα, 1 λεπτό, 30 δευτερόλεπτα"),
    "en": ("en_US", "1 minute left", "10 seconds left", "1 hour, 1 minute, 30 seconds left"),
    "es": ("es_ES", "Queda 1 minuto", "Quedan 10 segundos", "Quedan 1 hora, 1 minuto y 30 segundos"),
    "fi": ("fi_FI", "1 minuutti jäljellä", "10 sekuntia jäljellä", "1 tunti 1 minuutti ja 30 sekuntia jäljellä"),
    "fr": ("fr_FR", "Il reste 1 minute", "Il reste 10 secondes", "Il reste 1 heure, 1 minute et 30 secondes"),
    "he": ("he_IL", "נותרה 1 דקה", "נותרו 10 שניות", "נותרו 1 שעה, 1 דקה ו-30 שניות"),
    "hi": ("hi_IN", "1 मिनट बाकी", "10 सेकंड बाकी", "1 घंटा, 1 मिनट और 30 सेकंड बाकी"),
    "id": ("id_ID", "Sisa 1 menit", "Sisa 10 detik", "Sisa 1 jam, 1 menit, 30 detik"),
    "it": ("it_IT", "Manca 1 minuto", "Mancano 10 secondi", "Mancano 1 ora, 1 minuto e 30 secondi"),
    "ja": ("ja_JP", "残り1分", "残り10秒", "残り1時間 1分 30秒"),
    "ko": ("ko_KR", "1분 남음", "10초 남음", "1시간 1분 30초 남음"),
    "nb": ("nb_NO", "1 minutt igjen", "10 sekunder igjen", "1 time, 1 minutt og 30 sekunder igjen"),
    "nl": ("nl_NL", "Nog 1 minuut", "Nog 10 seconden", "Nog 1 uur, 1 minuut en 30 seconden"),
    "pl": ("pl_PL", "Pozostało: 1 minuta", "Pozostało: 10 sekund", "Pozostało: 1 godzina, 1 minuta i 30 sekund"),
    "pt-BR": ("pt_BR", "Falta 1 minuto", "Faltam 10 segundos", "Faltam 1 hora, 1 minuto e 30 segundos"),
    "ru": ("ru_RU", "Осталось: 1 минута", "Осталось: 10 секунд", "Осталось: 1 час, 1 минута, 30 секунд"),
    "sv": ("sv_SE", "1 minut kvar", "10 sekunder kvar", "1 timme, 1 minut, 30 sekunder kvar"),
    "th": ("th_TH", "เหลือ 1 นาที", "เหลือ 10 วินาที", "เหลือ 1 ชั่วโมง 1 นาที และ 30 วินาที"),
    "tr": ("tr_TR", "1 dakika kaldı", "10 saniye kaldı", "1 saat 1 dakika 30 saniye kaldı"),
    "uk": ("uk_UA", "Залишилося: 1 хвилина", "Залишилося: 10 секунд", "Залишилося: 1 година, 1 хвилина і 30 секунд"),
    "vi": ("vi_VN", "Còn 1 phút", "Còn 10 giây", "Còn 1 giờ, 1 phút, 30 giây"),
    "zh-Hans": ("zh_CN", "还剩1分钟", "还剩10秒钟", "还剩1小时1分钟30秒钟"),
    "zh-Hant": ("zh_TW", "還剩1分鐘", "還剩10秒", "還剩1小時1分鐘30秒"),
  ]

  /// Words of the English sentence that no other language's phrase may keep.
  static let englishWords: Set<String> = ["left", "hour", "hours", "second", "seconds"]

  /// The phrase with its no-break and narrow spaces made plain, as a listener hears them.
  private func phrase(_ seconds: Int, in identifier: String) throws -> String {
    try MainActor.assumeIsolated {
      let readAloud = try CountdownReadAloud(
        at: [.seconds(10)], locale: Locale(identifier: identifier), announcer: VoiceOverAnnouncer())
      return readAloud.phrase(for: seconds)
        .replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }
  }

  func testEveryShippedLanguageSpeaksTheWholePhrase() throws {
    for (language, expected) in Self.phrases.sorted(by: { $0.key < $1.key }) {
      XCTAssertEqual(try phrase(60, in: expected.locale), expected.oneMinute, language)
      XCTAssertEqual(try phrase(10, in: expected.locale), expected.tenSeconds, language)
      XCTAssertEqual(try phrase(3_690, in: expected.locale), expected.long, language)
    }
  }

  func testNoEnglishWordIsLeftInAnotherLanguage() throws {
    for (language, expected) in Self.phrases where language != "en" {
      for seconds in [1, 10, 60, 3_600, 3_690] {
        let words = try phrase(seconds, in: expected.locale).lowercased()
          .split(whereSeparator: { !$0.isLetter }).map(String.init)
        XCTAssertTrue(Self.englishWords.isDisjoint(with: words), "\(language): \(words)")
      }
    }
  }

  /// Arabic is read right to left: every letter of its phrase is Arabic, the sentence too.
  func testArabicIsWhollyArabic() throws {
    let text = try phrase(3_690, in: "ar_EG")
    let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic }
    XCTAssertFalse(letters.isEmpty)
    XCTAssertTrue(letters.allSatisfy { (0x0600...0x06FF).contains($0.value) }, text)
  }

  /// A region or script the package has no file for takes its language's: Portugal's Portuguese
  /// Brazil's, Hong Kong's Chinese the traditional one.
  func testARegionWithoutItsOwnFileTakesItsLanguage() throws {
    XCTAssertEqual(try phrase(10, in: "pt_PT"), "Faltam 10 segundos")
    XCTAssertEqual(try phrase(10, in: "zh_HK"), "還剩10秒")
    XCTAssertEqual(try phrase(10, in: "de_AT"), "Noch 10 Sekunden")
    XCTAssertEqual(try phrase(10, in: "en_GB"), "10 seconds left")
  }

  /// A language the package does not speak hears the time alone, never an English sentence.
  func testALanguageNotShippedHearsTheTimeAlone() throws {
    XCTAssertEqual(try phrase(10, in: "sw_KE"), "sekunde 10")
  }

  /// The app's own `CountdownKit.strings` comes first, for the languages it has; the package's
  /// words for the rest.
  func testTheAppsStringsOverrideThePackages() throws {
    let app = FileManager.default.temporaryDirectory.appending(path: "ReadAloudApp-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: app) }
    let german = app.appending(path: "de.lproj")
    try FileManager.default.createDirectory(at: german, withIntermediateDirectories: true)
    try Data(#""countdown.time-left" = "Es bleiben %@";"#.utf8)
      .write(to: german.appending(path: "CountdownKit.strings"))
    let appBundle = try XCTUnwrap(Bundle(path: app.path))

    let overridden = ReadAloudWording(locale: Locale(identifier: "de_DE"), appBundle: appBundle)
    XCTAssertEqual(overridden.template(for: .seconds(60), locale: Locale(identifier: "de_DE")), "Es bleiben %@")
    XCTAssertEqual(overridden.template(for: .seconds(10), locale: Locale(identifier: "de_DE")), "Es bleiben %@")
    let packages = ReadAloudWording(locale: Locale(identifier: "es_ES"), appBundle: appBundle)
    XCTAssertEqual(packages.template(for: .seconds(60), locale: Locale(identifier: "es_ES")), "Queda %@")
    XCTAssertEqual(packages.template(for: .seconds(10), locale: Locale(identifier: "es_ES")), "Quedan %@")
  }

  /// A template given to the initializer is the sentence whatever the language or the time.
  func testAGivenTemplateWins() throws {
    try MainActor.assumeIsolated {
      let readAloud = try CountdownReadAloud(
        at: [.seconds(10)], locale: Locale(identifier: "es_ES"), template: "Faltan %@", announcer: VoiceOverAnnouncer())
      XCTAssertEqual(readAloud.phrase(for: 1), "Faltan 1 segundo")
    }
  }

  /// Every localization in the package's resources has its test above, so a language added
  /// without one fails here.
  func testEveryShippedLocalizationIsTested() throws {
    let resources = URL(filePath: #filePath).deletingLastPathComponent()
      .appending(path: "../../../Sources/CountdownKit/Resources").standardized
    let shipped = try FileManager.default.contentsOfDirectory(atPath: resources.path)
      .filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(".lproj".count)) }
    XCTAssertEqual(Set(shipped), Set(Self.phrases.keys))
    XCTAssertGreaterThanOrEqual(shipped.count, 12)
  }
}
