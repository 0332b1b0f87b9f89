/// F's `LXDReceiverNode`: a doubly linked list node. A bucket's header is a node without a
/// receiver whose `count` is the list's length.
final class SevenBucketNode {
  var count = 0
  var receiver: SevenBucketReceiver?
  /// Owns the rest of the list.
  var next: SevenBucketNode?
  /// Not owning: the node before this one (the header, for the first node).
  unowned(unsafe) var previous: SevenBucketNode?

  init(receiver: SevenBucketReceiver? = nil, previous: SevenBucketNode? = nil) {
    self.receiver = receiver
    self.previous = previous
  }
}
