/// What a registration asks for, checked before the engine's lock; the state makes the
/// registration's timing from it under the lock (``timing(at:interval:)``).
package struct RegistrationRequest: Sendable {
  package let target: CountdownTarget
  package let policy: SuspensionPolicy
  /// It asked for ``CountdownDeliveries/onlyTheEnd``. The deliveries themselves are not kept: the
  /// request's copies and its destruction stay trivial but for `milestones`.
  let deliversOnlyTheEnd: Bool
  package let ending: CountdownEnding
  /// The milestones the deliveries asked for, checked: `nil` unless
  /// ``CountdownDeliveries/milestones(_:)``.
  let milestones: MilestoneList?

  /// A request for `target`, checked: nothing has changed yet when it throws.
  ///
  /// - Throws: ``CountdownError/invalidCombination`` for only the end or milestones of a count-up
  ///   (which has no end), or overtime of a count-up or with anything but every change;
  ///   ``CountdownError/invalidMilestone`` for a milestone below zero.
  package init(
    _ target: CountdownTarget, whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange, pastTheEnd ending: CountdownEnding = .stops
  ) throws(CountdownError) {
    if case .countingUp = target, !deliveries.isEveryChange { throw .invalidCombination }
    // Overtime needs a countdown (a count-up has no end to pass) that delivers every change (one
    // that delivers only its end has nothing to deliver after it).
    if ending == .countsOvertime {
      if case .countingUp = target { throw .invalidCombination }
      guard deliveries.isEveryChange else { throw .invalidCombination }
    }
    if let values = deliveries.milestones {
      guard values.allSatisfy({ $0 >= 0 }) else { throw .invalidMilestone }
      milestones = MilestoneList(values)
    } else {
      milestones = nil
    }
    self.target = target
    self.policy = policy
    deliversOnlyTheEnd = deliveries.isOnlyTheEnd
    self.ending = ending
  }

  /// The timing of a new registration for this request at clock instant `now`, on the clock's
  /// own time, its milestones not planned yet: pure arithmetic, run under the engine's lock.
  /// - Throws: ``CountdownError/negativeDuration`` for a duration below zero,
  ///   ``CountdownError/outOfRange`` for a deadline or value that does not fit.
  func timing(at now: Int64, interval: Int64) throws(CountdownError) -> CountdownTiming {
    var timing: CountdownTiming
    switch target {
    case .duration(let duration):
      guard duration >= .zero else { throw .negativeDuration }
      let length = try duration.countdownNanoseconds()
      let (deadline, overflow) = now.addingReportingOverflow(length)
      guard !overflow else { throw .outOfRange }
      timing = CountdownTiming(countdownTo: deadline, policy: policy)
    case .deadline(let instant):
      timing = CountdownTiming(countdownTo: instant.nanosecondsSinceOrigin, policy: policy)
    case .countingUp:
      timing = CountdownTiming(countingUpFrom: now, policy: policy)
    }
    guard timing.valueFits(at: now, interval: interval) else { throw .outOfRange }
    // Only the end: silent until its deadline, unless that has passed already (then its 0 is its
    // first delivery).
    if deliversOnlyTheEnd, timing.deadlineOrStart > now {
      timing.deliverOnlyTheEnd()
    }
    // Checked in `init`: a countdown delivering every change.
    if ending == .countsOvertime { timing.countOvertime() }
    return timing
  }
}
