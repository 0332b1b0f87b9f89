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
