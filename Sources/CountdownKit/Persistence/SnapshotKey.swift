import CountdownCore
import Foundation

/// One countdown to write into a snapshot: the app's id, the object that keys it in the engine,
/// and what the Kit keeps of it beside the engine (its length; for a model that ended, when).
/// Everything else comes from one engine reading, so an entry never mixes two registrations.
struct SnapshotKey<ID> {
  var id: ID
  var receiver: AnyObject
  /// A countdown's length, start to end; `nil` for a count-up.
  var length: Duration?
  /// For an observable model that shows its ended countdown (which the engine no longer holds):
  /// the date it ended, on the device's clock.
  var endedAt: Date? = nil
}
