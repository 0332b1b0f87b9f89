/// H's entries: the key alone, no reference to the receiver (zero bytes). An entry of a dead
/// receiver is then taken for that of any object later allocated at its address.
struct DenseArrayKeyOnly: DenseArrayReceiverReference {
  init(_ receiver: AnyObject) {}

  func refers(to receiver: AnyObject) -> Bool { true }
}
