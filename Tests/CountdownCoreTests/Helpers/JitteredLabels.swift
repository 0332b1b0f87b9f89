import CountdownCore

/// Labels on a jittered 100 ms engine (``makeJitteredEngine(interval:seed:)``), each a 60 s
/// countdown whose values `recorder` keeps under its name: "first", whose registration made the
/// timer and set the grid's phase, then "r0", "r1", … registered after it, microseconds apart.
struct JitteredLabels {
  let engine: CountdownEngine
  let clock: ManualCountdownClock
  let first = Receiver("first")
  /// The labels registered after the first, in order.
  let labels: [Receiver]

  init(count: Int, seed: UInt64, recorder: Recorder) throws {
    (engine, clock) = try makeJitteredEngine(interval: .milliseconds(100), seed: seed)
    labels = (0..<count).map { Receiver("r\($0)") }
    for receiver in [first] + labels {
      try engine.register(receiver, .duration(.seconds(60)), handler: recorder.handler(receiver.name))
    }
  }
}
