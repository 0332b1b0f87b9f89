public import Foundation

/// What a restore from a ``CountdownSnapshot`` did.
///
/// ```swift
/// let restoration = try manager.restore(snapshot) { id, remaining, _ in
///   store.remaining[id] = remaining
/// }
/// for (id, end) in restoration.ended { store.markEnded(id, at: end) }
/// ```
public struct CountdownRestoration<ID: Hashable & Sendable>: Hashable, Sendable {
  /// Every id restored, in the snapshot's order, the ended ones included.
  public var ids: [ID]
  /// The countdowns that ran out while the app was not running, with the device date they ended,
  /// never after the restore. Each got (or, for a model, shows) its single `0` as well: a late one,
  /// which its handler's call tells with ``CountdownManager/endedAgo(id:)``.
  public var ended: [ID: Date]

  /// A restoration of `ids`, of which `ended` ran out meanwhile.
  public init(ids: [ID], ended: [ID: Date]) {
    self.ids = ids
    self.ended = ended
  }
}
