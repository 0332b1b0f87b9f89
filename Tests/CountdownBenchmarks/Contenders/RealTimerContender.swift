/// One way of running N countdowns on real timers at 100 Hz, measured over a fixed wall window.
///
/// To add an alternative (the lead's CountdownKit end-to-end row, on the main actor, is the next
/// one), write a type conforming to this protocol and add it to
/// ``ComparisonRun/realTimerContenders()``. A contender that delivers on the main queue must spin
/// the main run loop while it waits instead of sleeping the thread.
protocol RealTimerContender {
  /// The text of the table's "alternative" column.
  var label: String { get }
  /// The largest N this alternative is run at; larger N are printed as "capped".
  var maxReceivers: Int { get }
  /// Starts `plan.receivers` countdowns, runs them for the warmup, measures the window (not before
  /// their first callback, waited for at most ``WindowPlan/firstCallbackTimeoutNanoseconds``), stops
  /// them and frees them. The sample's ``WindowSample/callbacksInRun`` counts the timer's callbacks
  /// of the whole run, not a first value a registration delivers: the comparison's check that the
  /// contender ran.
  func run(_ plan: WindowPlan) throws -> WindowSample
}
