import CountdownCore
import Dispatch

/// F: a port of the original design this library replaces (LXDTimerManager): a fixed table of
/// 7 buckets keyed by the receiver's address, each bucket a doubly linked list of class nodes
/// behind a header that holds its length, a chain walk on insert to find a receiver registered
/// twice, one `DispatchSourceTimer` on a serial queue, and on every tick `lefttime -= 1` and a
/// callback for every node, under a `DispatchSemaphore` that also guards every mutation.
///
/// Kept as the original did it: the tick dispatches one block per bucket to the delivery queue
/// (the main queue in the original; a private serial queue here), each block walks its bucket
/// holding the semaphore, callbacks included. Changes, all in the port's favour or needed to run it:
/// - the bucket is the address hashed (the original read the object's first 16 bytes); 7 buckets
///   as this project's brief describes it (the original file says 8);
/// - the two list reads the original made outside the semaphore (a data race) are made inside it;
/// - `cancel` is built from the original hash map's `lookupReceiver` and `destoryNode` (the
///   original manager has no cancel);
/// - the timer can be left off (`startsTimerOnRegister = false`) so that registration and the
///   tick can be timed alone.
final class SevenBucketTimerManager: @unchecked Sendable {
  // @unchecked Sendable: the bucket lists, their counts and `timer` are read and written only
  // while holding `lock` (a DispatchSemaphore of value 1), as in the original.
  static let bucketCount = 7

  private let headers: [SevenBucketNode]
  private let lock = DispatchSemaphore(value: 1)
  private let timerQueue = DispatchQueue(label: "benchmark.seven-bucket.timer")
  let deliveryQueue = DispatchQueue(label: "benchmark.seven-bucket.delivery")
  private var timer: (any DispatchSourceTimer)?
  private let interval: DispatchTimeInterval
  private let startsTimerOnRegister: Bool

  init(interval: Duration, startsTimerOnRegister: Bool) {
    headers = (0..<Self.bucketCount).map { _ in SevenBucketNode() }
    self.interval = .nanoseconds(Int(interval.nanosecondsSaturating))
    self.startsTimerOnRegister = startsTimerOnRegister
  }

  deinit {
    timer?.cancel()
    removeAll()
  }

  /// The original's `obj_hash_code`, on the address instead of the object's bytes.
  @inline(__always)
  private static func bucket(of address: UInt) -> Int {
    Int((address >> 4) % UInt(bucketCount))
  }

  private static func address(of receiver: AnyObject) -> UInt {
    UInt(bitPattern: ObjectIdentifier(receiver))
  }

  // MARK: - The manager

  /// `registerCountDown:forSeconds:withReceiver:` (here the count is in ticks).
  func register(_ receiver: AnyObject, ticks lefttime: Int, callback: @escaping SevenBucketCallback) {
    guard lefttime > 0 else { return }
    lock.wait()
    insertReceiver(Self.address(of: receiver), callback: callback, lefttime: lefttime)
    if startsTimerOnRegister { startupTimer() }
    lock.signal()
  }

  /// Built from the hash map's `lookupReceiver` and `destoryNode`.
  @discardableResult
  func cancel(_ receiver: AnyObject) -> Bool {
    let address = Self.address(of: receiver)
    lock.wait()
    defer { lock.signal() }
    let header = headers[Self.bucket(of: address)]
    guard let node = lookupReceiver(address, in: header) else { return false }
    destroyNode(node)
    header.count -= 1
    return true
  }

  /// Starts the timer (what the first registration does when `startsTimerOnRegister`).
  func startTimer() {
    lock.wait()
    startupTimer()
    lock.signal()
  }

  /// Stops the timer and waits until no tick is running or queued.
  func stopTimer() {
    lock.wait()
    let timer = self.timer
    self.timer = nil
    lock.signal()
    timer?.cancel()
    timerQueue.sync {}
    deliveryQueue.sync {}
  }

  /// The original `_countDown`: one block per bucket to the delivery queue, then the lazy cancel.
  private func countDown() {
    for offset in 0..<Self.bucketCount {
      deliveryQueue.async { [self] in
        lock.wait()
        walk(headers[offset])
        lock.signal()
      }
    }
    lock.wait()
    let receiversCount = headers.reduce(0) { $0 + $1.count }
    if receiversCount == 0, let timer {
      timer.cancel()
      self.timer = nil
    }
    lock.signal()
  }

  /// One tick, driven directly on the calling thread with no timer: every bucket's walk.
  func tickDirectly() {
    for header in headers {
      lock.wait()
      walk(header)
      lock.signal()
    }
  }

  /// The body of the original's per-bucket block: decrement, call back, drop finished nodes.
  /// Call holding `lock`.
  private func walk(_ header: SevenBucketNode) {
    var node = header.next
    while let current = node {
      let receiver = current.receiver!
      let next = current.next
      receiver.lefttime -= 1
      var isStop = false
      receiver.callback(receiver.lefttime, &isStop)
      if receiver.lefttime <= 0 || isStop {
        destroyNode(current)
        header.count -= 1
      }
      node = next
    }
  }

  /// The original `_startupTimer`: a repeating timer from now, no leeway. Call holding `lock`.
  private func startupTimer() {
    guard timer == nil else { return }
    let timer = DispatchSource.makeTimerSource(queue: timerQueue)
    timer.schedule(deadline: .now(), repeating: interval, leeway: .nanoseconds(0))
    timer.setEventHandler { [weak self] in self?.countDown() }
    timer.activate()
    self.timer = timer
  }

  // MARK: - The hash map (LXDReceiverHashmap)

  /// `insertReceiver`: walk the bucket's chain for the same address (replace it), else append at
  /// the tail. Call holding `lock`.
  @discardableResult
  private func insertReceiver(_ address: UInt, callback: @escaping SevenBucketCallback, lefttime: Int) -> Bool {
    let header = headers[Self.bucket(of: address)]
    guard let first = header.next else {
      let receiver = SevenBucketReceiver(objaddr: address, callback: callback, lefttime: lefttime)
      header.next = SevenBucketNode(receiver: receiver, previous: header)
      header.count += 1
      return true
    }
    // The chain walk, with plain pointers as in the C++ original (no retain/release per node);
    // every node is owned by the list, which cannot change while `lock` is held.
    unowned(unsafe) var node = first
    while true {
      if node.receiver.unsafelyUnwrapped.objaddr == address {
        node.receiver!.callback = callback
        node.receiver!.lefttime = lefttime
        return false
      }
      guard let next = node.next else { break }
      node = next
    }
    let receiver = SevenBucketReceiver(objaddr: address, callback: callback, lefttime: lefttime)
    node.next = SevenBucketNode(receiver: receiver, previous: node)
    header.count += 1
    return true
  }

  /// `lookupReceiver`. Call holding `lock`.
  private func lookupReceiver(_ address: UInt, in header: SevenBucketNode) -> SevenBucketNode? {
    var node = header.next
    while let current = node {
      if current.receiver!.objaddr == address { return current }
      node = current.next
    }
    return nil
  }

  /// `destoryNode`: unlink. Call holding `lock`.
  private func destroyNode(_ node: SevenBucketNode) {
    if let next = node.next {
      next.previous = node.previous
      node.previous!.next = next
    } else {
      node.previous!.next = nil
    }
    node.next = nil
  }

  /// Frees every node front to back, so no list is released by a deep chain of deinits.
  func removeAll() {
    lock.wait()
    for header in headers {
      while let first = header.next {
        header.next = first.next
        first.next = nil
      }
      header.count = 0
    }
    lock.signal()
  }

  /// How many countdowns the buckets hold.
  var count: Int {
    lock.wait()
    defer { lock.signal() }
    return headers.reduce(0) { $0 + $1.count }
  }
}
