import CountdownCore
import CountdownKit
import CountdownProcessUsage
import Foundation
import XCTest

/// One run of ``PhaseSequenceBenchmarks``: `receivers` plain countdowns and as many countdowns in
/// phases, each kind on a Kit manager of its own on a manual clock, measured side by side.
@MainActor
struct PhasesBesidePlainRun {
  enum Kind: String, CaseIterable {
    case plain
    case phases
  }

  let receivers: Int
  let rounds: Int
  let phasesFirst: Bool
  let interval = Duration.milliseconds(10)
  /// Ticks per tick figure.
  let ticks = 10

  /// A forever plan of hour-long phases: no phase ends in the ticks measured.
  static let longPhases = try! CountdownPlan(blocks: [
    .init([CountdownPhase("Focus", .seconds(3_600)), CountdownPhase("Break", .seconds(3_600))], repeated: .forever)
  ])

  /// A forever plan of phases of one interval each: every tick ends every sequence's phase.
  var shortPhases: CountdownPlan {
    try! CountdownPlan(blocks: [
      .init([CountdownPhase("On", interval), CountdownPhase("Off", interval)], repeated: .forever)
    ])
  }

  func run() throws -> String {
    let order: [Kind] = phasesFirst ? [.phases, .plain] : [.plain, .phases]
    var managers: [Kind: (CountdownManager, ManualCountdownClock)] = [:]
    for kind in Kind.allCases {
      let clock = ManualCountdownClock()
      managers[kind] = (try CountdownManager(interval: interval, clock: clock), clock)
    }
    var sink = 0
    var register: [Kind: [Double]] = [:]
    var tick: [Kind: [Double]] = [:]
    var resident: [Kind: Double] = [:]
    // Round 0 also measures memory: both kinds alive at once, nothing freed between them.
    for round in 0..<rounds {
      let kinds = round % 2 == 0 ? order : order.reversed()
      for kind in kinds {
        let (manager, _) = managers[kind]!
        if round > 0 { manager.cancelAll() }
        let before = ProcessUsage.currentResidentBytes() ?? 0
        let start = ProcessProbe.threadCPU()
        try registerAll(kind, on: manager, plan: Self.longPhases) { sink &+= $0 }
        register[kind, default: []].append(Double(ProcessProbe.threadCPU() - start) / Double(receivers))
        if round == 0 {
          resident[kind] = Double((ProcessUsage.currentResidentBytes() ?? 0) - before) / Double(receivers)
        }
        XCTAssertEqual(manager.engine.count, receivers)
      }
      for kind in kinds {
        let (manager, clock) = managers[kind]!
        let deliveries = manager.engine.statistics.deliveries
        let start = ProcessProbe.threadCPU()
        for _ in 0..<ticks { try clock.advance(by: interval) }
        tick[kind, default: []].append(Double(ProcessProbe.threadCPU() - start) / Double(ticks * receivers))
        XCTAssertEqual(Int(manager.engine.statistics.deliveries - deliveries), ticks * receivers, "\(kind)")
      }
    }
    for (manager, _) in managers.values { manager.cancelAll() }
    // Every tick ends every sequence's phase: the handler moves the cursor and registers the next.
    let clock = ManualCountdownClock()
    let manager = try CountdownManager(interval: interval, clock: clock)
    var ends = 0
    var endTicks: [Double] = []
    for _ in 0..<rounds {
      manager.cancelAll()
      for index in 0..<receivers {
        try manager.start(id: index, plan: shortPhases, delivering: .onlyTheEnd) { _, update, _ in
          ends &+= update.phaseEnds.count
        }
      }
      let endsBefore = ends
      let start = ProcessProbe.threadCPU()
      for _ in 0..<ticks { try clock.advance(by: interval) }
      endTicks.append(Double(ProcessProbe.threadCPU() - start) / Double(ticks * receivers))
      XCTAssertEqual(ends - endsBefore, ticks * receivers, "every sequence ends a phase at every tick")
    }
    manager.cancelAll()
    XCTAssertNotEqual(sink, 0)
    return report(register: register, tick: tick, resident: resident, endTicks: endTicks)
  }

  private func registerAll(
    _ kind: Kind, on manager: CountdownManager, plan: CountdownPlan, _ sink: @escaping @MainActor (Int) -> Void
  ) throws {
    switch kind {
    case .plain:
      for index in 0..<receivers {
        try manager.start(id: index, for: .seconds(3_600)) { _, remaining, _ in sink(remaining) }
      }
    case .phases:
      for index in 0..<receivers {
        try manager.start(id: index, plan: plan) { _, update, _ in sink(update.remaining) }
      }
    }
  }

  private func report(
    register: [Kind: [Double]], tick: [Kind: [Double]], resident: [Kind: Double], endTicks: [Double]
  ) -> String {
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func figure(_ values: [Double]) -> String {
      String(format: "%.1f ns [%.1f–%.1f]", median(values), values.min()!, values.max()!)
    }
    func ratios(_ figures: [Kind: [Double]]) -> String {
      let each = zip(figures[.phases]!, figures[.plain]!).map { $0 / $1 }
      return String(format: "%.2f× [%.2f–%.2f]", median(each), each.min()!, each.max()!)
    }
    return """

      [phases benchmark] N = \(receivers), \(rounds) round(s), \(phasesFirst ? "phases" : "plain") first, \
      CPU time of the main thread; median [min–max]; × = phases ÷ plain of the same round
      [phases benchmark] register: plain \(figure(register[.plain]!)), phases \(figure(register[.phases]!)), \(ratios(register))
      [phases benchmark] tick per callback: plain \(figure(tick[.plain]!)), phases \(figure(tick[.phases]!)), \(ratios(tick))
      [phases benchmark] tick per callback where every sequence ends a phase: \(figure(endTicks))
      [phases benchmark] resident bytes per id: plain \(Int(resident[.plain]!)), phases \(Int(resident[.phases]!)), \
      \(String(format: "%.2f×", resident[.phases]! / resident[.plain]!))
      """
  }
}
