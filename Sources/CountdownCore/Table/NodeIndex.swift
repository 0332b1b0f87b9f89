/// The position of a node in ``ReceiverTable``'s dense pool.
///
/// Its own type, so that a plain number (such as a bucket's) can never be passed where a node
/// position goes. Stored as 32 bits: the links of every node cost 8 bytes, and 2³¹ receivers is
/// far beyond any use.
package struct NodeIndex: Hashable, Sendable {
  package var rawValue: Int32

  package init(_ position: Int) {
    rawValue = Int32(truncatingIfNeeded: position)
  }

  /// The end of a bucket's list.
  package static let none = NodeIndex(rawValue: -1)

  private init(rawValue: Int32) { self.rawValue = rawValue }

  package var position: Int { Int(rawValue) }
  package var isNone: Bool { rawValue < 0 }
}
