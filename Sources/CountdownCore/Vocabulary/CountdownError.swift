/// Why a countdown call was rejected.
///
/// A call that throws changes nothing: an existing countdown of the same receiver keeps running
/// exactly as before.
///
/// ```swift
/// Task {  // or a SwiftUI action, or any other closure
///   do throws(CountdownError) {
///     try manager.start(id: "bake", for: .seconds(-5)) { _, _, _ in }
///   } catch .negativeDuration {
///     // a length below zero
///   } catch {
///     // any other reason, including ones a later release adds
///   }
/// }
/// ```
///
/// Write `do throws(CountdownError)`: a plain `do` takes its error's type from its `try`s only in a
/// function's own body; in a closure (a `Task`, a SwiftUI action, `MainActor.assumeIsolated`) its
/// error is `any Error`, where `catch .negativeDuration` does not compile (catch `let error as
/// CountdownError` there instead).
///
/// A struct with one static member per reason, rather than an enum, so that a minor release can
/// add a reason without breaking a `switch` in the app: compare with `==` or match with `case
/// .outOfRange`, and keep a `default`.
public struct CountdownError: Error, Hashable, Sendable, CustomStringConvertible {
  private enum Code: String, Hashable, Sendable {
    case negativeDuration, nonFiniteValue, invalidInterval, outOfRange, invalidCombination, invalidMilestone
    case emptyPlan, zeroDuration, invalidRepetition, unreachablePhases
  }

  private let code: Code

  private init(_ code: Code) {
    self.code = code
  }

  /// A countdown length below zero.
  public static let negativeDuration = CountdownError(.negativeDuration)
  /// A number of seconds that is NaN or infinite.
  public static let nonFiniteValue = CountdownError(.nonFiniteValue)
  /// An interval of zero or less, or a tolerance or end tolerance outside `0 < tolerance <= interval`.
  public static let invalidInterval = CountdownError(.invalidInterval)
  /// A deadline or duration too far away to represent on the clock (beyond about 292 years).
  public static let outOfRange = CountdownError(.outOfRange)
  /// Options that cannot work together: only the end (``CountdownDeliveries/onlyTheEnd``) or
  /// milestones (``CountdownDeliveries/milestones(_:)``) of a count-up, which has no end and would
  /// never be called; overtime (``CountdownEnding/countsOvertime``) of a count-up or of a countdown
  /// not delivering every change, milestones included; time added to a count-up
  /// (``CountdownEngine/addTime(_:to:)``), which has no end to move; or an end tolerance below the
  /// per-countdown tolerance, within which every change, the end included, already comes.
  public static let invalidCombination = CountdownError(.invalidCombination)
  /// A milestone (``CountdownDeliveries/milestones(_:)``) below zero; or, where a manager checks
  /// it, one that is not a whole number of intervals or lies beyond the countdown it is given to.
  public static let invalidMilestone = CountdownError(.invalidMilestone)
  /// A plan of phases with nothing to run: no phase at all, or a block of it without phases.
  public static let emptyPlan = CountdownError(.emptyPlan)
  /// A phase of a plan, or a block's total time, of zero: it would end as it starts.
  public static let zeroDuration = CountdownError(.zeroDuration)
  /// A block of a plan repeated zero or fewer times, or with a long break every zero or fewer
  /// cycles.
  public static let invalidRepetition = CountdownError(.invalidRepetition)
  /// Phases a plan never reaches: a block or a cool-down after a block repeated forever.
  public static let unreachablePhases = CountdownError(.unreachablePhases)

  /// The reason's name, as its static member spells it: `"outOfRange"`.
  public var description: String { code.rawValue }
}
