public import Foundation

/// What a manager, an ``ObservableCountdownList``, an ``ObservableCountdown`` or an
/// ``ObservablePhaseCountdown`` is counting, written down so that it survives the process: encode
/// it when the app leaves the foreground, restore it after a relaunch or a reboot.
///
/// ```swift
/// // Going to the background:
/// let data = try JSONEncoder().encode(manager.snapshot(of: Order.ID.self))
/// // After the relaunch, on a new manager: each countdown has its right value at once.
/// let snapshot = try CountdownSnapshot<Order.ID>(decoding: data)
/// try manager.restore(snapshot) { id, remaining, _ in
///   store.remaining[id] = remaining
/// }
/// ```
///
/// Each entry holds the app's id and what its countdown counts: a running countdown's deadline
/// as a wall-clock date (dates, not clock instants, outlive a reboot), a paused one's time left,
/// its length, policy and deliveries; each countdown in phases in ``phaseEntries``, with its plan
/// and phase. Not receiver-keyed countdowns, nor handlers. What it holds,
/// and what it cannot know (a change of the device's clock while the app was not running): see
/// the article *Countdowns outside the app* ("Relaunch").
///
/// The format is versioned (``formatVersion``; format 1 still decodes); decoding checks every
/// field, and a restore every entry before it changes anything. Countdowns in phases are written
/// under a key of their own within format 2, and only when there are some: a reader older than
/// them (1.1.0) reads the rest of the snapshot and leaves them out. Dates and times are written as
/// numbers, never through the encoder's date strategy, so a snapshot inside an app's own `Codable`
/// state round-trips exactly under any strategy.
public struct CountdownSnapshot<ID: Hashable & Sendable & Codable>: Hashable, Sendable {
  /// The version of the format this library writes, and the newest it reads.
  public static var formatVersion: Int { 2 }

  /// The device's wall-clock date when the snapshot was taken.
  public var takenAt: Date
  /// The server offset the dates are written with (server time = device time + offset), or `nil`
  /// when the manager was not calibrated and the dates are device dates.
  public var serverOffset: Duration?
  /// The countdowns, one per id.
  public var entries: [Entry]
  /// The countdowns in phases, one per id (none of them an id of ``entries``).
  public var phaseEntries: [PhaseEntry] = []

  /// A snapshot taken at `takenAt`, its dates in server time when `serverOffset` is given, of
  /// countdowns only; ``init(takenAt:serverOffset:entries:phaseEntries:)`` takes countdowns in
  /// phases too.
  public init(takenAt: Date, serverOffset: Duration?, entries: [Entry]) {
    self.takenAt = takenAt
    self.serverOffset = serverOffset
    self.entries = entries
  }

  /// A snapshot taken at `takenAt` of countdowns and countdowns in phases, its dates in server time
  /// when `serverOffset` is given.
  ///
  /// ```swift
  /// let focus = CountdownSnapshot<String>.PhaseEntry(id: "focus", plan: pomodoro, ordinal: 0, date: Date() + 25 * 60)
  /// let snapshot = CountdownSnapshot(takenAt: Date(), serverOffset: nil, entries: [], phaseEntries: [focus])
  /// ```
  ///
  /// ``init(takenAt:serverOffset:entries:)`` is the form without countdowns in phases, kept beside
  /// this one, as 1.1.0 had it.
  ///
  /// - Parameters:
  ///   - takenAt: The device's wall-clock date it was taken at.
  ///   - serverOffset: The server offset its dates are written with, or `nil` for device dates.
  ///   - entries: The countdowns and count-ups.
  ///   - phaseEntries: The countdowns in phases.
  public init(takenAt: Date, serverOffset: Duration?, entries: [Entry], phaseEntries: [PhaseEntry]) {
    self.init(takenAt: takenAt, serverOffset: serverOffset, entries: entries)
    self.phaseEntries = phaseEntries
  }

  /// What one countdown counts.
  public struct Entry: Hashable, Sendable {
    /// The app's id for it.
    public var id: ID
    /// Counting down, or up.
    public var kind: Kind
    /// Whether time the app spends suspended counts.
    public var policy: SuspensionPolicy
    /// Every change, only the end, or milestones (in intervals).
    public var deliveries: CountdownDeliveries
    /// Whether it is paused.
    public var isPaused: Bool
    /// A running countdown's deadline, or a running count-up's start (in server time when the
    /// snapshot has a ``CountdownSnapshot/serverOffset``); `nil` for one that counts by ``time``.
    public var date: Date?
    /// The remaining (or elapsed) time of a paused one or one with
    /// ``CountdownCore/SuspensionPolicy/pauses``; `nil` for one that counts to (or from) ``date``.
    public var time: Duration?
    /// A countdown's length, from its start to its end: the span of its
    /// ``CountdownTimerDates/timerInterval``. `nil` for a count-up, and in snapshots of format 1
    /// (a restored countdown's range then starts at the restore).
    public var length: Duration?
    /// Whether the countdown counts on past its deadline (``CountdownCore/CountdownEnding/countsOvertime``):
    /// restored after its deadline, it goes on counting overtime rather than ending. Only for a
    /// countdown delivering every change; written only when it counts overtime, so a snapshot
    /// without it (an older one) reads as ``CountdownCore/CountdownEnding/stops``.
    public var ending: CountdownEnding

    /// An entry; which of `date` and `time` it needs is said at ``date`` and ``time``. A paused
    /// overtime countdown's ``time`` is negative past its deadline.
    public init(
      id: ID, kind: Kind, policy: SuspensionPolicy, deliveries: CountdownDeliveries = .everyChange,
      isPaused: Bool = false, date: Date? = nil, time: Duration? = nil, length: Duration? = nil,
      ending: CountdownEnding = .stops
    ) {
      self.ending = ending
      self.id = id
      self.kind = kind
      self.policy = policy
      self.deliveries = deliveries
      self.isPaused = isPaused
      self.date = date
      self.time = time
      self.length = length
    }

    /// Whether it counts by ``time`` rather than to (or from) ``date``.
    var countsByTime: Bool { isPaused || policy == .pauses }
  }

  /// Down to a deadline, or up from a start.
  ///
  /// An enum, complete by design, as ``CountdownCore/CountdownTarget`` is: an entry counts down or
  /// up, so no case can come, and a `switch` over it needs no `default`.
  public enum Kind: String, Hashable, Sendable, Codable {
    /// A countdown: `start(id:…)`.
    case countdown
    /// A count-up: `listen(id:…)`.
    case countingUp
  }

  /// Decodes a snapshot from JSON written by `JSONEncoder` with its default settings.
  ///
  /// ```swift
  /// let snapshot = try CountdownSnapshot<String>(decoding: data)
  /// ```
  ///
  /// - Throws: ``CountdownSnapshotError/unreadable`` for bytes that are not such a snapshot,
  ///   ``CountdownSnapshotError/unsupportedVersion(_:)`` for a newer format,
  ///   ``CountdownSnapshotError/invalidServerOffset(reason:)`` for a server offset no manager can
  ///   take, ``CountdownSnapshotError/unreadable`` for an entry that cannot be read (a field
  ///   missing or of a kind no version writes), else the error of the first entry that no
  ///   countdown can have (``CountdownSnapshotError/invalidEntry(index:reason:)``), or
  ///   ``CountdownSnapshotError/duplicateID(index:)`` for an id that comes twice; for a
  ///   countdown in phases, ``CountdownSnapshotError/invalidPhaseEntry(index:reason:)`` (a saved
  ///   plan that cannot run, with the ``CountdownCore/CountdownError`` its initializer throws, or
  ///   a phase the plan does not have) or ``CountdownSnapshotError/duplicatePhaseID(index:)``.
  public init(decoding data: Data) throws(CountdownSnapshotError) {
    do {
      self = try JSONDecoder().decode(Self.self, from: data)
    } catch let error as CountdownSnapshotError {
      throw error
    } catch {
      throw .unreadable
    }
  }

  /// Checks what can be checked without a manager: every field of every entry, and that no id
  /// comes twice.
  func validate() throws(CountdownSnapshotError) {
    try validateDates()
    var seen = Set<ID>()
    seen.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() {
      try entry.validate(at: index)
      guard seen.insert(entry.id).inserted else { throw .duplicateID(index: index) }
    }
    for (index, entry) in phaseEntries.enumerated() {
      try entry.validate(at: index)
      guard seen.insert(entry.id).inserted else { throw .duplicatePhaseID(index: index) }
    }
  }
}

extension CountdownSnapshot.Entry {
  /// Checks what can be checked of the entry at `index` without a manager: that it has exactly
  /// the fields its kind and state need, each a value some countdown can have.
  func validate(at index: Int) throws(CountdownSnapshotError) {
    // Count-ups have no end to deliver alone, and no length.
    guard kind == .countdown || (deliveries == .everyChange && length == nil) else { throw .unreadable }
    // Overtime: a countdown delivering every change, as the engine takes it.
    guard ending == .stops || (kind == .countdown && deliveries == .everyChange) else {
      throw .invalidEntry(index: index, reason: .invalidCombination)
    }
    if let milestones = deliveries.milestones, milestones.contains(where: { $0 < 0 }) {
      throw .invalidEntry(index: index, reason: .invalidMilestone)
    }
    if let length {
      guard length >= .zero else { throw .invalidEntry(index: index, reason: .negativeDuration) }
      guard (try? length.countdownNanoseconds()) != nil else { throw .invalidEntry(index: index, reason: .outOfRange) }
    }
    if countsByTime {
      guard date == nil, let time else { throw .unreadable }
      guard time >= .zero || ending == .countsOvertime else {
        throw .invalidEntry(index: index, reason: .negativeDuration)
      }
      guard (try? time.countdownNanoseconds()) != nil else { throw .invalidEntry(index: index, reason: .outOfRange) }
    } else {
      guard time == nil, let date else { throw .unreadable }
      guard date.timeIntervalSinceReferenceDate.isFinite else {
        throw .invalidEntry(index: index, reason: .nonFiniteValue)
      }
    }
  }
}

extension CountdownSnapshot {
  /// Checks what the snapshot says of all its entries: when it was taken, and the server offset.
  func validateDates() throws(CountdownSnapshotError) {
    guard takenAt.timeIntervalSinceReferenceDate.isFinite else { throw .unreadable }
    if let serverOffset {
      do {
        try CountdownManager.checkServerOffset(serverOffset.secondsValue)
      } catch {
        throw .invalidServerOffset(reason: error)
      }
    }
  }

  /// Checks the snapshot's dates and the entry of `id` alone, which must come once: its index,
  /// or `nil` without one.
  func validateEntry(of id: ID) throws(CountdownSnapshotError) -> Int? {
    try validateDates()
    guard let index = entries.firstIndex(where: { $0.id == id }) else {
      // A countdown in phases is not one countdown, as a single countdown is not in phases
      // (``validatePhaseEntry(of:)``).
      if let phases = phaseEntries.firstIndex(where: { $0.id == id }) { throw .unsupportedEntry(index: phases) }
      return nil
    }
    try entries[index].validate(at: index)
    if let again = entries[(index + 1)...].firstIndex(where: { $0.id == id }) { throw .duplicateID(index: again) }
    return index
  }
}
