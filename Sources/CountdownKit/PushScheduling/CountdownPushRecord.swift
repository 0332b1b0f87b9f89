public import Foundation

/// What a ``CountdownPushScheduler`` saves of one followed id, so that a new process goes on where
/// the last one stopped: the app's snapshot, the push token, the schedule's first date and
/// look-ahead, and how many of its steps went out.
///
/// ```swift
/// if let record = scheduler.record(id: "pomodoro") {
///   print(record.token, record.sentCount)
/// }
/// ```
///
/// The schedule is laid out again from the record
/// (``CountdownSnapshot/pushSchedule(id:lookAhead:from:limit:)`` from ``scheduledFrom``), the same
/// steps in the same order, so ``sentCount`` names the steps already sent.
public struct CountdownPushRecord<ID: Hashable & Sendable & Codable>: Hashable, Sendable {
  /// The followed id.
  public let id: ID
  /// The activity's push token.
  public internal(set) var token: String
  /// The snapshot the app posted last.
  public let snapshot: CountdownSnapshot<ID>
  /// How many phases after the current one each push's window holds.
  public let lookAhead: Int
  /// The schedule's first send date: when the snapshot was followed.
  public let scheduledFrom: Date
  /// How many of the schedule's steps are recorded as sent, or passed over for a later one that
  /// was sent (a step due while the scheduler was down or retrying).
  public internal(set) var sentCount: Int

  @usableFromInline
  init(id: ID, token: String, snapshot: CountdownSnapshot<ID>, lookAhead: Int, scheduledFrom: Date) {
    self.id = id
    self.token = token
    self.snapshot = snapshot
    self.lookAhead = lookAhead
    self.scheduledFrom = scheduledFrom
    sentCount = 0
  }

  // The scheduler's inlinable paths change the record through these: they cannot reach the
  // internal setters.

  /// Sets ``token``.
  @usableFromInline
  mutating func setToken(_ token: String) {
    self.token = token
  }

  /// Sets ``sentCount``.
  @usableFromInline
  mutating func setSentCount(_ count: Int) {
    sentCount = count
  }
}

extension CountdownPushRecord: Codable {
  enum CodingKeys: String, CodingKey {
    case id
    case token
    case snapshot
    case lookAhead
    case scheduledFrom
    case sentCount
  }

  /// Decodes a record, checking what the scheduler relies on.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for an empty token, a negative look-ahead or sent
  ///   count, or a date that is not finite; what the decoder throws.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(ID.self, forKey: .id)
    token = try container.decode(String.self, forKey: .token)
    snapshot = try container.decode(CountdownSnapshot<ID>.self, forKey: .snapshot)
    lookAhead = try container.decode(Int.self, forKey: .lookAhead)
    let from = try container.decode(Double.self, forKey: .scheduledFrom)
    scheduledFrom = Date(timeIntervalSinceReferenceDate: from)
    sentCount = try container.decode(Int.self, forKey: .sentCount)
    guard !token.isEmpty, lookAhead >= 0, sentCount >= 0, from.isFinite else {
      throw DecodingError.dataCorruptedError(
        forKey: .sentCount, in: container,
        debugDescription: "an empty token, a negative look-ahead or sent count, or a date that is not finite")
    }
  }

  /// Encodes the record; its date as the exact seconds a `Date` holds, whatever the encoder's date
  /// strategy, so that the schedule laid out again from it is the same.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(token, forKey: .token)
    try container.encode(snapshot, forKey: .snapshot)
    try container.encode(lookAhead, forKey: .lookAhead)
    try container.encode(scheduledFrom.timeIntervalSinceReferenceDate, forKey: .scheduledFrom)
    try container.encode(sentCount, forKey: .sentCount)
  }
}
