public import CountdownCore

extension CountdownManager {
  /// Milestones given as times left, for ``CountdownCore/CountdownDeliveries/milestones(_:)``,
  /// which counts them in this manager's intervals.
  ///
  /// ```swift
  /// // Warn at 10 minutes, turn red at 60 s, buzz at 10 s; and the end.
  /// try manager.start(
  ///   id: "exam", for: .seconds(7_200),
  ///   delivering: manager.milestones([.seconds(600), .seconds(60), .seconds(10)])
  /// ) { _, left, _ in exam.reached(left) }
  /// ```
  /// - Throws: ``CountdownCore/CountdownError/invalidMilestone`` for a time below zero or not a
  ///   whole number of intervals.
  public func milestones(_ times: Set<Duration>) throws(CountdownError) -> CountdownDeliveries {
    try .milestones(Self.intervals(of: times, interval: engine.interval))
  }

  /// `times`, each a whole number of `interval`s, counted in them.
  /// - Throws: ``CountdownCore/CountdownError/invalidMilestone`` for a time below zero or between
  ///   two intervals.
  static func intervals(of times: Set<Duration>, interval: Duration) throws(CountdownError) -> Set<Int> {
    let interval = interval.nanosecondsSaturating
    var values = Set<Int>()
    for time in times {
      guard time >= .zero, let nanoseconds = try? time.countdownNanoseconds(), Duration.nanoseconds(nanoseconds) == time,
        nanoseconds % interval == 0, let value = Int(exactly: nanoseconds / interval)
      else { throw .invalidMilestone }
      values.insert(value)
    }
    return values
  }

  /// Checks the milestones of a countdown for `target`: none below zero, and, for a duration the
  /// app chose, none beyond it (its instant would come before the start). A deadline's milestones
  /// already passed are not checked: they are not delivered, as the engine does.
  func checkMilestones(_ deliveries: CountdownDeliveries, for target: CountdownTarget) throws(CountdownError) {
    guard let values = deliveries.milestones else { return }
    guard values.allSatisfy({ $0 >= 0 }) else { throw .invalidMilestone }
    guard case .duration(let duration) = target, duration >= .zero else { return }
    let length = duration.nanosecondsSaturating
    let interval = engine.interval.nanosecondsSaturating
    for value in values {
      let (time, overflow) = Int64(value).multipliedReportingOverflow(by: interval)
      guard !overflow, time <= length else { throw .invalidMilestone }
    }
  }
}
