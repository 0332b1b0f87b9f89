import CountdownCore
import CountdownProcessUsage
import Dispatch

/// The soak: N receivers on a Core engine with a ``ManualCountdownClock`` delivering on
/// the main queue (so each `advance` runs its tick inline on the calling, main, thread), a number
/// of ticks, then every receiver cancelled and the receivers and their handlers released; resident
/// memory at the baseline, at the peak and after the cancel.
///
/// Must be run on the main thread (XCTest runs test methods there).
struct SoakRun {
  let receivers: Int
  let ticks: Int
  let interval: Duration

  /// What the soak saw. Resident sizes are VmRSS in bytes after `malloc_trim` (`nil` without /proc).
  struct Report {
    var receivers: Int
    var ticks: Int
    var baseline: Int?
    /// Receivers allocated, nothing registered.
    var allocated: Int?
    var registered: Int?
    /// The largest of the readings taken after registering and every 10 ticks.
    var peak: Int?
    /// The kernel's high-water mark over the soak (VmHWM after a reset; not trimmed), if it could
    /// be reset.
    var highWaterMark: Int?
    /// Every receiver cancelled, receivers and handlers released, the engine still alive.
    var afterCancel: Int?
    /// The engine released too.
    var afterEngineReleased: Int?

    var registerNanoseconds = 0.0
    var tickNanoseconds = 0.0
    var cancelNanoseconds = 0.0
    var promptDeliveries = 0
    var tickDeliveries = 0
    /// Whether every receiver's slot holds the value of the last tick.
    var lastValuesRight = false
    var cancelledLive = 0
    var countAfterCancel = -1
    var deliveriesAfterCancel = -1
    var timerAfterCancel = true
    var engineDeallocated = false

    func render(title: String) -> String {
      func megabytes(_ bytes: Int?) -> String {
        bytes.map { ResultTable.fixed(Double($0) / 1_048_576, digits: 1) + " MiB" } ?? "n/a"
      }
      func perReceiver(_ high: Int?, _ low: Int?) -> String {
        guard let high, let low else { return "n/a" }
        return ResultTable.fixed(Double(high - low) / Double(receivers), digits: 1) + " B/receiver"
      }
      func returned(_ value: Int?) -> String {
        guard let value, let baseline else { return "n/a" }
        let ratio = Double(value) / Double(baseline)
        let verdict = ratio <= 1.1 ? "yes" : "NO"
        let percent = ResultTable.fixed(abs(ratio - 1) * 100, digits: 1)
        return "\(verdict) (\(percent) % \(ratio < 1 ? "below" : "above") the baseline)"
      }
      return """
        \(title)
          receivers \(ResultTable.format(count: receivers)), ticks \(ticks), prompt deliveries \(promptDeliveries), \
        tick deliveries \(tickDeliveries) (expected \(receivers * ticks)), last values right: \(lastValuesRight)
          register \(ResultTable.fixed(registerNanoseconds, digits: 1)) ns/op, tick \
        \(ResultTable.fixed(tickNanoseconds, digits: 2)) ns/receiver, cancel \
        \(ResultTable.fixed(cancelNanoseconds, digits: 1)) ns/op
          VmRSS baseline              \(megabytes(baseline))
          VmRSS receivers             \(megabytes(allocated))  (\(perReceiver(allocated, baseline)): the user's side)
          VmRSS registered            \(megabytes(registered))  (\(perReceiver(registered, allocated)): the engine and the handlers)
          VmRSS peak (sampled)        \(megabytes(peak))  (\(perReceiver(peak, baseline)) at peak, all included)
          VmHWM over the soak         \(megabytes(highWaterMark))  (\(perReceiver(highWaterMark, baseline)), untrimmed)
          VmRSS after cancel+release  \(megabytes(afterCancel))  engine alive; within 10 % of the baseline: \
        \(returned(afterCancel))
          VmRSS engine released       \(megabytes(afterEngineReleased))  within 10 % of the baseline: \
        \(returned(afterEngineReleased))
          after cancel: \(cancelledLive) cancels found their receiver, engine count \(countAfterCancel), \
        deliveries on the next tick \(deliveriesAfterCancel), timer armed after that tick: \(timerAfterCancel), \
        engine deallocated once released: \(engineDeallocated)
        """
    }
  }

  func run() throws -> Report {
    let n = receivers
    var report = Report(receivers: n, ticks: ticks)
    report.baseline = ProcessUsage.currentResidentBytes()
    let canResetPeak = ProcessUsage.resetPeakResident()
    var peak = report.baseline
    func sample() -> Int? {
      let resident = ProcessUsage.currentResidentBytes()
      if let resident { peak = max(peak ?? resident, resident) }
      return resident
    }

    let clock = ManualCountdownClock()
    weak var weakEngine: CountdownEngine?
    do {
      let engine = try CountdownEngine(interval: interval, clock: clock, deliveryQueue: .main)
      weakEngine = engine
      try soak(engine, clock: clock, report: &report, sample: sample)
      report.afterCancel = ProcessUsage.currentResidentBytes()

      // The cancel that emptied the table disarmed the timer (kept for a registration to come).
      let before = engine.statistics.deliveries
      try clock.advance(by: interval)
      report.deliveriesAfterCancel = Int(engine.statistics.deliveries - before)
      report.timerAfterCancel = clock.armedTimerCount > 0
    }
    report.engineDeallocated = weakEngine == nil
    report.afterEngineReleased = ProcessUsage.currentResidentBytes()
    report.peak = peak
    report.highWaterMark = canResetPeak ? ProcessUsage.peakResidentBytes() : nil
    return report
  }

  /// Allocates, registers (each handler made in the loop), ticks and cancels; the receivers are
  /// released when it returns.
  private func soak(
    _ engine: CountdownEngine, clock: ManualCountdownClock, report: inout Report, sample: () -> Int?
  ) throws {
    let n = receivers
    let receivers = BenchmarkReceiver.make(n)
    let slots = ValueSlots(count: n)
    report.allocated = sample()

    let deadline = try clock.now.exactlyAdvanced(by: .seconds(3600))
    let initial = Int(3600 * 1_000_000_000 / interval.nanosecondsSaturating)
    // On the main thread, the delivery queue, each registration makes its first delivery inside
    // the call: the register figure includes it.
    var before = engine.statistics.deliveries
    var start = ProcessProbe.now()
    for index in 0..<n {
      try engine.register(receivers[index], .deadline(deadline)) { value, _ in slots.store(value, at: index) }
    }
    report.registerNanoseconds = Double(ProcessProbe.now() - start) / Double(n)
    report.registered = sample()

    try clock.advance(by: .zero)
    report.promptDeliveries = Int(engine.statistics.deliveries - before)

    before = engine.statistics.deliveries
    var tickTime: Int64 = 0
    for tick in 1...ticks {
      start = ProcessProbe.now()
      try clock.advance(by: interval)
      tickTime += ProcessProbe.now() - start
      if tick % 10 == 0 || tick == ticks { _ = sample() }
    }
    report.tickDeliveries = Int(engine.statistics.deliveries - before)
    report.tickNanoseconds = Double(tickTime) / Double(max(report.tickDeliveries, 1))
    let expected = initial - ticks
    report.lastValuesRight = (0..<n).allSatisfy { slots[$0] == expected }

    start = ProcessProbe.now()
    var found = 0
    for receiver in receivers where engine.cancel(receiver) { found += 1 }
    report.cancelNanoseconds = Double(ProcessProbe.now() - start) / Double(n)
    report.cancelledLive = found
    report.countAfterCancel = engine.count
  }
}
