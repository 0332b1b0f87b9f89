import Foundation

// The format owns its numbers: a date is written as the seconds since Foundation's reference date
// that the `Date` holds (a `Double`, which every encoder writes and reads back exactly), a time as
// integer nanoseconds. Format 1 wrote dates through the encoder's date strategy, which an app's
// own `.iso8601` cut to whole seconds; it is still read.

extension CountdownSnapshot: Codable {
  private enum CodingKeys: String, CodingKey {
    case format, takenAt, takenAtSinceReferenceDate, serverOffsetNanoseconds, countdowns
    /// Added within format 2, written only when there are some: a reader that knows none reads
    /// the rest as it always did, without them.
    case phaseCountdowns
  }

  /// Decodes and checks a snapshot of this format or of format 1 (see ``init(decoding:)``, which
  /// does so from JSON with a typed error).
  ///
  /// - Throws: A ``CountdownSnapshotError``, as ``init(decoding:)`` throws them:
  ///   ``CountdownSnapshotError/unsupportedVersion(_:)`` for a newer format,
  ///   ``CountdownSnapshotError/unreadable`` for a format below 1, a date the snapshot was taken
  ///   at that is not finite, or an entry with an unknown policy or without the fields its kind
  ///   needs, ``CountdownSnapshotError/invalidServerOffset(reason:)`` for a server offset no manager
  ///   can take, ``CountdownSnapshotError/invalidEntry(index:reason:)`` for the first entry that
  ///   holds a value no countdown can have, or ``CountdownSnapshotError/duplicateID(index:)`` for an
  ///   id that comes twice; for a countdown in phases,
  ///   ``CountdownSnapshotError/invalidPhaseEntry(index:reason:)`` (a saved plan that cannot run,
  ///   with the ``CountdownCore/CountdownError`` its initializer throws, or a phase the plan does
  ///   not have) or ``CountdownSnapshotError/duplicatePhaseID(index:)``; the decoder's own error (a `DecodingError` from `JSONDecoder`) for a
  ///   field that is missing or of the wrong type, or what the ids' own decoding throws.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // The version first: a newer format may differ in everything else.
    let format = try container.decode(Int.self, forKey: .format)
    guard format <= Self.formatVersion else { throw CountdownSnapshotError.unsupportedVersion(format) }
    guard format >= 1 else { throw CountdownSnapshotError.unreadable }
    takenAt =
      format == 1
      ? try container.decode(Date.self, forKey: .takenAt)
      : Date(timeIntervalSinceReferenceDate: try container.decode(Double.self, forKey: .takenAtSinceReferenceDate))
    serverOffset = try container.decodeIfPresent(Int64.self, forKey: .serverOffsetNanoseconds).map(Duration.nanoseconds)
    var list = try container.nestedUnkeyedContainer(forKey: .countdowns)
    var entries: [Entry] = []
    while !list.isAtEnd {
      entries.append(try Entry(from: list.superDecoder(), format: format))
    }
    self.entries = entries
    // Absent from snapshots without countdowns in phases, and from those written before them.
    if container.contains(.phaseCountdowns) {
      var phaseList = try container.nestedUnkeyedContainer(forKey: .phaseCountdowns)
      while !phaseList.isAtEnd {
        let index = phaseList.currentIndex
        do {
          phaseEntries.append(try PhaseEntry(from: phaseList.superDecoder()))
        } catch let error as CountdownError {
          // The saved plan's own check: the reason is the plan's error.
          throw CountdownSnapshotError.invalidPhaseEntry(index: index, reason: error)
        }
      }
    }
    try validate()
  }

  /// Encodes the snapshot in the current format.
  ///
  /// - Throws: `EncodingError.invalidValue` for a time beyond the format's 64-bit nanoseconds
  ///   (about 292 years), or whatever the ids' own encoding throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.formatVersion, forKey: .format)
    try container.encode(takenAt.timeIntervalSinceReferenceDate, forKey: .takenAtSinceReferenceDate)
    try container.encodeIfPresent(
      serverOffset.map(SnapshotEntryCounting.nanoseconds(of:)), forKey: .serverOffsetNanoseconds)
    try container.encode(entries, forKey: .countdowns)
    if !phaseEntries.isEmpty {
      try container.encode(phaseEntries, forKey: .phaseCountdowns)
    }
  }
}

extension CountdownSnapshot.Entry: Codable {
  /// Decodes one entry of the current format; the snapshot checks it.
  ///
  /// - Throws: ``CountdownSnapshotError/unreadable`` for a policy this version does not know; the
  ///   decoder's own error for a field that is missing or of the wrong type, or what the id's own
  ///   decoding throws.
  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder, format: CountdownSnapshot.formatVersion)
  }

  /// Decodes one entry of `format`.
  init(from decoder: any Decoder, format: Int) throws {
    let container = try decoder.container(keyedBy: SnapshotEntryKey.self)
    let id = try container.decode(ID.self, forKey: .id)
    let kind = try container.decode(CountdownSnapshot.Kind.self, forKey: .kind)
    let counting = try SnapshotEntryCounting(from: container, format: format)
    self.init(
      id: id, kind: kind, policy: counting.policy,
      deliveries: counting.deliveries, isPaused: counting.isPaused, date: counting.date, time: counting.time,
      length: try container.decodeIfPresent(Int64.self, forKey: .lengthNanoseconds).map(Duration.nanoseconds),
      // Added within format 2: absent in the snapshots written before it, and for countdowns that stop.
      ending: try container.decodeIfPresent(Bool.self, forKey: .overtime) == true ? .countsOvertime : .stops)
  }

  /// Encodes one entry in the current format.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SnapshotEntryKey.self)
    try container.encode(id, forKey: .id)
    try container.encode(kind, forKey: .kind)
    try counting.encode(to: &container)
    try container.encodeIfPresent(length.map(SnapshotEntryCounting.nanoseconds(of:)), forKey: .lengthNanoseconds)
    try container.encodeIfPresent(ending == .countsOvertime ? true : nil, forKey: .overtime)
  }

  /// The fields it shares with a countdown in phases' entry.
  var counting: SnapshotEntryCounting {
    SnapshotEntryCounting(policy: policy, deliveries: deliveries, isPaused: isPaused, date: date, time: time)
  }
}

extension CountdownSnapshot.PhaseEntry: Codable {
  /// Decodes one countdown in phases; the snapshot checks it.
  ///
  /// - Throws: The ``CountdownCore/CountdownError`` that ``CountdownPlan/init(warmUp:blocks:coolDown:)``
  ///   throws for a saved plan that cannot run (the snapshot's decoding throws it as
  ///   ``CountdownSnapshotError/invalidPhaseEntry(index:reason:)``);
  ///   ``CountdownSnapshotError/unreadable`` for a policy this version does not know; the decoder's
  ///   own error for a field that is missing or of the wrong type, or what the id's own decoding
  ///   throws.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SnapshotEntryKey.self)
    let id = try container.decode(ID.self, forKey: .id)
    let plan = try container.decode(CountdownPlan.self, forKey: .plan)
    let ordinal = try container.decode(Int.self, forKey: .ordinal)
    let counting = try SnapshotEntryCounting(from: container, format: CountdownSnapshot.formatVersion)
    self.init(
      id: id, plan: plan, ordinal: ordinal, policy: counting.policy,
      deliveries: counting.deliveries, isPaused: counting.isPaused, date: counting.date, time: counting.time)
  }

  /// Encodes one countdown in phases: its plan, its phase's ordinal, and that phase's end date or
  /// time left, as a countdown's entry writes them.
  ///
  /// - Throws: `EncodingError.invalidValue` for a time beyond 64-bit nanoseconds, or what the id's
  ///   or the plan's own encoding throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SnapshotEntryKey.self)
    try container.encode(id, forKey: .id)
    try container.encode(plan, forKey: .plan)
    try container.encode(ordinal, forKey: .ordinal)
    try counting.encode(to: &container)
  }

  /// The fields it shares with a countdown's entry.
  var counting: SnapshotEntryCounting {
    SnapshotEntryCounting(policy: policy, deliveries: deliveries, isPaused: isPaused, date: date, time: time)
  }
}
