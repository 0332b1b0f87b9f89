import CountdownKit

/// What each entry point's `- Throws:` names, one list per entry point, as the fuzzer checks it:
/// an error outside its own list fails the call, even one another entry point may throw. Where the
/// documentation says when an error comes (a milestone for `invalidMilestone`, overtime for
/// `invalidCombination`), the list holds it only then.
enum FuzzDocumentedErrors {
  /// `start(_:for:…)`: `negativeDuration` or `outOfRange`; `invalidMilestone` for a milestone below
  /// zero or beyond the duration; `invalidCombination` for overtime with anything but every change.
  /// The same for `start(id:for:…)`, `values(for:…)`, `countdown(for:…)`, a model's
  /// `restart(for:…)` and a list's `start(id:for:…)`, whose docs say "those of".
  static func startFor(_ deliveries: CountdownDeliveries, _ ending: CountdownEnding) -> [CountdownError] {
    [.negativeDuration, .outOfRange] + options(deliveries, ending)
  }

  /// `start(_:seconds:…)`, `start(id:seconds:…)`: `nonFiniteValue`, and what `start(_:for:…)` throws.
  static func startSeconds(_ deliveries: CountdownDeliveries, _ ending: CountdownEnding) -> [CountdownError] {
    [.nonFiniteValue] + startFor(deliveries, ending)
  }

  /// `start(_:until:…)` and every start until a date: `outOfRange`, `nonFiniteValue`, and what
  /// `start(_:for:…)` throws for its options (a date in the past is no error).
  static func startUntil(_ deliveries: CountdownDeliveries, _ ending: CountdownEnding) -> [CountdownError] {
    [.outOfRange, .nonFiniteValue] + options(deliveries, ending)
  }

  /// The options' errors: `invalidMilestone` with milestones, `invalidCombination` for overtime
  /// with anything but every change.
  private static func options(_ deliveries: CountdownDeliveries, _ ending: CountdownEnding) -> [CountdownError] {
    (deliveries.milestones == nil ? [] : [.invalidMilestone])
      + (ending == .countsOvertime && deliveries != .everyChange ? [.invalidCombination] : [])
  }

  /// The manager's `addTime(_:to:)` and `addTime(_:id:)`, the engine's `addTime(_:to:)`:
  /// `invalidCombination` for a listener, `outOfRange`.
  static let addTime: [CountdownError] = [.invalidCombination, .outOfRange]
  /// A model's `addTime(_:)` and a list's `addTime(_:id:)`: `outOfRange` alone (a model never
  /// counts up).
  static let modelAddTime: [CountdownError] = [.outOfRange]
  /// `after(_:_:)`.
  static let afterDelay: [CountdownError] = [.negativeDuration, .outOfRange]
  /// `after(at:_:)`.
  static let afterDate: [CountdownError] = [.outOfRange, .nonFiniteValue]
  /// `milestones(_:)`, `readAloud(at:…)`.
  static let milestones: [CountdownError] = [.invalidMilestone]
  /// `CountdownReadAloud(at:interval:…)`.
  static let readAloud: [CountdownError] = [.invalidInterval, .outOfRange, .invalidMilestone]
  /// `calibrate(serverNow:receivedAt:)`.
  static let calibrate: [CountdownError] = [.nonFiniteValue, .outOfRange]

  /// `CountdownManager(interval:alignment:endTolerance:…)` and `CountdownEngine(…)`:
  /// `invalidInterval`, `outOfRange`, and `invalidCombination` for an end tolerance given with
  /// per-countdown alignment (below its tolerance).
  static func newManager(_ alignment: CountdownAlignment, endTolerance: Duration?) -> [CountdownError] {
    guard case .perCountdown = alignment, endTolerance != nil else { return [.invalidInterval, .outOfRange] }
    return [.invalidInterval, .outOfRange, .invalidCombination]
  }

  /// The engine's `register(_:_:…)`: `negativeDuration`, `invalidCombination`, `outOfRange`, and
  /// `invalidMilestone` with milestones.
  static func register(_ deliveries: CountdownDeliveries) -> [CountdownError] {
    [.negativeDuration, .invalidCombination, .outOfRange] + (deliveries.milestones == nil ? [] : [.invalidMilestone])
  }

  /// The manual clock's `advance(by:)` and `jump(by:)`, and `ManualCountdownClock(now:jitter:)`.
  static let clockMove: [CountdownError] = [.negativeDuration, .outOfRange]
  /// The manual clock's `advance(to:)`: `negativeDuration` alone.
  static let clockAdvanceTo: [CountdownError] = [.negativeDuration]
  /// `CountdownInstant.exactlyAdvanced(by:)`.
  static let exactlyAdvanced: [CountdownError] = [.outOfRange]

  /// `CountdownSnapshot(decoding:)`, and the `Codable` path (`init(from:)`), which throws the
  /// same kinds (and the decoder's own errors).
  static let decoding: [CountdownSnapshotError.Kind] = [
    .unreadable, .unsupportedVersion, .invalidServerOffset, .invalidEntry, .duplicateID, .invalidPhaseEntry,
    .duplicatePhaseID,
  ]
  /// The manager's `restore(_:_:)`: an entry no countdown can have (`invalidEntry`, or
  /// `unreadable` for fields that do not fit its kind), a repeated id, a server offset refused.
  /// `restore(_:_:phases:)` throws the same, `invalidPhaseEntry` for a countdown in phases too.
  static let restore: [CountdownSnapshotError.Kind] = [
    .unreadable, .invalidEntry, .duplicateID, .invalidServerOffset, .invalidPhaseEntry, .duplicatePhaseID,
  ]
  /// A list's `restore(_:)`: the manager's, and `unsupportedEntry` for a count-up.
  static let listRestore = restore + [.unsupportedEntry]
  /// `countdown(restoring:id:)`: the snapshot's dates, the entry of the id, two of them, a count-up.
  static let modelRestore: [CountdownSnapshotError.Kind] = [
    .unreadable, .invalidServerOffset, .invalidEntry, .duplicateID, .unsupportedEntry,
  ]
  /// `phaseCountdown(restoring:id:)`: the snapshot's dates, the countdown in phases of the id, two
  /// of them, a single countdown's entry.
  static let phaseModelRestore: [CountdownSnapshotError.Kind] = [
    .unreadable, .invalidServerOffset, .invalidPhaseEntry, .duplicatePhaseID, .unsupportedEntry,
  ]
  /// The manager's `keepSaved(_:in:…)`: a store that cannot be read (what decoding throws) or a
  /// snapshot `restore(_:_:)` refuses.
  static let keepSaved = decoding
  /// A list's `keepSaved(in:…)`: what the manager's throws, and what the list's `restore(_:)` does.
  static let listKeepSaved = decoding + [.unsupportedEntry]

  /// `CountdownPlan(warmUp:blocks:coolDown:)`, and the plan's `Codable` path (besides the
  /// decoder's own errors): `emptyPlan`, `zeroDuration`, `negativeDuration`, `invalidRepetition`,
  /// `unreachablePhases`, `outOfRange`.
  static let plan: [CountdownError] = [
    .emptyPlan, .zeroDuration, .negativeDuration, .invalidRepetition, .unreachablePhases, .outOfRange,
  ]
  /// `CountdownPhase(_:seconds:…)`: `nonFiniteValue`, `negativeDuration`, `outOfRange`.
  static let phaseSeconds: [CountdownError] = [.nonFiniteValue, .negativeDuration, .outOfRange]

  /// `start(id:plan:…)`, and those whose docs say they throw what it throws (`start(_:plan:…)`,
  /// `countdown(plan:…)`, a phase model's `restart(plan:…)`, `phaseUpdates(plan:…)`): `outOfRange` for a first phase ending beyond the manager's clock,
  /// `invalidMilestone` with milestones (for one below zero).
  static func startPlan(_ deliveries: CountdownDeliveries) -> [CountdownError] {
    [.outOfRange] + (deliveries.milestones == nil ? [] : [.invalidMilestone])
  }
}
