import CountdownCore

/// One registration to write into a snapshot: the app's id, the object that keys it in the
/// engine, and what it delivers (which the Kit records at start; the engine's timing does not keep it).
struct SnapshotKey<ID> {
  var id: ID
  var receiver: AnyObject
  var deliveries: CountdownDeliveries
}
