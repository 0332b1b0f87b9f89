/// What a contender saw in its window.
struct WindowSample {
  var callbacks: Int
  /// The callbacks of the whole run, from setup to the window's end (the warm-up, and the wait for
  /// the first one, included): above 0 when the contender ran at all, however starved the window.
  var callbacksInRun: Int
  var cpuNanoseconds: Int64
  var wallNanoseconds: Int64
  /// Time to create the N countdowns.
  var setupNanoseconds: Int64
  /// How far apart the stamped ticks' deliveries were.
  var spread: (median: Int, worst: Int, completeTicks: Int, reached: Int)?

  var cpuPerCallback: Double? {
    callbacks > 0 ? Double(cpuNanoseconds) / Double(callbacks) : nil
  }

  /// Deliveries per countdown per second: 100 when every countdown keeps the 100 Hz pace.
  func tickRate(receivers: Int) -> Double {
    wallNanoseconds > 0 ? Double(callbacks) / Double(receivers) / (Double(wallNanoseconds) / 1e9) : 0
  }
}
