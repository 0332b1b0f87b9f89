/// Which values of a countdown reach its handler.
///
/// A struct with one static member per choice, rather than an enum, so that a minor release can
/// add a choice without breaking a `switch` in the app: compare with `==`, read ``milestones``,
/// and keep a `default`.
public struct CountdownDeliveries: Hashable, Sendable, CustomStringConvertible {
  private enum Choice: Hashable, Sendable {
    case everyChange
    case onlyTheEnd
    case milestones(Set<Int>)
  }

  private let choice: Choice

  private init(_ choice: Choice) {
    self.choice = choice
  }

  /// The milestones, in whole intervals left, of ``milestones(_:)``; `nil` for any other choice.
  public var milestones: Set<Int>? {
    if case .milestones(let values) = choice { return values }
    return nil
  }

  /// Whether this is ``everyChange``: matched in place, where `== .everyChange` would read the
  /// static member and copy it, at every registration.
  package var isEveryChange: Bool {
    if case .everyChange = choice { return true }
    return false
  }

  /// Whether this is ``onlyTheEnd``, matched in place as ``isEveryChange`` is.
  package var isOnlyTheEnd: Bool {
    if case .onlyTheEnd = choice { return true }
    return false
  }

  /// Every value: the first one as a prompt delivery (at once, not at the next tick), then every
  /// change, then the final 0 (labels). Resuming the countdown or the engine's ticking delivers its
  /// current value promptly again.
  public static let everyChange = CountdownDeliveries(Choice.everyChange)
  /// Only the final 0 (one-shot actions): the engine wakes for it alone, so a ten-minute delay
  /// costs one wakeup and one callback, not one per interval. A deadline already passed delivers
  /// its 0 at once. There are no prompt deliveries: registering, resuming the countdown and
  /// resuming the engine's ticking deliver nothing; a countdown that ran out meanwhile still gets
  /// its 0.
  public static let onlyTheEnd = CountdownDeliveries(Choice.onlyTheEnd)
  /// Only the values in the set, in whole intervals left, and the final 0 (a warning at 10
  /// minutes, a colour at 60 s, a buzz at 10 s, a VoiceOver announcement): the engine wakes once
  /// per milestone, not once per interval. Each comes on time like the end: at its instant,
  /// deadline − value × interval, or within the end tolerance after it, never before.
  ///
  /// Like ``onlyTheEnd`` there are no prompt deliveries: registering, resuming and resuming the
  /// engine's ticking deliver nothing, and the final 0 always comes. A milestone whose instant is
  /// already passed at registration (one at or above the value shown then) is never delivered.
  /// Milestones passed while the engine could not deliver them (it was suspended, or its wakeup
  /// came late) collapse into one delivery of the latest of them, the lowest; the next one waits
  /// below the current value. Pausing freezes the time, so no milestone passes meanwhile; a
  /// milestone whose callback a pause stopped before it began (removal is final) comes once the
  /// countdown resumes, within the end tolerance, unless time was added since. Time
  /// added or taken (``CountdownEngine/addTime(_:to:)``) plans the next milestone afresh: the
  /// highest one below the new value, so a milestone moved back ahead comes again and one jumped
  /// over is not delivered; one the change lands on exactly is not delivered either, as one at
  /// the value shown at registration is not. A count-up has no milestones, and a countdown at milestones counts no
  /// overtime (``CountdownError/invalidCombination``, checked first); a negative one is
  /// ``CountdownError/invalidMilestone``.
  public static func milestones(_ values: Set<Int>) -> CountdownDeliveries {
    CountdownDeliveries(Choice.milestones(values))
  }

  /// The choice as its static member spells it: `"everyChange"`, `"milestones([10, 60])"` (in
  /// increasing order).
  public var description: String {
    switch choice {
    case .everyChange: "everyChange"
    case .onlyTheEnd: "onlyTheEnd"
    case .milestones(let values): "milestones(\(values.sorted()))"
    }
  }
}
