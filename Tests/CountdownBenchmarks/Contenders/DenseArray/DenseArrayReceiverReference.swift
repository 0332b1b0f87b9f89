/// How H's entries refer to their receivers: by key alone (H, ``DenseArrayKeyOnly``), or by key
/// and a weak reference, as ours does (H+W, ``DenseArrayWeakReceiver``).
///
/// A generic parameter, not a flag, so that H's entries carry no field it does not use and its
/// code has no branch: each variant is compiled on its own.
protocol DenseArrayReceiverReference {
  init(_ receiver: AnyObject)
  /// Whether this entry belongs to `receiver` (alive), not to a dead object that lived at its
  /// address.
  func refers(to receiver: AnyObject) -> Bool
}
