public import Foundation

/// A remaining (or elapsed) time split into days, hours, minutes and seconds, and formatted with
/// ``CountdownFormatStyle`` (built on Foundation's `Duration` format styles), so it follows the
/// user's locale.
///
/// A fraction of a second always counts as a whole second: the parts and the text round the
/// duration **up** to whole seconds, the rule a countdown's callback follows for its whole
/// intervals. So 59.2 s left reads `1:00`, never `0:59`, and `RemainingTime(manager.timeLeft(for:
/// cell)!)` reads the same as `RemainingTime(seconds: remaining)` in the cell's callback at that
/// instant; neither ever shows less time than is left.
///
/// ```swift
/// // In US English:
/// RemainingTime(seconds: 59).formatted()            // "0:59"
/// RemainingTime(seconds: 3_725).formatted()         // "1:02:05"
/// RemainingTime(seconds: 93_784).formatted()        // "1d 02:03:04"
/// RemainingTime(seconds: 93_784).formatted(.units)  // "1d 2h 3m 4s"
/// RemainingTime(seconds: 93_784).formatted(.countdown(.spelledOut))  // "1 day, 2 hours, 3 minutes, 4 seconds"
/// ```
public struct RemainingTime: Hashable, Sendable, CustomStringConvertible {
  /// How to show a remaining time.
  public enum Style: Hashable, Sendable, Codable {
    /// A clock face: `0:59`, `1:02:05`, and with days `1d 02:03:04`.
    case clock
    /// Abbreviated units: `1d 2h 3m 4s`.
    case units
    /// Spelled-out units: `1 day, 2 hours, 3 minutes, 4 seconds` (US English).
    case spelledOut
  }

  /// The time as given, never negative (a negative input reads as zero); not yet rounded.
  public let duration: Duration

  /// Wraps a duration (negative ones become zero), such as ``CountdownManager/timeLeft(for:)``.
  public init(_ duration: Duration) {
    self.duration = max(duration, .zero)
  }

  /// Wraps a whole number of seconds, such as the `remaining` value of a 1-second manager.
  public init(seconds: Int) {
    self.init(.seconds(seconds))
  }

  /// The duration in whole seconds, rounded up.
  var wholeSeconds: Int64 {
    let (seconds, attoseconds) = duration.components
    return attoseconds > 0 && seconds < .max ? seconds + 1 : seconds
  }

  /// Whole days.
  public var days: Int { Int(clamping: wholeSeconds / 86_400) }
  /// Hours past the whole days (0–23).
  public var hours: Int { Int(wholeSeconds % 86_400 / 3_600) }
  /// Minutes past the whole hours (0–59).
  public var minutes: Int { Int(wholeSeconds % 3_600 / 60) }
  /// Seconds past the whole minutes (0–59).
  public var seconds: Int { Int(wholeSeconds % 60) }

  /// The time as text in `style`, in `locale`: the user's current one unless given (tests pin one).
  ///
  /// ```swift
  /// RemainingTime(seconds: 93_784).formatted(.spelledOut, locale: Locale(identifier: "de_DE"))
  /// // "1 Tag, 2 Stunden, 3 Minuten und 4 Sekunden"
  /// ```
  ///
  /// The same text as `formatted(CountdownFormatStyle(style, locale: locale))`.
  public func formatted(_ style: Style = .clock, locale: Locale = .autoupdatingCurrent) -> String {
    CountdownFormatStyle(style, locale: locale).format(self)
  }

  /// The time formatted by a format style, such as ``CountdownFormatStyle``:
  ///
  /// ```swift
  /// remaining.formatted(.countdown(.spelledOut))
  /// ```
  public func formatted<Format: FormatStyle>(_ format: Format) -> Format.FormatOutput
  where Format.FormatInput == RemainingTime {
    format.format(self)
  }

  /// The ``Style/clock`` formatting.
  public var description: String { formatted() }
}
