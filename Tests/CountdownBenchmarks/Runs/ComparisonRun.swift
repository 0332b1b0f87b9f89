import CountdownCore
import CountdownProcessUsage

/// Runs every alternative side by side at every N and fills the one ``ResultTable``.
///
/// Each figure is measured in its own phase, one alternative after the other, so the two cores
/// are never shared between two alternatives.
struct ComparisonRun {
  let configuration: BenchmarkConfiguration
  private(set) var table = ResultTable()
  /// Sanity facts for the test to assert (never speeds).
  private(set) var sanity: [String: Int] = [:]

  init(_ configuration: BenchmarkConfiguration) {
    self.configuration = configuration
  }

  /// The alternatives measured on real timers over the wall window, ours first.
  ///
  /// The CountdownKit manager end to end (main actor) comes right after the Core engine.
  func realTimerContenders() -> [any RealTimerContender] {
    [
      OursEngineContender(whileTickingOperations: configuration.whileTickingOperations),
      KitManagerContender(maxReceivers: configuration.kitManagerCap),
      DenseArrayContender<DenseArrayTunedTimer>(label: ResultTable.tuned),
      DenseArrayContender<DenseArrayWeakTunedTimer>(label: ResultTable.tunedWeak),
      DenseArrayContender<DenseArrayOutsideLockTimer>(label: ResultTable.tunedOutside),
      DenseArrayContender<DenseArrayTimer<DenseArrayKeyOnly>>(label: ResultTable.naive),
      DispatchTimerContender(maxReceivers: configuration.dispatchTimerCap),
      FoundationTimerContender(maxReceivers: configuration.foundationTimerCap),
      TaskSleepContender(maxReceivers: configuration.taskSleepCap),
    ]
  }

  mutating func runAll(log: (String) -> Void) throws {
    // Memory, register, cancel and the tick alone first, at every N, in a heap that no real-timer
    // alternative has churned (memory it freed absorbed later growth: 0 to 50 B per receiver at
    // 10^3 and 10^4). Then the spread, before the other real timers: after A's thousands of
    // dispatch timers or C's tasks had run (even once cancelled and freed), a pass of 1 000
    // callbacks measured 1.5–3× slower here, ours as the others'.
    try warmUp()
    for n in configuration.sizes {
      try runWithoutTimer(n, log: log)
    }
    try runSpread(log: log)
    for n in configuration.sizes {
      try runRealTimers(n, log: log)
    }
  }

  /// Runs ours' register, tick and cancel once on a few receivers, so that the first figures do
  /// not include the process's first use of those code paths (symbol binding, first page faults).
  /// Few enough that the heap they free does not absorb the first memory figure's growth.
  private func warmUp() throws {
    let run = try OursManualRun(receivers: 16, interval: configuration.interval)
    _ = try run.registerAll()
    _ = try run.flushPromptDeliveries()
    _ = try run.tickCost(ticks: 2)
    _ = run.cancelAll()
  }

  /// Register, tick alone, cancel and resident bytes: ours on the manual clock, H and F driven
  /// directly, G.
  private mutating func runWithoutTimer(_ n: Int, log: (String) -> Void) throws {
    let ticks = max(5, configuration.tickCostWork / n)
    try runOursOnTheManualClock(n, ticks: ticks, log: log)
    runDenseArray(DenseArrayTunedTimer.self, ResultTable.tuned, n, ticks: ticks, log: log)
    runDenseArray(DenseArrayWeakTunedTimer.self, ResultTable.tunedWeak, n, ticks: ticks, log: log)
    runDenseArray(DenseArrayOutsideLockTimer.self, ResultTable.tunedOutside, n, ticks: ticks, log: log)
    runDenseArray(DenseArrayTimer<DenseArrayKeyOnly>.self, ResultTable.naive, n, ticks: ticks, log: log)
    runDenseArray(DenseArrayTimer<DenseArrayWeakReceiver>.self, ResultTable.naiveWeak, n, ticks: ticks, log: log)
    try runSevenBucket(n, ticks: ticks, log: log)
    log("G, closure loop, N = \(n)")
    let loop = ClosureLoop(receivers: n)
    table.add(.tickCost, "G: bare closure loop (retains per call)", n, loop.tickCost(ticks: ticks))
    sanity["G checksum at \(n)"] = loop.checksum
  }

  /// Ours: register, prompt deliveries, tick cost and cancel on the manual clock, and the resident
  /// bytes a registration adds.
  private mutating func runOursOnTheManualClock(_ n: Int, ticks: Int, log: (String) -> Void) throws {
    log("ours, manual clock, N = \(n)")
    let residentBefore = ProcessUsage.currentResidentBytes()
    let ours = try OursManualRun(receivers: n, interval: configuration.interval)
    let residentWithReceivers = ProcessUsage.currentResidentBytes()
    let register = try ours.registerAll()
    let promptDeliveries = try ours.flushPromptDeliveries()
    let residentRegistered = ProcessUsage.currentResidentBytes()
    let (tickCost, tickCallbacks) = try ours.tickCost(ticks: ticks)
    var registers = [register]
    var cancels = [ours.cancelAll()]
    for _ in 1..<configuration.registerRounds {
      registers.append(try ours.registerAll())
      _ = try ours.flushPromptDeliveries()
      cancels.append(ours.cancelAll())
    }
    sanity["ours prompt deliveries at \(n)"] = promptDeliveries
    sanity["ours tick callbacks at \(n)"] = tickCallbacks
    addFills(ResultTable.ours, n, registers: registers, cancels: cancels, how: "manual clock, no ticks")
    table.add(
      .tickCost, ResultTable.ours, n, tickCost,
      note: "ManualCountdownClock.advance, \(ticks) ticks, \(tickCallbacks) callbacks")
    addResident(
      ResultTable.ours, n, before: residentBefore, withReceivers: residentWithReceivers, registered: residentRegistered)
  }

  /// A dense-array design (H tuned, H+W tuned, H+W+O tuned, H naive or H+W): register, the tick called directly, cancel,
  /// and resident bytes.
  private mutating func runDenseArray<Design: DenseArrayDesign>(
    _ design: Design.Type, _ label: String, _ n: Int, ticks: Int, log: (String) -> Void
  ) {
    log("\(label), N = \(n)")
    let residentBefore = ProcessUsage.currentResidentBytes()
    let dense = DenseArrayRun<Design>(receivers: n)
    let residentWithReceivers = ProcessUsage.currentResidentBytes()
    var registers = [dense.registerAll()]
    let residentRegistered = ProcessUsage.currentResidentBytes()
    table.add(.tickCost, label, n, dense.tickCost(ticks: ticks), note: "tick function called directly")
    var cancels = [dense.cancelAll()]
    for _ in 1..<configuration.registerRounds {
      registers.append(dense.registerAll())
      cancels.append(dense.cancelAll())
    }
    sanity["\(label) checksum at \(n)"] = dense.checksum
    addFills(label, n, registers: registers, cancels: cancels, how: "no timer")
    addResident(label, n, before: residentBefore, withReceivers: residentWithReceivers, registered: residentRegistered)
  }

  /// F, the 7-bucket port: its real-timer window runs here too, so that it is filled only once.
  private mutating func runSevenBucket(_ n: Int, ticks: Int, log: (String) -> Void) throws {
    if n <= configuration.sevenBucketCap {
      log("F, 7-bucket port, N = \(n)")
      let seven = SevenBucketRun(receivers: n, interval: configuration.interval)
      let residentWithReceivers = ProcessUsage.currentResidentBytes()
      table.add(.register, SevenBucketRun.label, n, seven.registerAll(), note: "quadratic: chain walk on insert")
      let residentRegistered = ProcessUsage.currentResidentBytes()
      sanity["F registered at \(n)"] = seven.count
      if let residentWithReceivers, let residentRegistered {
        table.add(
          .residentBytes, SevenBucketRun.label, n, Double(residentRegistered - residentWithReceivers) / Double(n))
      }
      table.add(.tickCost, SevenBucketRun.label, n, seven.tickCost(ticks: ticks), note: "tick function called directly")
      try runRealTimer(SevenBucketContenderAdapter(run: seven), n, log: log)
      table.add(.cancel, SevenBucketRun.label, n, seven.cancelAll(), note: "lookup + unlink")
    } else {
      let note =
        "capped: F runs up to \(ResultTable.format(count: configuration.sevenBucketCap)) "
        + "(quadratic insert: filling 10^5 takes minutes)"
      for metric in [ResultTable.Metric.register, .cancel, .tickCost, .residentBytes, .cpuPerCallback, .tickRate] {
        table.add(metric, SevenBucketRun.label, n, nil, note: note)
      }
    }
  }

  private mutating func runRealTimers(_ n: Int, log: (String) -> Void) throws {
    for contender in realTimerContenders() {
      try runRealTimer(contender, n, log: log)
    }
  }

  private mutating func runRealTimer(
    _ contender: any RealTimerContender, _ n: Int, log: (String) -> Void
  ) throws {
    guard n <= contender.maxReceivers else {
      let note = "capped: runs up to \(ResultTable.format(count: contender.maxReceivers))"
      table.add(.cpuPerCallback, contender.label, n, nil, note: note)
      table.add(.tickRate, contender.label, n, nil, note: note)
      return
    }
    log("\(contender.label), real timer, N = \(n)")
    let plan = WindowPlan(
      receivers: n, interval: configuration.interval,
      warmupNanoseconds: configuration.warmup.nanosecondsSaturating,
      windowNanoseconds: configuration.window.nanosecondsSaturating, stampedTicks: nil)
    let sample = try contender.run(plan)
    sanity["\(contender.label) callbacks at \(n)"] = Self.callbacksShowingItRan(sample)
    let setup = "setup \(Self.milliseconds(sample.setupNanoseconds)) ms"
    table.add(
      .cpuPerCallback, contender.label, n, sample.cpuPerCallback,
      note:
        "\(sample.callbacks) callbacks in \(Self.milliseconds(sample.wallNanoseconds)) ms, CPU \(Self.milliseconds(sample.cpuNanoseconds)) ms"
    )
    var rateNote = "100 = every countdown every 10 ms; \(setup)"
    if let kit = contender as? KitManagerContender, let steps = kit.valueSteps.value, steps > 0 {
      // A pass delivers a countdown only when its value changed: a wakeup late enough to cross
      // the next value boundary too merges two steps into one callback.
      let merged = ResultTable.fixed(Double(steps - sample.callbacks) / Double(steps) * 100, digits: 1)
      let stepRate = ResultTable.format(value: Double(steps) / Double(n) / (Double(sample.wallNanoseconds) / 1e9))
      rateNote += "; values stepped \(stepRate)/s, \(merged) % of steps merged into one callback"
    }
    table.add(.tickRate, contender.label, n, sample.tickRate(receivers: n), note: rateNote)

    if let ours = contender as? OursEngineContender, let figures = ours.whileTicking.value {
      let note = "\(configuration.whileTickingOperations) ops, one by one, while N tick at 100 Hz"
      table.add(.registerWhileTicking, ResultTable.ours, n, figures.registerMean, note: note)
      table.add(.registerWhileTickingP99, ResultTable.ours, n, figures.registerP99, note: note)
      table.add(.registerWhileTickingWorst, ResultTable.ours, n, figures.registerWorst, note: note)
      table.add(.cancelWhileTicking, ResultTable.ours, n, figures.cancelMean, note: note)
      table.add(.cancelWhileTickingP99, ResultTable.ours, n, figures.cancelP99, note: note)
      table.add(.cancelWhileTickingWorst, ResultTable.ours, n, figures.cancelWorst, note: note)
    }
  }

  /// The spread of one tick's deliveries (1 000 receivers; smoke: 100), every alternative with a timer.
  private mutating func runSpread(log: (String) -> Void) throws {
    let n = configuration.spreadReceivers
    let ticks = configuration.spreadTicks
    // Three times the time the stamped ticks take at 100 Hz: an alternative that cannot keep the
    // pace (C in a debug build, anything under the Thread Sanitizer) still gets there.
    let plan = WindowPlan(
      receivers: n, interval: configuration.interval,
      warmupNanoseconds: configuration.interval.nanosecondsSaturating * Int64(ticks.upperBound + 1) * 3,
      windowNanoseconds: configuration.interval.nanosecondsSaturating * 5, stampedTicks: ticks)
    var contenders = realTimerContenders()
    let seven = SevenBucketRun(receivers: n, interval: configuration.interval, stampedTicks: ticks)
    _ = seven.registerAll()
    contenders.insert(SevenBucketContenderAdapter(run: seven), at: 1)
    for var contender in contenders {
      if var ours = contender as? OursEngineContender {
        ours.whileTickingOperations = nil
        contender = ours
      }
      log("\(contender.label), spread at N = \(n)")
      let sample = try contender.run(plan)
      let spread = sample.spread ?? (0, 0, 0, 0)
      let waited = Self.milliseconds(plan.warmupNanoseconds + plan.windowNanoseconds)
      let note =
        spread.completeTicks > 0
        ? "median over ticks \(ticks.lowerBound)-\(ticks.upperBound) (\(spread.completeTicks) complete), "
          + "worst \(ResultTable.fixed(Double(spread.worst) / 1_000, digits: 0)) µs"
        : "not measured: no tick of \(ticks.lowerBound)-\(ticks.upperBound) reached all \(n) countdowns "
          + "within \(waited) ms (\(spread.reached) reached tick \(ticks.lowerBound))"
      table.add(.spread, contender.label, n, spread.completeTicks > 0 ? Double(spread.median) / 1_000 : nil, note: note)
      // That it ran, not how fast: a slow alternative may not reach the stamped ticks in time, nor
      // call back in the window.
      sanity["\(contender.label) callbacks in the spread run"] = Self.callbacksShowingItRan(sample)
    }
    _ = seven.cancelAll()
  }

  /// Register and cancel of `alternative`: the first fill from empty and the median of all fills.
  private mutating func addFills(_ alternative: String, _ n: Int, registers: [Double], cancels: [Double], how: String) {
    let note = "\(how); handlers made in the loop; median of \(registers.count) fills from empty"
    table.add(.registerFirstFill, alternative, n, registers[0], note: "\(how); handlers made in the loop")
    table.add(.register, alternative, n, Self.median(registers), note: "\(note): \(Self.list(registers))")
    table.add(.cancel, alternative, n, Self.median(cancels), note: "\(note), shuffled order: \(Self.list(cancels))")
  }

  /// Resident bytes per receiver that registering added (the handlers' contexts included).
  private mutating func addResident(
    _ alternative: String, _ n: Int, before: Int?, withReceivers: Int?, registered: Int?
  ) {
    guard let before, let withReceivers, let registered else {
      table.add(.residentBytes, alternative, n, nil, note: "no /proc/self/status on this platform")
      return
    }
    table.add(
      .residentBytes, alternative, n, Double(registered - withReceivers) / Double(n),
      note:
        "VmRSS after register − before (handlers made in register); receivers: \(Int(Double(withReceivers - before) / Double(n))) B each"
    )
  }

  /// The callbacks a real-timer sanity entry records: above 0 when the contender ran. Those of the
  /// whole run, not the window's: on a loaded machine a contender may make none in a short window
  /// (the smoke's 50 ms) though it runs, and the window waits (bounded) for its first one.
  static func callbacksShowingItRan(_ sample: WindowSample) -> Int {
    sample.callbacksInRun
  }

  static func milliseconds(_ nanoseconds: Int64) -> String {
    ResultTable.fixed(Double(nanoseconds) / 1e6, digits: 1)
  }

  /// The middle value (the upper middle one of an even count).
  static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }

  /// The values in the order measured, for a row's note: "180, 175, 190".
  static func list(_ values: [Double]) -> String {
    values.map { ResultTable.format(value: $0) }.joined(separator: ", ")
  }
}
