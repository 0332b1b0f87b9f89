import Foundation

/// How an entry of a snapshot counts, for a countdown and a countdown in phases alike: its policy,
/// its deliveries, whether it is paused, and its date or time left. Both entries read and write
/// these fields under the same keys (``SnapshotEntryKey``) and in the same way; each adds its own
/// (a countdown its kind, length and ending; a countdown in phases its plan and phase).
struct SnapshotEntryCounting {
  /// Whether time the app spends suspended counts.
  var policy: SuspensionPolicy
  /// Which values are delivered.
  var deliveries: CountdownDeliveries
  /// Whether it is paused.
  var isPaused: Bool
  /// The date it counts to (or from), if it does.
  var date: Date?
  /// The time it has left (or counted), if it counts by time.
  var time: Duration?

  /// The fields as an entry holds them.
  init(policy: SuspensionPolicy, deliveries: CountdownDeliveries, isPaused: Bool, date: Date?, time: Duration?) {
    self.policy = policy
    self.deliveries = deliveries
    self.isPaused = isPaused
    self.date = date
    self.time = time
  }

  /// Reads the fields of an entry of `format` from `container`.
  ///
  /// - Throws: ``CountdownSnapshotError/unreadable`` for a policy this version does not know; the
  ///   decoder's own error for a field that is missing or of the wrong type.
  init(from container: KeyedDecodingContainer<SnapshotEntryKey>, format: Int) throws {
    switch try container.decode(String.self, forKey: .policy) {
    case "keepsRunning": policy = .keepsRunning
    case "pauses": policy = .pauses
    default: throw CountdownSnapshotError.unreadable
    }
    deliveries = try container.decode(Bool.self, forKey: .onlyTheEnd) ? .onlyTheEnd : .everyChange
    // Optional: entries written before milestones, or without them, have none.
    if let milestones = try container.decodeIfPresent([Int].self, forKey: .milestones) {
      deliveries = .milestones(Set(milestones))
    }
    isPaused = try container.decode(Bool.self, forKey: .paused)
    // Format 1 wrote the date through the decoder's date strategy.
    date =
      format == 1
      ? try container.decodeIfPresent(Date.self, forKey: .date)
      : try container.decodeIfPresent(Double.self, forKey: .dateSinceReferenceDate).map(
        Date.init(timeIntervalSinceReferenceDate:))
    time = try container.decodeIfPresent(Int64.self, forKey: .nanoseconds).map(Duration.nanoseconds)
  }

  /// Writes the fields in the current format into `container`, in the order entries always wrote
  /// them.
  ///
  /// - Throws: `EncodingError.invalidValue` for a time beyond 64-bit nanoseconds.
  func encode(to container: inout KeyedEncodingContainer<SnapshotEntryKey>) throws {
    try container.encode(policy == .pauses ? "pauses" : "keepsRunning", forKey: .policy)
    // A reader that knows no milestones takes such an entry for one that delivers only its end.
    try container.encode(deliveries != .everyChange, forKey: .onlyTheEnd)
    if let milestones = deliveries.milestones {
      try container.encode(milestones.sorted(), forKey: .milestones)
    }
    try container.encode(isPaused, forKey: .paused)
    try container.encodeIfPresent(date?.timeIntervalSinceReferenceDate, forKey: .dateSinceReferenceDate)
    try container.encodeIfPresent(time.map(SnapshotEntryCounting.nanoseconds(of:)), forKey: .nanoseconds)
  }

  /// `duration` in the format's integer nanoseconds.
  ///
  /// - Throws: `EncodingError.invalidValue` for a time beyond 64-bit nanoseconds (about 292 years).
  static func nanoseconds(of duration: Duration) throws -> Int64 {
    do {
      return try duration.countdownNanoseconds()
    } catch {
      throw EncodingError.invalidValue(
        duration, .init(codingPath: [], debugDescription: "beyond 64-bit nanoseconds"))
    }
  }
}
