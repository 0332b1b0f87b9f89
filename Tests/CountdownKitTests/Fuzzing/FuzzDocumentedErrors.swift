import CountdownKit

/// What each entry point's `- Throws:` promises, as the fuzzer checks it.
enum FuzzDocumentedErrors {
  /// `start(_:for:…)`, `start(id:for:…)`, `values(for:…)`, `countdown(for:…)`, a model's `restart(for:…)`,
  /// a list's `start(id:for:…)`.
  static let startFor: [CountdownError] = [.negativeDuration, .outOfRange, .invalidMilestone, .invalidCombination]
  /// `start(_:seconds:…)`, `start(id:seconds:…)`.
  static let startSeconds = startFor + [.nonFiniteValue]
  /// `start(_:until:…)` and the other starts until a date.
  static let startUntil: [CountdownError] = [.outOfRange, .nonFiniteValue, .invalidMilestone, .invalidCombination]
  static let addTime: [CountdownError] = [.invalidCombination, .outOfRange]
  static let afterDelay: [CountdownError] = [.negativeDuration, .outOfRange]
  static let afterDate: [CountdownError] = [.outOfRange, .nonFiniteValue]
  static let milestones: [CountdownError] = [.invalidMilestone]
  static let readAloud: [CountdownError] = [.invalidInterval, .outOfRange, .invalidMilestone]
  static let calibrate: [CountdownError] = [.nonFiniteValue, .outOfRange]
  static let newManager: [CountdownError] = [.invalidInterval, .invalidCombination, .outOfRange]
  static let register: [CountdownError] = [.negativeDuration, .invalidCombination, .invalidMilestone, .outOfRange]
  static let clockMove: [CountdownError] = [.negativeDuration, .outOfRange]
  static let exactlyAdvanced: [CountdownError] = [.outOfRange]
  static let decoding: [CountdownSnapshotError.Kind] = [
    .unreadable, .unsupportedVersion, .invalidEntry, .invalidServerOffset, .duplicateID,
  ]
  static let restore = decoding + [.unsupportedEntry]
}
