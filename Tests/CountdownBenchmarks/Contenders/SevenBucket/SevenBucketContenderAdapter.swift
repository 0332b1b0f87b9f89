/// Lets an already filled F take part where a ``RealTimerContender`` is expected.
struct SevenBucketContenderAdapter: RealTimerContender {
  let run: SevenBucketRun
  var label: String { SevenBucketRun.label }
  var maxReceivers: Int { .max }

  func run(_ plan: WindowPlan) throws -> WindowSample {
    run.window(plan)
  }
}
