package import Foundation

/// The sentence a milestone is read aloud in, for one language: "%@ left", and where the language's
/// verb agrees with the number, its singular form, for a time whose one number spoken takes the
/// noun's singular ("Queda 1 minuto", "Quedan 2 minutos").
///
/// Looked up for a locale in the app's `CountdownKit.strings` table first (main bundle), then in
/// the package's own localizations, then English: an app overrides a language, or adds one, by
/// shipping the keys `countdown.time-left` (and `countdown.time-left.one` where its verb agrees)
/// in that table. A countdown in phases is read with the phase's name in the sentence of
/// `countdown.phase-time-left` ("%1$@, %2$@ left": the name, then the time), with its
/// `countdown.phase-time-left.one` likewise.
package struct ReadAloudWording: Sendable {
  /// The sentence, `%@` standing for the time left.
  package let template: String
  /// The sentence for a time spoken with one number whose noun is singular ("1 minute"), where it
  /// differs.
  package let singleUnitTemplate: String
  /// The sentence naming a phase, `%1$@` standing for its name and `%2$@` for the time left, and
  /// its single-unit form; `nil`: the phase's name, a comma, and the sentence of ``template``.
  package let phaseTemplates: (many: String, one: String)?

  private static let table = "CountdownKit"
  private static let key = "countdown.time-left"
  private static let singleUnitKey = "countdown.time-left.one"
  private static let phaseKey = "countdown.phase-time-left"
  private static let singleUnitPhaseKey = "countdown.phase-time-left.one"
  /// What `localizedString(forKey:value:table:)` gives back for a key the table lacks.
  private static let missing = "\u{0}missing"

  /// The wording given by the app: used whatever the time.
  package init(template: String) {
    self.init(template: template, singleUnitTemplate: template, phaseTemplates: nil)
  }

  private init(template: String, singleUnitTemplate: String, phaseTemplates: (many: String, one: String)?) {
    self.template = template
    self.singleUnitTemplate = singleUnitTemplate
    self.phaseTemplates = phaseTemplates
  }

  /// The wording of `locale`'s language: the app's, the package's, or English.
  package init(locale: Locale, appBundle: Bundle = .main, packageBundle: Bundle = .module) {
    for bundle in [appBundle, packageBundle] {
      if let localized = Self.localization(of: locale, in: bundle),
        let template = Self.string(Self.key, in: localized)
      {
        let phase = Self.string(Self.phaseKey, in: localized)
        self.init(
          template: template, singleUnitTemplate: Self.string(Self.singleUnitKey, in: localized) ?? template,
          phaseTemplates: phase.map { ($0, Self.string(Self.singleUnitPhaseKey, in: localized) ?? $0) })
        return
      }
    }
    // A language neither speaks: the time alone, rather than an English sentence around it.
    self.init(template: "%@")
  }

  /// The template for `time` spoken in `locale`: the single-unit form where the verb agrees with
  /// the number spoken, that is when one unit is spoken (not "1 minute, 30 seconds", a compound
  /// subject) and the formatter gives its noun the form it gives one of it ("1 minuto", and in
  /// Brazilian Portuguese "0 segundo" too, where "Falta" agrees).
  package func template(for time: Duration, locale: Locale) -> String {
    guard singleUnitTemplate != template else { return template }
    return Self.takesSingleUnitForm(time, locale: locale) ? singleUnitTemplate : template
  }

  /// What is read for `time` left in the phase named `phase`, in `locale`: the language's
  /// sentence naming the phase ("Break, 4 minutes left"), or where it has none (a template given
  /// by the app, a language not spoken), the name, a comma and the sentence of ``template``.
  package func phrase(naming phase: String, _ time: Duration, locale: Locale) -> String {
    let spoken = Self.format(time, locale: locale)
    guard let (many, one) = phaseTemplates else {
      return phase + ", " + Self.fill(template(for: time, locale: locale), with: spoken)
    }
    let sentence = many != one && Self.takesSingleUnitForm(time, locale: locale) ? one : many
    return Self.fill(sentence, naming: phase, with: spoken)
  }

  /// Whether `time` is spoken with one unit whose noun takes the form it takes for one of it.
  private static func takesSingleUnitForm(_ time: Duration, locale: Locale) -> Bool {
    let seconds = time.clampedComponents.seconds
    let units: [(count: Int64, unit: Duration.UnitsFormatStyle.Unit)] = [
      (seconds / 3_600, .hours), (seconds / 60 % 60, .minutes), (seconds % 60, .seconds),
    ]
    let spoken = units.filter { $0.count != 0 }
    guard spoken.count <= 1 else { return false }
    // Nothing left is spoken as "0 seconds".
    let (count, unit) = spoken.first ?? (0, .seconds)
    return noun(count, unit, locale: locale) == noun(1, unit, locale: locale)
  }

  /// `time` as it is spoken: whole seconds, rounded up (never less than is left, as the values
  /// are), never below zero.
  package static func spokenTime(_ time: Duration) -> Duration {
    guard time > .zero else { return .zero }
    let (seconds, attoseconds) = time.clampedComponents
    return .seconds(attoseconds > 0 && seconds < .max ? seconds + 1 : seconds)
  }

  /// `template` with `spoken` in place of each `%@` (or `%1$@`) and `%%` as `%`; where a phase is
  /// named, `phase` in place of `%1$@` and `spoken` in place of `%2$@` too. Filled in, not
  /// formatted: a template is text (an app's, or a caller's), and any other `%` in it (`%d`,
  /// `%n`) is read as written, where a format would read an argument that is not there.
  package static func fill(_ template: String, naming phase: String? = nil, with spoken: String) -> String {
    var filled = ""
    var rest = Substring(template)
    while let percent = rest.firstIndex(of: "%") {
      filled += rest[..<percent]
      let after = rest[rest.index(after: percent)...]
      if after.hasPrefix("@") {
        filled += spoken
        rest = after.dropFirst()
      } else if after.hasPrefix("1$@") {
        filled += phase ?? spoken
        rest = after.dropFirst(3)
      } else if phase != nil, after.hasPrefix("2$@") {
        filled += spoken
        rest = after.dropFirst(3)
      } else if after.hasPrefix("%") {
        filled += "%"
        rest = after.dropFirst()
      } else {
        filled += "%"
        rest = after
      }
    }
    return filled + rest
  }

  /// `time` spelled out in `locale`: "1 hour, 1 minute, 30 seconds".
  package static func format(_ time: Duration, locale: Locale) -> String {
    time.formatted(Duration.UnitsFormatStyle(allowedUnits: [.hours, .minutes, .seconds], width: .wide).locale(locale))
  }

  /// The words the formatter gives `count` of `unit` in `locale`, its number taken out: the noun in
  /// the form the number asks for ("segundo", "segundos").
  private static func noun(_ count: Int64, _ unit: Duration.UnitsFormatStyle.Unit, locale: Locale) -> String {
    let perUnit: Int64 = unit == .hours ? 3_600 : unit == .minutes ? 60 : 1
    let words = format(.seconds(count * perUnit), locale: locale).unicodeScalars
      .filter { $0.properties.numericType == nil }
    return String(String.UnicodeScalarView(words)).trimmingCharacters(in: .whitespaces)
  }

  private static func string(_ key: String, in bundle: Bundle) -> String? {
    let value = bundle.localizedString(forKey: key, value: missing, table: table)
    return value == missing ? nil : value
  }

  /// The `.lproj` bundle of `bundle` that best matches `locale`: its language with script and
  /// region, with script, with region, alone, and last any region of the language ("pt-BR" for
  /// Portugal's Portuguese). Matched without regard to case: SwiftPM writes "zh-hans.lproj".
  private static func localization(of locale: Locale, in bundle: Bundle) -> Bundle? {
    let language = locale.language
    guard let code = language.languageCode?.identifier.lowercased() else { return nil }
    let script = language.script?.identifier.lowercased()
    let region = language.region?.identifier.lowercased()
    var candidates = [String]()
    if let script, let region { candidates.append("\(code)-\(script)-\(region)") }
    if let script { candidates.append("\(code)-\(script)") }
    if let region { candidates.append("\(code)-\(region)") }
    candidates.append(code)
    let available = bundle.localizations
    let lowercased = available.map { $0.lowercased() }
    let match =
      candidates.lazy.compactMap { lowercased.firstIndex(of: $0) }.first
      ?? lowercased.firstIndex { $0.hasPrefix(code + "-") }
    guard let match,
      let path = bundle.path(forResource: available[match], ofType: "lproj")
    else { return nil }
    return Bundle(path: path)
  }
}
