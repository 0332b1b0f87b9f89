/// H+W's entries: a weak reference to the receiver beside the key, which is what ours pays for
/// telling a live receiver from a dead one at the same address. Storing it gives the receiver a
/// side table the first time (an allocation), and every later retain or release of the receiver
/// goes through that table.
struct DenseArrayWeakReceiver: DenseArrayReceiverReference {
  weak var receiver: AnyObject?

  init(_ receiver: AnyObject) {
    self.receiver = receiver
  }

  func refers(to receiver: AnyObject) -> Bool { self.receiver === receiver }
}
