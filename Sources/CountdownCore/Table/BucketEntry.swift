/// A node's key and its place in its bucket's doubly linked list: everything a lookup reads of a
/// node, 16 bytes, so that following a chain costs one cache miss per step.
package struct BucketEntry: Sendable {
  package var key: ObjectIdentifier
  package var next = NodeIndex.none
  package var previous = NodeIndex.none

  package init(key: ObjectIdentifier) {
    self.key = key
  }
}
