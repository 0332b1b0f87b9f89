import Foundation

/// Sizes and windows of one benchmark run.
///
/// Plain `swift test` (debug, CI, also under the Thread Sanitizer) runs a small smoke size that
/// exercises every alternative in a few seconds. `COUNTDOWN_BENCHMARKS=full` selects the real run:
///
///     COUNTDOWN_BENCHMARKS=full swift test -c release --filter CountdownBenchmarks
struct BenchmarkConfiguration: Sendable {
  /// Which build the figures come from, for every table's title.
  static var build: String {
    #if DEBUG
      "debug build: figures are not representative"
    #else
      "release build"
    #endif
  }

  /// Whether this is the full run (release, 10³ to 10⁶ receivers).
  var isFull: Bool
  /// How many times the whole comparison runs; the table shows each figure's median and
  /// [min–max]. `COUNTDOWN_BENCHMARK_RUNS` overrides it;
  /// `COUNTDOWN_BENCHMARK_SIZES` overrides ``sizes``.
  var runs: Int
  /// How many rounds the engine-beside-engine benchmarks (alignment, milestones, snapshots, one-shot
  /// churn) take the median of: three in the full run, one in the smoke, whose figures mean nothing
  /// and whose every round checks the same things.
  var rounds = 3
  /// The receiver counts N of the table.
  var sizes: [Int]
  /// The countdown step: 10 ms, a 100 Hz tick.
  var interval: Duration = .milliseconds(10)
  /// Time the real timers run before the measured window starts.
  var warmup: Duration
  /// The measured wall window for CPU per callback and tick rate.
  var window: Duration
  /// The N of the `measure` blocks ("tick at 10⁵", "register+cancel at 10⁵").
  var hotPathSize: Int
  /// Receiver-callbacks per tick-cost sample (N × ticks); more ticks at small N.
  var tickCostWork: Int
  /// How many times ours fills an empty engine to N and cancels it all again: register and cancel
  /// report the median (the first fill also gives the memory and tick figures). On a shared machine
  /// one fill can be slowed 2× by another process; the median of three is not.
  var registerRounds = 3
  /// How many registrations and cancels are timed one by one while the engine ticks.
  var whileTickingOperations: Int
  /// The soak: receivers registered on a manual-clock engine, and the ticks they run.
  var soakReceivers: Int
  var soakTicks: Int
  /// The receivers of the spread measurement, and the ticks whose deliveries it times.
  var spreadReceivers = 1_000
  var spreadTicks = 20...29

  /// The largest N each slow alternative is run at; larger N print "capped".
  var dispatchTimerCap = 100_000
  var foundationTimerCap = 10_000
  var taskSleepCap = 100_000
  /// The 7-bucket port inserts in O(N / 7): filling it takes minutes at 10⁵ and hours at 10⁶.
  var sevenBucketCap = 30_000
  /// The Kit manager end to end (main actor) runs at every N.
  var kitManagerCap = 1_000_000

  static let full = BenchmarkConfiguration(
    isFull: true, runs: 3, sizes: [1_000, 10_000, 100_000, 1_000_000], warmup: .milliseconds(300),
    window: .seconds(1), hotPathSize: 100_000, tickCostWork: 4_000_000, whileTickingOperations: 10_000,
    soakReceivers: 1_000_000, soakTicks: 60)

  /// Every alternative and every check of the full run, at sizes small enough for a debug build
  /// with internal checks (which walk the engine's table after every change) to take seconds:
  /// N = 10², windows of 50 ms, the spread over ticks 2–3.
  static let smoke: BenchmarkConfiguration = {
    var smoke = BenchmarkConfiguration(
      isFull: false, runs: 1, sizes: [100], warmup: .milliseconds(20), window: .milliseconds(50),
      hotPathSize: 100, tickCostWork: 2_000, whileTickingOperations: 50,
      soakReceivers: 250, soakTicks: 5)
    smoke.rounds = 1
    smoke.spreadReceivers = 100
    smoke.spreadTicks = 2...3
    return smoke
  }()

  /// `full` when the environment says `COUNTDOWN_BENCHMARKS=full`, else `smoke`.
  static var current: BenchmarkConfiguration {
    let environment = ProcessInfo.processInfo.environment
    var configuration = environment["COUNTDOWN_BENCHMARKS"] == "full" ? full : smoke
    if let runs = environment["COUNTDOWN_BENCHMARK_RUNS"].flatMap(Int.init), runs > 0 {
      configuration.runs = runs
    }
    // A comma-separated subset of N (e.g. `100000,1000000`), to compare two builds at the sizes
    // that matter in less time.
    if let sizes = environment["COUNTDOWN_BENCHMARK_SIZES"]?.split(separator: ",").compactMap({ Int($0) }),
      !sizes.isEmpty
    {
      configuration.sizes = sizes
    }
    return configuration
  }
}
