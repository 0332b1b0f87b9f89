public import CountdownCore

/// Why a snapshot was refused.
///
/// A snapshot that throws changes nothing: every entry is checked before the first one is
/// restored, so the manager (or list) keeps exactly the countdowns it had.
///
/// ```swift
/// do {
///   try manager.restore(CountdownSnapshot<String>(decoding: data)) { _, _, _ in }
/// } catch where error.kind == .invalidEntry {
///   print("entry \(error.index ?? -1) refused: \(error.reason.map(String.init(describing:)) ?? "")")
/// } catch {
///   print("not restored: \(error)")
/// }
/// ```
///
/// A struct rather than an enum, so that a minor release can add a reason without breaking a
/// `switch` in the app: compare a whole error with `==` (`.invalidEntry(index: 2, reason:
/// .outOfRange)`), or its ``kind`` alone, and keep a `default`.
public struct CountdownSnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The reason without its details: what ``kind`` compares.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    private let name: String

    private init(_ name: String) {
      self.name = name
    }

    /// See ``CountdownSnapshotError/unreadable``.
    public static let unreadable = Kind("unreadable")
    /// See ``CountdownSnapshotError/unsupportedVersion(_:)``.
    public static let unsupportedVersion = Kind("unsupportedVersion")
    /// See ``CountdownSnapshotError/invalidEntry(index:reason:)``.
    public static let invalidEntry = Kind("invalidEntry")
    /// See ``CountdownSnapshotError/invalidServerOffset(reason:)``.
    public static let invalidServerOffset = Kind("invalidServerOffset")
    /// See ``CountdownSnapshotError/duplicateID(index:)``.
    public static let duplicateID = Kind("duplicateID")
    /// See ``CountdownSnapshotError/unsupportedEntry(index:)``.
    public static let unsupportedEntry = Kind("unsupportedEntry")
    /// See ``CountdownSnapshotError/invalidPhaseEntry(index:reason:)``.
    public static let invalidPhaseEntry = Kind("invalidPhaseEntry")
    /// See ``CountdownSnapshotError/duplicatePhaseID(index:)``.
    public static let duplicatePhaseID = Kind("duplicatePhaseID")

    /// The kind's name, as its static member spells it.
    public var description: String { name }
  }

  /// Which reason this is.
  public let kind: Kind
  /// The position in ``CountdownSnapshot/entries`` of the entry refused (in
  /// ``CountdownSnapshot/phaseEntries`` for ``invalidPhaseEntry(index:reason:)`` and
  /// ``duplicatePhaseID(index:)``); `nil` for a reason about the whole snapshot.
  public let index: Int?
  /// What the refused value would have thrown had it been given to a countdown call, for
  /// ``invalidEntry(index:reason:)``, ``invalidPhaseEntry(index:reason:)`` and
  /// ``invalidServerOffset(reason:)``.
  public let reason: CountdownError?
  /// The snapshot's format version, for ``unsupportedVersion(_:)``.
  public let formatVersion: Int?

  private init(_ kind: Kind, index: Int? = nil, reason: CountdownError? = nil, formatVersion: Int? = nil) {
    self.kind = kind
    self.index = index
    self.reason = reason
    self.formatVersion = formatVersion
  }

  /// Not a snapshot this library wrote: corrupt or truncated bytes, a missing field, or a field of
  /// the wrong type or with an unknown value.
  public static let unreadable = CountdownSnapshotError(.unreadable)

  /// A snapshot in a format newer than this version of the library reads (its format version).
  public static func unsupportedVersion(_ formatVersion: Int) -> CountdownSnapshotError {
    CountdownSnapshotError(.unsupportedVersion, formatVersion: formatVersion)
  }

  /// The entry at `index` holds a value no countdown can have: a date that is not finite
  /// (``CountdownCore/CountdownError/nonFiniteValue``), a negative time
  /// (``CountdownCore/CountdownError/negativeDuration``), or a time or date too far away to count
  /// (``CountdownCore/CountdownError/outOfRange``).
  public static func invalidEntry(index: Int, reason: CountdownError) -> CountdownSnapshotError {
    CountdownSnapshotError(.invalidEntry, index: index, reason: reason)
  }

  /// The snapshot's server offset is one ``CountdownManager/calibrate(serverNow:receivedAt:)``
  /// refuses: too large to count with (``CountdownCore/CountdownError/outOfRange``).
  public static func invalidServerOffset(reason: CountdownError) -> CountdownSnapshotError {
    CountdownSnapshotError(.invalidServerOffset, reason: reason)
  }

  /// The entry at `index` has the id of an earlier entry.
  public static func duplicateID(index: Int) -> CountdownSnapshotError {
    CountdownSnapshotError(.duplicateID, index: index)
  }

  /// The entry at `index` is of a kind the model it is restored into cannot hold: a count-up, for
  /// an ``ObservableCountdown`` or an ``ObservableCountdownList``; a countdown in phases, for an
  /// ``ObservableCountdown`` (its `index` in ``CountdownSnapshot/phaseEntries``); a single
  /// countdown, for an ``ObservablePhaseCountdown``.
  public static func unsupportedEntry(index: Int) -> CountdownSnapshotError {
    CountdownSnapshotError(.unsupportedEntry, index: index)
  }

  /// The countdown in phases at `index` in ``CountdownSnapshot/phaseEntries`` cannot be restored:
  /// its saved plan cannot run (the error ``CountdownPlan/init(warmUp:blocks:coolDown:)`` throws
  /// for it: ``CountdownCore/CountdownError/emptyPlan``, ``CountdownCore/CountdownError/zeroDuration``,
  /// ``CountdownCore/CountdownError/negativeDuration``, ``CountdownCore/CountdownError/invalidRepetition``,
  /// ``CountdownCore/CountdownError/unreachablePhases`` or ``CountdownCore/CountdownError/outOfRange``),
  /// its phase is not one of the plan's (``CountdownCore/CountdownError/outOfRange``), its time or
  /// date is one no phase can have (as for ``invalidEntry(index:reason:)``), or a milestone is below
  /// zero (``CountdownCore/CountdownError/invalidMilestone``).
  public static func invalidPhaseEntry(index: Int, reason: CountdownError) -> CountdownSnapshotError {
    CountdownSnapshotError(.invalidPhaseEntry, index: index, reason: reason)
  }

  /// The countdown in phases at `index` in ``CountdownSnapshot/phaseEntries`` has the id of an
  /// entry of ``CountdownSnapshot/entries`` or of an earlier countdown in phases.
  public static func duplicatePhaseID(index: Int) -> CountdownSnapshotError {
    CountdownSnapshotError(.duplicatePhaseID, index: index)
  }

  /// The reason and its details: `invalidEntry(index: 2, reason: outOfRange)`.
  public var description: String {
    var details: [String] = []
    if let index { details.append("index: \(index)") }
    if let reason { details.append("reason: \(reason)") }
    if let formatVersion { details.append("\(formatVersion)") }
    return details.isEmpty ? kind.description : "\(kind)(\(details.joined(separator: ", ")))"
  }
}
