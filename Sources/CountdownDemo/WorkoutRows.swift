import CountdownKit
import Foundation

/// The board's workout: a short interval plan run as one countdown in phases of
/// `CountdownManager.shared` (one registration walks all eight phases), shown as its current phase
/// and the phase ends delivered so far, each once and in the plan's order. The ends that pass while
/// the board is suspended come together at the resume, oldest first, with how late they came.
@MainActor
final class WorkoutRows {
  /// Warm-up 2 s, then Sprint 2 s / Rest 1 s three times, then Cool-down 2 s: 13 s, 8 phases.
  static func plan() throws -> CountdownPlan {
    try CountdownPlan(
      warmUp: [CountdownPhase("Warm-up", .seconds(2), purpose: .recovery)],
      blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Sprint", .seconds(2)), CountdownPhase("Rest", .seconds(1), purpose: .recovery)],
          repeated: .times(3))
      ],
      coolDown: [CountdownPhase("Cool-down", .seconds(2), purpose: .recovery)])
  }

  /// The current phase and its time left, or how the plan ended.
  private var current = "…"
  /// The ordinal in the plan of each phase end delivered so far, oldest first.
  private var ordinals: [Int] = []
  /// What the board shows of them: each end's name (with its lateness, when it came late), and
  /// after a long absence the older ones summed up.
  private var shown: [String] = []
  private var phaseCount = 0

  /// Starts the plan on `manager`; `changed` is called after each of its deliveries.
  func start(on manager: CountdownManager, changed: @escaping @MainActor () -> Void) {
    do {
      let plan = try Self.plan()
      phaseCount = plan.phaseCount ?? 0
      try manager.start(id: "demo.workout", plan: plan) { [unowned self] _, update, _ in
        if let earlier = update.earlierPhaseEnds {
          ordinals += earlier.ordinals
          shown.append("\(earlier.count) summed up")
        }
        for end in update.phaseEnds {
          let tenths = Int(end.lateness / .milliseconds(100))
          ordinals.append(end.ordinal)
          shown.append(end.phase.name + (tenths > 0 ? " (\(tenths / 10).\(tenths % 10) s late)" : ""))
        }
        if let position = update.position {
          current = "\(position.phase.name) · \(update.remaining) s · phase \(position.ordinal + 1) of \(phaseCount)"
        } else {
          current = "done"
        }
        changed()
      }
    } catch {
      current = "rejected: \(error)"
    }
  }

  /// Whether every end came once, in the plan's order.
  var endsAreInOrder: Bool {
    ordinals == Array(0..<ordinals.count)
  }

  /// The board's lines: the plan's current phase, and its latest phase ends.
  var lines: [String] {
    let latest = shown.suffix(4).joined(separator: ", ")
    return [
      " WORKOUT (one countdown in phases)",
      "   " + "Interval plan".padding(toLength: 32, withPad: " ", startingAt: 0) + current,
      "   " + "Phase ends (\(ordinals.count) of \(phaseCount))".padding(toLength: 32, withPad: " ", startingAt: 0)
        + (shown.count > 4 ? "…, " : "") + (latest.isEmpty ? "none yet" : latest),
    ]
  }

  /// What the run's last line says of the plan.
  var summary: String {
    "\(ordinals.count) of \(phaseCount) phase ends, " + (endsAreInOrder ? "each once, in order" : "NOT in order")
  }
}
