/// F's `LXDReceiver`: a countdown's ticks left, its receiver's address, and its callback
/// (a separate allocation from its node, as in the original).
final class SevenBucketReceiver {
  var lefttime: Int
  let objaddr: UInt
  var callback: SevenBucketCallback

  init(objaddr: UInt, callback: @escaping SevenBucketCallback, lefttime: Int) {
    self.objaddr = objaddr
    self.callback = callback
    self.lefttime = lefttime
  }
}

/// F's callback: `(leftTime, &isStop)`.
typealias SevenBucketCallback = @Sendable (_ lefttime: Int, _ isStop: inout Bool) -> Void

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
