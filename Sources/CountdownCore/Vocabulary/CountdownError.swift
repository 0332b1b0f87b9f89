/// Why a countdown call was rejected.
///
/// A call that throws changes nothing: an existing countdown of the same receiver keeps running
/// exactly as before.
public enum CountdownError: Error, Hashable, Sendable {
  /// A countdown length below zero.
  case negativeDuration
  /// A number of seconds that is NaN or infinite.
  case nonFiniteValue
  /// An interval of zero or less, or a tolerance or end tolerance outside `0 < tolerance <= interval`.
  case invalidInterval
  /// A deadline or duration too far away to represent on the clock (beyond about 292 years).
  case outOfRange
  /// Options that cannot work together: only the end (``CountdownDeliveries/onlyTheEnd``) or
  /// milestones (``CountdownDeliveries/milestones(_:)``) of a count-up, which has no end and would
  /// never be called; overtime (``CountdownEnding/countsOvertime``) of a count-up or of a countdown
  /// not delivering every change, milestones included; time added to a count-up
  /// (``CountdownEngine/addTime(_:to:)``), which has no end to move; or an end tolerance below the
  /// per-countdown tolerance, within which every change, the end included, already comes.
  case invalidCombination
  /// A milestone (``CountdownDeliveries/milestones(_:)``) below zero; or, where a manager checks
  /// it, one that is not a whole number of intervals or lies beyond the countdown it is given to.
  case invalidMilestone
}
