/// What a countdown does once its deadline has passed.
///
/// ```swift
/// try engine.register(delivery, .duration(.seconds(20 * 60)), pastTheEnd: .countsOvertime) { value, stop in
///   // On a per-minute engine: 20, 19, …, 1, 0 at the deadline, then −1 a minute after it, −2, …
/// }
/// ```
///
/// A struct with one static member per choice, rather than an enum, so that a minor release can
/// add a choice without breaking a `switch` in the app: compare with `==` and keep a `default`.
public struct CountdownEnding: Hashable, Sendable, CustomStringConvertible {
  private enum Choice: String, Hashable, Sendable {
    case stops, countsOvertime
  }

  private let choice: Choice

  private init(_ choice: Choice) {
    self.choice = choice
  }

  /// It ends with its final 0 (the default): one callback with 0 at the deadline, then nothing.
  public static let stops = CountdownEnding(Choice.stops)
  /// It counts on past its deadline: its 0 comes at the deadline as for ``stops``, as a value like
  /// any other (when no pass runs while it is due, the app suspended across the deadline, the next
  /// call brings the value of then, with no 0 before it: test `value <= 0`), then −1 once a
  /// whole interval has passed since the deadline, −2 after two, and so on, on the same grid as
  /// every other value (value = −⌊(t − deadline) ÷ interval⌋), until its handler sets `stop`, it is
  /// cancelled or it is replaced. Values stop moving at −(2⁵⁵ − 1) (−`Int.max` where `Int` has 32
  /// bits), as positive ones are bounded by the same magnitude. Only for
  /// a countdown delivering ``CountdownDeliveries/everyChange``: anything else is
  /// ``CountdownError/invalidCombination``.
  public static let countsOvertime = CountdownEnding(Choice.countsOvertime)

  /// The choice as its static member spells it: `"countsOvertime"`.
  public var description: String { choice.rawValue }
}
