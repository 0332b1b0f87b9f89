/// One registration's identity, receiver and handler: a class instance made per `register` call.
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
  /// The receiver, weakly: never retained, and `nil` once it is gone. Once the receiver is gone,
  /// another object may be allocated at its address and so have the same key; a lookup by receiver
  /// compares this reference with the object it was given, so that object is never taken for the
  /// dead one (``isRegistration(of:)``). A weak reference, not `unowned`: on Apple platforms an
  /// `unowned` reference to an Objective-C object (every `NSObject` subclass: views, cells) is a
  /// weak one in disguise and reserves no memory, so only the comparison is right everywhere.
  /// Read only by API calls, never by the tick.
  private weak var receiver: AnyObject?

  package init(receiver: AnyObject, call: @escaping CountdownHandler) {
    key = ObjectIdentifier(receiver)
    self.receiver = receiver
    self.call = call
  }

  /// Whether this registration belongs to `object`, which is alive (the caller holds it): false
  /// when its own receiver is gone, even if `object` now lives at the same address.
  ///
  /// Cannot run a deinit: the reference it loads, if any, is `object` itself, which the caller keeps
  /// alive, so releasing it again is never the last release.
  @inline(__always)
  package func isRegistration(of object: AnyObject) -> Bool {
    receiver === object
  }

  /// Whether the receiver is still alive. Never under the engine's lock: releasing the reference
  /// it loads may be the last release, which runs the receiver's deinit.
  package var hasLiveReceiver: Bool {
    receiver != nil
  }
}
