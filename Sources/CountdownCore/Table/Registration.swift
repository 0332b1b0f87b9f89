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
  /// The receiver's key. The delivery pass reads it from every registration of a chunk in one tight
  /// loop before making the calls: independent loads, so the registrations come into cache
  /// together instead of one miss before each call.
  package let key: ObjectIdentifier

  package init(key: ObjectIdentifier, call: @escaping CountdownHandler) {
    self.key = key
    self.call = call
  }
}
