/// The number of one bucket of ``ReceiverTable``: its own type, so that it is never passed where a
/// node position (``NodeIndex``) goes.
package struct BucketIndex: Hashable, Sendable {
  package var position: Int
}
