/// A registration's handler as its node stores it: a struct around the closure, not the closure.
///
/// Why a struct: a closure reached through a generic (an `UnsafeMutablePointer<CountdownHandler>`,
/// `withUnsafeMutablePointer(to:)`, a key path) is kept at another abstraction than a closure
/// stored in a struct's field: taking its address through one makes a reabstracted temporary
/// (a thunk, a heap allocation) and hands out that temporary's address. Through a struct the
/// closure stays as the node stores it, so ``UnownedHandler`` can copy its words and call them.
package struct NodeHandler {
  package var call: CountdownHandler

  package init(_ call: @escaping CountdownHandler) {
    self.call = call
  }
}
