/// One registration's identity and handler: a class instance made per `register` call.
///
/// Its identity tells registrations of the same receiver apart (a delivery prepared for a replaced
/// registration is recognized and dropped), and a delivery pass refers to it unretained, calling
/// its handler without reference counting per callback. That is safe because a registration removed
/// while a pass runs is parked in ``EngineState/retired`` until the pass ends, which also keeps its
/// address from being reused within the pass.
package final class Registration {
  /// What to call on each change. A `let` of a class instance: a call through an unretained
  /// reference borrows it without a retain.
  package let call: CountdownHandler
  /// The receiver, held `unowned`: never retained (its deinit runs when its owners let go), but
  /// its memory stays reserved while this registration exists, so no other object can take its
  /// address and be mistaken for it. Never read (reading a dead receiver would trap); unlike a weak
  /// reference, it needs no side table and leaves the object's reference counting on the fast path.
  private unowned let pin: AnyObject

  package init(receiver: AnyObject, call: @escaping CountdownHandler) {
    pin = receiver
    self.call = call
  }
}
