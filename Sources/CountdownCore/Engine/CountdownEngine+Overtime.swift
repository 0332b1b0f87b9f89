// Counting on past the deadline (``CountdownEnding/countsOvertime``): what a registration may ask
// for. The arithmetic lives in `CountdownTiming`; the engine's passes treat an overtime countdown
// as any other running one, whose value keeps changing after its 0.

extension CountdownEngine {
  /// Checks that `ending` goes with the rest of a registration, before anything changes: overtime
  /// needs a countdown (a count-up has no end to pass) that delivers every change (negative values
  /// are changes; a countdown that delivers only its end has nothing to deliver after it).
  static func validate(
    _ ending: CountdownEnding, target: CountdownTarget, deliveries: CountdownDeliveries
  ) throws(CountdownError) {
    guard ending == .countsOvertime else { return }
    if case .countingUp = target { throw .invalidCombination }
    guard deliveries == .everyChange else { throw .invalidCombination }
  }
}
