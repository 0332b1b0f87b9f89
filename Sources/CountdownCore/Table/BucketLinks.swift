/// A node's place in its bucket's doubly linked list.
package struct BucketLinks: Hashable, Sendable {
  package var next = NodeIndex.none
  package var previous = NodeIndex.none
}
