/// The keys of a snapshot's entries: a countdown's (in `countdowns`) and a countdown in phases'
/// (in `phaseCountdowns`) write the fields they share under the same names.
enum SnapshotEntryKey: String, CodingKey {
  // Both entries.
  case id, policy, onlyTheEnd, milestones, paused, dateSinceReferenceDate, nanoseconds
  /// Format 1's date, written through the encoder's date strategy: read, never written.
  case date
  // A countdown's own.
  case kind, lengthNanoseconds, overtime
  // A countdown in phases' own.
  case plan, ordinal
}
