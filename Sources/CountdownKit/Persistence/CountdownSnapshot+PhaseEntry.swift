@_spi(Walks) import CountdownCore
public import Foundation

extension CountdownSnapshot {
  /// What one countdown in phases counts: its plan, the phase it is at, that phase's end (or, paused,
  /// its time left), its policy and deliveries. The plan's later ends follow from these, so a
  /// restore puts it exactly where the plan says after any gap.
  ///
  /// ```swift
  /// let snapshot = manager.snapshot(of: String.self)
  /// for entry in snapshot.phaseEntries {
  ///   print(entry.id, "at phase", entry.ordinal, entry.isPaused ? "paused" : "running")
  /// }
  /// ```
  ///
  /// A snapshot keeps them apart from its ``CountdownSnapshot/entries``, and writes them under a key
  /// of their own, so a reader that knows no countdowns in phases (1.1.0) reads the rest of the
  /// snapshot as it always did and leaves them out.
  public struct PhaseEntry: Hashable, Sendable {
    /// The app's id for it.
    public var id: ID
    /// The plan it walks.
    public var plan: CountdownPlan
    /// The current phase's ordinal: its number counted from 0 across the whole plan
    /// (``CountdownPhasePosition/ordinal``). Below the plan's ``CountdownPlan/phaseCount``.
    public var ordinal: Int
    /// Whether time the app spends suspended counts.
    public var policy: SuspensionPolicy
    /// Which values of each phase are delivered; a phase's end always is.
    public var deliveries: CountdownDeliveries
    /// Whether the current phase is paused (by a pause, or by the phase before it, which pauses the
    /// plan after it).
    public var isPaused: Bool
    /// When the current phase ends, if it runs (in server time when the snapshot has a
    /// ``CountdownSnapshot/serverOffset``); `nil` for one that counts by ``time``. The later ends
    /// follow the plan from it.
    public var date: Date?
    /// The current phase's time left, if it is paused or counts with
    /// ``CountdownCore/SuspensionPolicy/pauses``; `nil` for one that counts to ``date``. Negative
    /// for a running one with ``CountdownCore/SuspensionPolicy/pauses`` whose end was due that long
    /// before the snapshot and not delivered yet: a restore delivers it, that late.
    public var time: Duration?

    /// An entry: a running one needs `date`, a paused one `time`.
    ///
    /// - Parameters:
    ///   - id: The app's id.
    ///   - plan: The plan it walks.
    ///   - ordinal: The current phase's ordinal.
    ///   - policy: Whether time the app spends suspended counts (default: it does).
    ///   - deliveries: Which values of each phase are delivered (default: every change).
    ///   - isPaused: Whether the current phase is paused (default `false`).
    ///   - date: A running phase's end.
    ///   - time: A paused phase's time left.
    public init(
      id: ID, plan: CountdownPlan, ordinal: Int, policy: SuspensionPolicy = .keepsRunning,
      deliveries: CountdownDeliveries = .everyChange, isPaused: Bool = false, date: Date? = nil, time: Duration? = nil
    ) {
      self.id = id
      self.plan = plan
      self.ordinal = ordinal
      self.policy = policy
      self.deliveries = deliveries
      self.isPaused = isPaused
      self.date = date
      self.time = time
    }

    /// Whether it counts by ``time`` rather than to ``date``.
    var countsByTime: Bool { isPaused || policy == .pauses }
  }
}

extension CountdownSnapshot.PhaseEntry {
  /// Checks what can be checked of the phase entry at `index` without a manager: an ordinal the
  /// plan has, and exactly the time fields its state needs, each a value some phase can have.
  func validate(at index: Int) throws(CountdownSnapshotError) {
    guard plan.layout.segments.counts(ordinal), !plan.layout.segments.isEnded(ordinal) else {
      throw .invalidPhaseEntry(index: index, reason: .outOfRange)
    }
    if let milestones = deliveries.milestones, milestones.contains(where: { $0 < 0 }) {
      throw .invalidPhaseEntry(index: index, reason: .invalidMilestone)
    }
    if countsByTime {
      guard date == nil, let time else { throw .unreadable }
      // Only a running phase can be overdue: a paused one has what it has left, never less than nothing.
      guard time >= .zero || !isPaused else { throw .invalidPhaseEntry(index: index, reason: .negativeDuration) }
      guard (try? time.countdownNanoseconds()) != nil else {
        throw .invalidPhaseEntry(index: index, reason: .outOfRange)
      }
    } else {
      guard time == nil, let date else { throw .unreadable }
      guard date.timeIntervalSinceReferenceDate.isFinite else {
        throw .invalidPhaseEntry(index: index, reason: .nonFiniteValue)
      }
    }
  }
}

extension CountdownSnapshot {
  /// Checks the snapshot's dates and the countdown in phases of `id` alone, which must come once
  /// and be no single countdown's too: its index in ``phaseEntries``, or `nil` without one.
  ///
  /// - Throws: What ``validateDates()`` throws, what the entry's own check throws
  ///   (``CountdownSnapshotError/invalidPhaseEntry(index:reason:)`` or
  ///   ``CountdownSnapshotError/unreadable``), ``CountdownSnapshotError/unsupportedEntry(index:)``
  ///   for an `id` whose entry is a single countdown (not in phases), and
  ///   ``CountdownSnapshotError/duplicatePhaseID(index:)`` for one that comes twice.
  func validatePhaseEntry(of id: ID) throws(CountdownSnapshotError) -> Int? {
    try validateDates()
    guard let index = phaseEntries.firstIndex(where: { $0.id == id }) else {
      if let single = entries.firstIndex(where: { $0.id == id }) { throw .unsupportedEntry(index: single) }
      return nil
    }
    try phaseEntries[index].validate(at: index)
    if let again = phaseEntries[(index + 1)...].firstIndex(where: { $0.id == id }) {
      throw .duplicatePhaseID(index: again)
    }
    // As a whole snapshot's check says it: the countdown in phases repeats a single countdown's id.
    if entries.contains(where: { $0.id == id }) { throw .duplicatePhaseID(index: index) }
    return index
  }
}
