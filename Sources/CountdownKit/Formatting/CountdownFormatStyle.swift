public import Foundation

/// Formats a ``RemainingTime`` as a clock face, abbreviated units or spelled-out units, in a
/// locale: a Foundation `FormatStyle`, so it works with `formatted(_:)` and SwiftUI's
/// `Text(_:format:)`, which hands it the view's locale.
///
/// ```swift
/// RemainingTime(seconds: 93_784).formatted(.countdown)                // "1d 02:03:04" (US English)
/// RemainingTime(seconds: 93_784).formatted(.countdown(.spelledOut))   // "1 day, 2 hours, 3 minutes, 4 seconds"
/// Text(countdown.remainingTime, format: .countdown(.units))           // "1d 2h 3m 4s"
/// ```
///
/// The texts come from Foundation's `Duration` format styles (`.time(pattern:)` and
/// `.units(allowed:width:)`), so digits, separators, unit names and their plurals follow the
/// locale. A fraction of a second counts as a whole second, as in ``RemainingTime``.
///
/// A negative time (overtime) is its magnitude after a minus sign, U+2212, in every locale:
/// Foundation has no localized word for "late" on both Apple platforms and Linux, and its number
/// styles' own minus is a hyphen in most. A time that rounds up to zero has no sign.
public struct CountdownFormatStyle: FormatStyle, Sendable {
  /// Which of the three texts to make.
  public var style: RemainingTime.Style
  /// The locale of the text; the user's current one unless set (SwiftUI sets the view's).
  public var locale: Locale

  /// A style for `style` in `locale`.
  public init(_ style: RemainingTime.Style = .clock, locale: Locale = .autoupdatingCurrent) {
    self.style = style
    self.locale = locale
  }

  /// The text for `value`: for a negative one, its magnitude's after a minus sign (U+2212).
  public func format(_ value: RemainingTime) -> String {
    let text = formatMagnitude(value)
    return value.isOvertime ? "\u{2212}" + text : text
  }

  private func formatMagnitude(_ value: RemainingTime) -> String {
    let totalSeconds = value.magnitudeSeconds
    let whole = Duration.seconds(totalSeconds)
    let allUnits: Set<Duration.UnitsFormatStyle.Unit> = [.days, .hours, .minutes, .seconds]
    switch style.layout {
    case .clock:
      if totalSeconds < 3_600 {
        return whole.formatted(.time(pattern: .minuteSecond).locale(locale))
      }
      if value.days == 0 {
        return whole.formatted(.time(pattern: .hourMinuteSecond).locale(locale))
      }
      // Duration's time patterns stop at hours: the days go in front, in the locale's narrow unit.
      let dayPart = Duration.seconds(Int64(value.days) * 86_400)
        .formatted(.units(allowed: [.days], width: .narrow).locale(locale))
      let rest = Duration.seconds(totalSeconds % 86_400)
      return dayPart + " " + rest.formatted(.time(pattern: .hourMinuteSecond(padHourToLength: 2)).locale(locale))
    case .units:
      return whole.formatted(.units(allowed: allUnits, width: .narrow).locale(locale))
    case .spelledOut:
      return whole.formatted(.units(allowed: allUnits, width: .wide).locale(locale))
    }
  }

  /// The same style in another locale (what SwiftUI's `Text(_:format:)` calls with the view's).
  public func locale(_ locale: Locale) -> CountdownFormatStyle {
    CountdownFormatStyle(style, locale: locale)
  }
}

extension FormatStyle where Self == CountdownFormatStyle {
  /// A remaining time as a clock face: `0:59`, `1:02:05`, `1d 02:03:04` (US English).
  public static var countdown: CountdownFormatStyle { CountdownFormatStyle() }

  /// A remaining time in `style`: ``RemainingTime/Style/clock``, ``RemainingTime/Style/units`` or
  /// ``RemainingTime/Style/spelledOut``.
  public static func countdown(_ style: RemainingTime.Style) -> CountdownFormatStyle {
    CountdownFormatStyle(style)
  }
}
