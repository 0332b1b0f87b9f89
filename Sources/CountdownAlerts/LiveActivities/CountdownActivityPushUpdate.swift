public import CountdownKit
public import Foundation

/// What ``CountdownActivityPushes`` hands the app for its push server, at each change the server
/// needs of a countdown in phases that has a Live Activity: the id, the activity's push token, and
/// the countdown's snapshot, for ``CountdownKit/CountdownPushScheduler`` (or the app's own server)
/// to follow; or the word to stop.
public struct CountdownActivityPushUpdate<ID: Hashable & Sendable & Codable>: Hashable, Sendable {
  /// What changed, and what the server does with it.
  ///
  /// An enum, complete by design: the server follows a snapshot, takes a new token, or stops.
  public enum Change: Hashable, Sendable {
    /// The countdown's schedule changed, or is handed over for the first time (its activity's
    /// first token, a start, a pause, a resume, a skip, a restart, going back, a seek, time added
    /// or taken, a plan replaced): follow ``CountdownActivityPushUpdate/snapshot`` from now on
    /// (``CountdownKit/CountdownPushScheduler/follow(_:id:token:lookAhead:)``), in place of what
    /// was followed.
    case follow
    /// Only the activity's push token changed: send the pushes to
    /// ``CountdownActivityPushUpdate/pushToken`` from now on
    /// (``CountdownKit/CountdownPushScheduler/updateToken(_:id:)``). The snapshot is the
    /// countdown's now, which lays out the same pushes as the last one handed over.
    case token
    /// The countdown ended (its plan's end), was cancelled, or no longer walks a plan, or its
    /// activities ended: stop sending its pushes
    /// (``CountdownKit/CountdownPushScheduler/stop(id:)``). ``CountdownActivityPushUpdate/snapshot``
    /// is `nil`; the token is the last one handed over.
    case stop
  }

  /// The id of the countdown in phases.
  public let id: ID
  /// What changed.
  public let change: Change
  /// The activity's push token, in lowercase hexadecimal (``CountdownActivityPushToken/hexString``).
  public let pushToken: String
  /// The countdown's snapshot, with its one entry in ``CountdownKit/CountdownSnapshot/phaseEntries``,
  /// taken after the change; `nil` for ``Change/stop``.
  public let snapshot: CountdownSnapshot<ID>?

  /// An update of `id`: `change`, with `pushToken` and `snapshot`.
  public init(id: ID, change: Change, pushToken: String, snapshot: CountdownSnapshot<ID>?) {
    self.id = id
    self.change = change
    self.pushToken = pushToken
    self.snapshot = snapshot
  }

  /// ``snapshot`` as JSON, as ``CountdownKit/CountdownSnapshot`` encodes itself (what
  /// `CountdownSnapshot(decoding:)` reads on the server); `nil` for ``Change/stop``.
  ///
  /// - Throws: The `EncodingError` of `JSONEncoder`, for a snapshot it cannot write.
  /// - Complexity: O(*p*) in the phases written in the plan.
  public func encodedSnapshot() throws -> Data? {
    try snapshot.map { try JSONEncoder().encode($0) }
  }
}
