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
///
/// A negative time is a countdown in overtime (``CountdownCore/CountdownEnding/countsOvertime``):
/// it rounds up too, toward zero (1.5 s late reads as 1 s late, as the callback's `-1`), its parts
/// are those of its magnitude, ``isOvertime`` says it is late, and every style writes the
/// magnitude after a minus sign (U+2212): `−0:05`, `−5s`, `−5 seconds`.
public struct RemainingTime: Hashable, Sendable, CustomStringConvertible {
  /// How to show a remaining time.
  ///
  /// A struct with one static member per style, rather than an enum, so that a minor release can
  /// add a style without breaking a `switch` in the app. Encoded as its name (`"clock"`), and
  /// printed as it (`print(RemainingTime.Style.clock)` writes `clock`).
  public struct Style: Hashable, Sendable, Codable, CustomStringConvertible {
    enum Layout: String, Hashable, Sendable, Codable {
      case clock, units, spelledOut
    }

    let layout: Layout

    private init(_ layout: Layout) {
      self.layout = layout
    }

    /// A clock face: `0:59`, `1:02:05`, and with days `1d 02:03:04`.
    public static let clock = Style(.clock)
    /// Abbreviated units: `1d 2h 3m 4s`.
    public static let units = Style(.units)
    /// Spelled-out units: `1 day, 2 hours, 3 minutes, 4 seconds` (US English).
    public static let spelledOut = Style(.spelledOut)

    /// The style as its static member spells it: `"clock"`, `"units"`, `"spelledOut"`.
    public var description: String { layout.rawValue }

    /// Decodes a style from its name.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a name this version does not know.
    public init(from decoder: any Decoder) throws {
      self.init(try Layout(from: decoder))
    }

    /// Encodes the style as its name.
    public func encode(to encoder: any Encoder) throws {
      try layout.encode(to: encoder)
    }
  }

  /// The time as given, not yet rounded; negative past a deadline (overtime).
  public let duration: Duration

  /// Wraps a duration, such as ``CountdownManager/timeLeft(for:)``; negative for a countdown in
  /// overtime.
  public init(_ duration: Duration) {
    self.duration = duration
  }

  /// Wraps a whole number of seconds, such as the `remaining` value of a 1-second manager
  /// (negative in overtime).
  public init(seconds: Int) {
    self.init(.seconds(seconds))
  }

  /// Whether the time is negative by a whole second or more, rounded up as the text is: a countdown
  /// in overtime (``CountdownCore/CountdownEnding/countsOvertime``) a whole second past its
  /// deadline.
  public var isOvertime: Bool { wholeSeconds < 0 }

  /// The duration in whole seconds, rounded up (toward zero for a negative one: a Duration's
  /// components share its sign).
  var wholeSeconds: Int64 {
    let (seconds, attoseconds) = duration.clampedComponents
    return attoseconds > 0 && seconds < .max ? seconds + 1 : seconds
  }

  /// ``wholeSeconds`` without its sign: what the parts and the texts show.
  var magnitudeSeconds: Int64 {
    let whole = wholeSeconds
    return whole == .min ? .max : abs(whole)
  }

  /// Whole days (of the magnitude, for a negative time).
  public var days: Int { Int(clamping: magnitudeSeconds / 86_400) }
  /// Hours past the whole days (0–23).
  public var hours: Int { Int(magnitudeSeconds % 86_400 / 3_600) }
  /// Minutes past the whole hours (0–59).
  public var minutes: Int { Int(magnitudeSeconds % 3_600 / 60) }
  /// Seconds past the whole minutes (0–59).
  public var seconds: Int { Int(magnitudeSeconds % 60) }

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
