import CountdownCore
import CountdownKit
import CountdownProcessUsage
import Foundation
import XCTest

/// One run of ``PhaseSequenceBenchmarks``: `receivers` plain countdowns and as many countdowns in
/// phases, each kind on a Kit manager of its own on a manual clock, measured side by side, in one
/// form: by id (`start(id:for:)` beside `start(id:plan:)`) or by receiver (`start(_:for:)` beside
/// `start(_:plan:)`, on objects of the app's).
@MainActor
struct PhasesBesidePlainRun {
  enum Kind: String, CaseIterable {
    case plain
    case phases
  }

  /// How the app names its countdowns.
  enum Form: String, CaseIterable {
    case id
    case receiver

    /// The forms `COUNTDOWN_PHASES_FORM` asks for (`id`, `receiver` or `both`); unset, the id form
    /// in the full run and both in the smoke, so that CI runs every path.
    static func selected(isFull: Bool) -> [Form] {
      switch ProcessInfo.processInfo.environment["COUNTDOWN_PHASES_FORM"] {
      case "id": [.id]
      case "receiver": [.receiver]
      case "both": [.id, .receiver]
      default: isFull ? [.id] : [.id, .receiver]
      }
    }
  }

  let receivers: Int
  let rounds: Int
  let phasesFirst: Bool
  var form = Form.id
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
    // The receiver form's objects, the app's: made before any reading, so that neither kind's
    // resident bytes count them (a registration's weak reference to one, which gives the object
    // a side table, counts in both).
    var objects: [Kind: ContiguousArray<KitReceiver>] = [:]
    for kind in Kind.allCases {
      objects[kind] = form == .receiver ? KitReceiver.make(receivers) : []
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
        try Self.register(kind, form, receivers, on: manager, objects: objects[kind]!, plan: Self.longPhases) {
          sink &+= $0
        }
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
    let endTicks = try phaseEndTicks(objects: objects[.phases]!)
    XCTAssertNotEqual(sink, 0)
    withExtendedLifetime(objects) {}
    return report(register: register, tick: tick, resident: resident, endTicks: endTicks)
  }

  /// Every tick ends every sequence's phase: the engine moves the walk to the next segment and the
  /// handler hears the end. CPU time per sequence's tick, one figure per round.
  private func phaseEndTicks(objects: ContiguousArray<KitReceiver>) throws -> [Double] {
    let clock = ManualCountdownClock()
    let manager = try CountdownManager(interval: interval, clock: clock)
    var ends = 0
    var endTicks: [Double] = []
    for _ in 0..<rounds {
      manager.cancelAll()
      for index in 0..<receivers {
        switch form {
        case .id:
          try manager.start(id: index, plan: shortPhases, delivering: .onlyTheEnd) { _, update, _ in
            ends &+= update.phaseEnds.count
          }
        case .receiver:
          try manager.start(objects[index], plan: shortPhases, delivering: .onlyTheEnd) { _, update, _ in
            ends &+= update.phaseEnds.count
          }
        }
      }
      let endsBefore = ends
      let start = ProcessProbe.threadCPU()
      for _ in 0..<ticks { try clock.advance(by: interval) }
      endTicks.append(Double(ProcessProbe.threadCPU() - start) / Double(ticks * receivers))
      XCTAssertEqual(ends - endsBefore, ticks * receivers, "every sequence ends a phase at every tick")
    }
    manager.cancelAll()
    return endTicks
  }

  /// Starts `count` countdowns of `kind` in `form` on `manager` as an app does (the receiver form
  /// on `objects`), plain ones of an hour, the others walking `plan`; each callback passes its
  /// value to `sink`.
  static func register(
    _ kind: Kind, _ form: Form, _ count: Int, on manager: CountdownManager, objects: ContiguousArray<KitReceiver>,
    plan: CountdownPlan, _ sink: @escaping @MainActor (Int) -> Void
  ) throws {
    switch (form, kind) {
    case (.id, .plain):
      for index in 0..<count {
        try manager.start(id: index, for: .seconds(3_600)) { _, remaining, _ in sink(remaining) }
      }
    case (.id, .phases):
      for index in 0..<count {
        try manager.start(id: index, plan: plan) { _, update, _ in sink(update.remaining) }
      }
    case (.receiver, .plain):
      for index in 0..<count {
        try manager.start(objects[index], for: .seconds(3_600)) { _, remaining, _ in sink(remaining) }
      }
    case (.receiver, .phases):
      for index in 0..<count {
        try manager.start(objects[index], plan: plan) { _, update, _ in sink(update.remaining) }
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
    let unit = form == .id ? "id" : "receiver (the objects not counted)"
    return """

      [phases benchmark] by \(form.rawValue), N = \(receivers), \(rounds) round(s), \
      \(phasesFirst ? "phases" : "plain") first, CPU time of the main thread; median [min–max]; \
      × = phases ÷ plain of the same round
      [phases benchmark] register: plain \(figure(register[.plain]!)), phases \(figure(register[.phases]!)), \(ratios(register))
      [phases benchmark] tick per callback: plain \(figure(tick[.plain]!)), phases \(figure(tick[.phases]!)), \(ratios(tick))
      [phases benchmark] tick per callback where every sequence ends a phase: \(figure(endTicks))
      [phases benchmark] resident bytes per \(unit): plain \(Int(resident[.plain]!)), phases \(Int(resident[.phases]!)), \
      \(String(format: "%.2f×", resident[.phases]! / resident[.plain]!))
      """
  }
}
