public import Foundation

/// A remaining (or elapsed) time split into days, hours, minutes and seconds, and formatted with
/// Foundation's `Duration` format styles, so it follows the user's locale.
///
/// A fraction of a second always counts as a whole second: the parts and the text round the
/// duration **up** to whole seconds, the rule a countdown's callback follows for its whole
/// intervals. So 59.2 s left reads `1:00`, never `0:59`, and `RemainingTime(manager.remaining(for:
/// cell)!)` reads the same as `RemainingTime(seconds: remaining)` in the cell's callback at that
/// instant; neither ever shows less time than is left.
///
/// ```swift
/// // In US English:
/// RemainingTime(seconds: 59).formatted()            // "0:59"
/// RemainingTime(seconds: 3_725).formatted()         // "1:02:05"
/// RemainingTime(seconds: 93_784).formatted()        // "1d 02:03:04"
/// RemainingTime(seconds: 93_784).formatted(.units)  // "1d 2h 3m 4s"
/// ```
public struct RemainingTime: Hashable, Sendable, CustomStringConvertible {
  /// How to show a remaining time.
  public enum Style: Hashable, Sendable {
    /// A clock face: `0:59`, `1:02:05`, and with days `1d 02:03:04`.
    case clock
    /// Abbreviated units: `1d 2h 3m 4s`.
    case units
    /// Spelled-out units: `1 day, 2 hr, 3 min, 4 sec` (US English; British: `2 hrs`, `4 secs`).
    case spelledOut
  }

  /// The time as given, never negative (a negative input reads as zero); not yet rounded.
  public let duration: Duration

  /// Wraps a duration (negative ones become zero), such as ``CountdownManager/remaining(for:)``.
  public init(_ duration: Duration) {
    self.duration = max(duration, .zero)
  }

  /// Wraps a whole number of seconds, such as the `remaining` value of a 1-second manager.
  public init(seconds: Int) {
    self.init(.seconds(seconds))
  }

  /// The duration in whole seconds, rounded up.
  private var totalSeconds: Int64 {
    let (seconds, attoseconds) = duration.components
    return attoseconds > 0 && seconds < .max ? seconds + 1 : seconds
  }

  /// Whole days.
  public var days: Int { Int(clamping: totalSeconds / 86_400) }
  /// Hours past the whole days (0–23).
  public var hours: Int { Int(totalSeconds % 86_400 / 3_600) }
  /// Minutes past the whole hours (0–59).
  public var minutes: Int { Int(totalSeconds % 3_600 / 60) }
  /// Seconds past the whole minutes (0–59).
  public var seconds: Int { Int(totalSeconds % 60) }

  /// The time as text, in `locale`: the user's current one unless given (tests pin one).
  ///
  /// ```swift
  /// RemainingTime(seconds: 93_784).formatted(.spelledOut, locale: Locale(identifier: "de_DE"))
  /// // "1 Tg., 2 Std., 3 Min. und 4 Sek."
  /// ```
  public func formatted(_ style: Style = .clock, locale: Locale = .autoupdatingCurrent) -> String {
    let whole = Duration.seconds(totalSeconds)
    switch style {
    case .clock:
      if totalSeconds < 3_600 {
        return whole.formatted(.time(pattern: .minuteSecond).locale(locale))
      }
      if days == 0 {
        return whole.formatted(.time(pattern: .hourMinuteSecond).locale(locale))
      }
      let dayPart = Duration.seconds(Int64(days) * 86_400)
        .formatted(.units(allowed: [.days], width: .narrow).locale(locale))
      let rest = Duration.seconds(totalSeconds % 86_400)
      return dayPart + " " + rest.formatted(.time(pattern: .hourMinuteSecond(padHourToLength: 2)).locale(locale))
    case .units:
      return whole.formatted(.units(allowed: [.days, .hours, .minutes, .seconds], width: .narrow).locale(locale))
    case .spelledOut:
      return whole.formatted(.units(allowed: [.days, .hours, .minutes, .seconds], width: .abbreviated).locale(locale))
    }
  }

  /// The ``Style/clock`` formatting.
  public var description: String { formatted() }
}
