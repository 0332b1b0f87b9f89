public import CountdownCore

/// Why a snapshot was refused.
///
/// A snapshot that throws changes nothing: every entry is checked before the first one is
/// restored, so the manager (or list) keeps exactly the countdowns it had.
public enum CountdownSnapshotError: Error, Hashable, Sendable {
  /// Not a snapshot this library wrote: corrupt or truncated bytes, a missing field, or a field of
  /// the wrong type or with an unknown value.
  case unreadable
  /// A snapshot in a format newer than this version of the library reads (its format version).
  case unsupportedVersion(Int)
  /// The entry at `index` holds a value no countdown can have: a date that is not finite
  /// (``CountdownCore/CountdownError/nonFiniteValue``), a negative time
  /// (``CountdownCore/CountdownError/negativeDuration``), or a time or date too far away to count
  /// (``CountdownCore/CountdownError/outOfRange``).
  case invalidEntry(index: Int, reason: CountdownError)
  /// The snapshot's server offset is one ``CountdownManager/calibrate(serverNow:receivedAt:)``
  /// refuses: too large to count with (``CountdownCore/CountdownError/outOfRange``).
  case invalidServerOffset(reason: CountdownError)
  /// The entry at `index` has the id of an earlier entry.
  case duplicateID(index: Int)
  /// The entry at `index` is of a kind the model it is restored into cannot hold: a count-up or an
  /// only-the-end countdown, for an ``ObservableCountdown`` or an ``ObservableCountdownList``.
  case unsupportedEntry(index: Int)
}
